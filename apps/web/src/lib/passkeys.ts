import type { PasskeyCeremony } from '@console/contract';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's side of a passkey (decision 031), with SimpleWebAuthn's browser library, loaded when a passkey is used
 * (not with every screen). The console begins the ceremony, the browser asks the person (their fingerprint, face,
 * PIN or security key), and the answer goes back with the ceremony's token.
 */

/** A passkey ceremony the person did not finish: said in their words. */
export class PasskeyNotUsed extends Error {}

function inWords(error: unknown): Error {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return new PasskeyNotUsed(
      'The passkey was not used: the browser’s prompt was closed or timed out. Try again.',
    );
  if (name === 'InvalidStateError')
    return new PasskeyNotUsed('This device already has a passkey for your account here.');
  if (name === 'SecurityError' || name === 'NotSupportedError')
    return new PasskeyNotUsed('This browser cannot use passkeys on this address.');
  return error instanceof Error ? error : new Error(String(error));
}

export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Signs with a passkey for the ceremony the console begins (`begin`: the call to its options route). */
export async function signWithPasskey(begin: () => Promise<PasskeyCeremony>) {
  const begun = await begin();
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    const response = await startAuthentication({
      optionsJSON: begun.options as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
    return { ceremony: begun.ceremony, response: { ...response } };
  } catch (error) {
    throw inWords(error);
  }
}

/** Makes a new passkey for the ceremony the console begins (`begin`: the call to its options route). */
export async function makePasskey(begin: () => Promise<PasskeyCeremony>) {
  const begun = await begin();
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    const response = await startRegistration({
      optionsJSON: begun.options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
    return { ceremony: begun.ceremony, response: { ...response } };
  } catch (error) {
    throw inWords(error);
  }
}

import { newId, type PasskeyCeremony } from '@console/contract';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Db } from '../db/index.ts';
import type { AuthChallenges } from './challenges.ts';

/** Where passkeys are made and used: the console's host name (the RP ID) and its origin, as the browser sees them. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * The console's relying party: the address people reach it at (`PUBLIC_URL`, what they type; decisions 031 and 035),
 * never anything a request says about itself, so no Host or Origin header can make a passkey for another site.
 */
export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}

const CEREMONY_MS = 5 * 60_000;
/**
 * EdDSA, ES256, RS256 — what passkeys use. Named here so the library does not probe Node's experimental
 * post-quantum Web Crypto (which prints a warning on every ceremony).
 */
const ALGORITHMS = [-8, -7, -257];
type RegisterPurpose = 'passkey.register' | 'passkey.link';
type UsePurpose = 'passkey.sign_in' | 'passkey.prove';
const now = () => new Date().toISOString();

/**
 * Passkeys (WebAuthn, with SimpleWebAuthn; decision 031). Made resident (discoverable) and with user verification
 * required, so a passkey alone is a phishing-resistant sign-in: something held, unlocked by something known or been.
 * A passkey is a second-factor row of kind `passkey`; its counter moves forward in one conditional update.
 */
export class Passkeys {
  constructor(
    private readonly db: Db,
    private readonly challenges: AuthChallenges,
    private readonly rpName: string,
  ) {}

  /** Options for the browser to make a new passkey for this person, and the ceremony's token. */
  async registrationOptions(
    user: { id: string; email: string; name: string },
    rp: RelyingParty,
    purpose: RegisterPurpose,
  ): Promise<PasskeyCeremony> {
    const existing = await this.#credentialsOf(user.id);
    const options = await generateRegistrationOptions({
      rpName: this.rpName,
      rpID: rp.id,
      userName: user.email,
      userDisplayName: user.name,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({
        id: c.id,
        ...(c.transports ? { transports: c.transports } : {}),
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      supportedAlgorithmIDs: ALGORITHMS,
      timeout: CEREMONY_MS,
    });
    const ceremony = await this.challenges.put(
      purpose,
      user.id,
      { challenge: options.challenge, rp },
      CEREMONY_MS,
    );
    return { ceremony, options: { ...options } };
  }

  /**
   * Verifies the browser's new passkey and keeps it under the name given. Null when the ceremony is not this
   * person's, is past or used, the answer does not verify, or the passkey is one the console keeps already (never
   * reported as new: decision 035).
   */
  async register(
    userId: string,
    ceremony: string,
    response: unknown,
    name: string,
    purpose: RegisterPurpose,
  ): Promise<{ id: string } | null> {
    const waiting = await this.challenges.take<{ challenge: string; rp: RelyingParty }>(ceremony, purpose);
    if (!waiting || waiting.userId !== userId) return null;
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: waiting.data.challenge,
        expectedOrigin: waiting.data.rp.origin,
        expectedRPID: waiting.data.rp.id,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      });
    } catch {
      return null;
    }
    if (!verified.verified) return null;
    const { credential } = verified.registrationInfo;
    const id = newId('factor');
    const at = now();
    const made = await this.db
      .insertInto('user_factors')
      .values({
        id,
        user_id: userId,
        kind: 'passkey',
        name,
        secret: null,
        created_at: at,
        confirmed_at: at,
        last_used_at: null,
        last_step: null,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        sign_count: credential.counter,
        transports: credential.transports?.join(',') ?? null,
      })
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .executeTakeFirst();
    return Number(made.numInsertedOrUpdatedRows ?? 0n) === 1 ? { id } : null;
  }

  /**
   * Options for the browser to sign with a passkey: any of the console's (a sign-in, where the passkey names the
   * person), or only this person's (proving it again).
   */
  async authenticationOptions(
    rp: RelyingParty,
    purpose: UsePurpose,
    userId: string | null,
  ): Promise<PasskeyCeremony> {
    const allow = userId ? await this.#credentialsOf(userId) : [];
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'required',
      allowCredentials: allow.map((c) => ({
        id: c.id,
        ...(c.transports ? { transports: c.transports } : {}),
      })),
      timeout: CEREMONY_MS,
    });
    const ceremony = await this.challenges.put(
      purpose,
      userId,
      { challenge: options.challenge, rp },
      CEREMONY_MS,
    );
    return { ceremony, options: { ...options } };
  }

  /**
   * The person whose passkey signed the challenge, or null (unknown passkey, another person's when one was asked,
   * a signature or counter that does not verify, a ceremony past or used).
   */
  async authenticate(ceremony: string, response: unknown, purpose: UsePurpose): Promise<string | null> {
    const waiting = await this.challenges.take<{ challenge: string; rp: RelyingParty }>(ceremony, purpose);
    const answer = response as AuthenticationResponseJSON;
    if (!waiting || typeof answer?.id !== 'string') return null;
    const row = await this.db
      .selectFrom('user_factors')
      .select(['id', 'user_id', 'credential_id', 'public_key', 'sign_count', 'transports'])
      .where('credential_id', '=', answer.id)
      .where('kind', '=', 'passkey')
      .executeTakeFirst();
    if (!row?.credential_id || !row.public_key) return null;
    if (waiting.userId !== null && waiting.userId !== row.user_id) return null;
    const stored = Number(row.sign_count ?? 0);
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response: answer,
        expectedChallenge: waiting.data.challenge,
        expectedOrigin: waiting.data.rp.origin,
        expectedRPID: waiting.data.rp.id,
        credential: {
          id: row.credential_id,
          publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
          counter: stored,
          ...(row.transports ? { transports: row.transports.split(',') } : {}),
        },
        requireUserVerification: true,
      });
    } catch {
      return null;
    }
    if (!verified.verified) return null;
    const next = verified.authenticationInfo.newCounter;
    // A counter that moves (some authenticators keep it at 0) must move forward: a cloned key is refused.
    const taken = await this.db
      .updateTable('user_factors')
      .set({ sign_count: next, last_used_at: now() })
      .where('id', '=', row.id)
      .where((eb) =>
        next === 0 && stored === 0
          ? eb('sign_count', '=', 0)
          : eb.or([eb('sign_count', 'is', null), eb('sign_count', '<', next)]),
      )
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? row.user_id : null;
  }

  async #credentialsOf(userId: string) {
    const rows = await this.db
      .selectFrom('user_factors')
      .select(['credential_id', 'transports'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'passkey')
      .execute();
    return rows.flatMap((r) =>
      r.credential_id
        ? [
            {
              id: r.credential_id,
              // As the browser gave them at registration (WebAuthn's names).
              transports: r.transports ? r.transports.split(',') : undefined,
            },
          ]
        : [],
    );
  }
}

import { proofApi, type RouteBody } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api.ts';

/**
 * Proving it is oneself again (decisions 029, 031, 035): the shell's dialog (components/prove-it-again.tsx) asks it of
 * any screen, so its calls are here rather than in a feature.
 */

/** One's ways in, for the dialog to offer the strongest: ['account', 'factors'], the account page's own query. */
export const ownFactorsQuery = queryOptions({
  queryKey: ['account', 'factors'],
  queryFn: ({ signal }) => call(proofApi.factors, { signal }),
});

/** With a code from one's app, or the password for a person without a factor. */
export const proveAgain = (body: RouteBody<typeof proofApi.prove>) => call(proofApi.prove, { body });

/** With one of one's passkeys: the browser asks for it. */
export async function proveWithPasskey() {
  const { signWithPasskey } = await import('./passkeys.ts');
  const passkey = await signWithPasskey(() => call(proofApi.provePasskeyOptions, {}));
  return proveAgain({ passkey });
}

/** At the office's provider: where to send the browser, which comes back to `returnTo`. */
export const proveAtProvider = (returnTo: string) =>
  call(proofApi.proveSingleSignOn, { body: { return_to: returnTo } });

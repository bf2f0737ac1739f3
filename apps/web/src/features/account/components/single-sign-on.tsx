import { useSearchParams } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useProveItAgain } from '../../../components/prove-it-again.tsx';
import { notify } from '../../../components/toasts.tsx';
import { useAgentWords } from '../../../lib/agent-words-lazy.ts';
import { useConnectSingleSignOn, useDisconnectSingleSignOn, useFactors } from '../api/account.ts';

/** What single sign-on's way back to the account page may say (`/account?sso=…`). */
const OUTCOMES = ['connected', 'identity_in_use', 'unknown_identity'] as const;

/**
 * One's identity at the office's provider (decision 035): connected by its person, signed in and freshly proved, the
 * provider asking them to sign in there again; never by an e-mail address alone. Then "Sign in with …" signs them in.
 */
export function SingleSignOnCard() {
  const factors = useFactors();
  const connect = useConnectSingleSignOn();
  const disconnect = useDisconnectSingleSignOn();
  const proof = useProveItAgain();
  const [params, setParams] = useSearchParams();
  const outcome = OUTCOMES.find((o) => o === params.get('sso'));
  const lexicon = useAgentWords();
  const provider = factors.data?.single_sign_on;
  if (!provider) return null;
  return (
    <section aria-labelledby="sso-title" className="card stack">
      {proof.dialog}
      <h2 id="sso-title">Sign in with {provider.name}</h2>
      {outcome === 'connected' && (
        <p role="status" className="notice">
          Connected: “Sign in with {provider.name}” signs you in from now on.
        </p>
      )}
      {(outcome === 'identity_in_use' || outcome === 'unknown_identity') && lexicon && (
        <div role="alert" className="notice notice-error">
          <strong>{lexicon.AGENT_WORDS[outcome].say}</strong> {lexicon.AGENT_WORDS[outcome].todo}
        </div>
      )}
      {provider.connected ? (
        <div className="row">
          <p>Your account is connected to {provider.name}.</p>
          <button
            type="button"
            className="button"
            disabled={disconnect.isPending}
            onClick={() => {
              const run = () =>
                disconnect.mutate(undefined, {
                  onSuccess: () => notify('Disconnected', `${provider.name} no longer signs you in.`),
                  onError: (error) => proof.ask(error, run),
                });
              run();
            }}
          >
            Disconnect
          </button>
        </div>
      ) : (
        <div className="row">
          <p className="muted">
            Connect your {provider.name} account to sign in with it. {provider.name} asks you to sign in there
            again.
          </p>
          <button
            type="button"
            className="button"
            disabled={connect.isPending}
            onClick={() => {
              setParams({}, { replace: true });
              const run = () => connect.mutate(undefined, { onError: (error) => proof.ask(error, run) });
              run();
            }}
          >
            Connect {provider.name}
          </button>
        </div>
      )}
      {connect.error && !proof.dialog && <ErrorNotice error={connect.error} title="Not connected" />}
      {disconnect.error && !proof.dialog && <ErrorNotice error={disconnect.error} title="Not disconnected" />}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { passkeysSupported } from '../../../lib/passkeys.ts';
import { useAcceptLink, useAcceptWithPasskey, useLinkInfo } from '../api/links.ts';

/**
 * A one-time link (decision 030): an invitation, or a password reset an admin made. The token is the link's
 * #fragment, which the browser never sends: it goes to the console in a request's body only.
 */
export function WelcomePage() {
  const [token, setToken] = useState(() => window.location.hash.slice(1));
  // A newer link opened in the tab of an older one (a resent invitation after the refused one) changes only the
  // fragment: the page follows it rather than keep the old link's answer (decision 041).
  useEffect(() => {
    const follow = () => setToken(window.location.hash.slice(1));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const info = useLinkInfo(token);
  const accept = useAcceptLink();
  const withPasskey = useAcceptWithPasskey();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const mismatch = again !== '' && again !== password ? 'Type the same password twice.' : undefined;
  const refused =
    accept.error instanceof ApiError && accept.error.param === 'password'
      ? accept.error.message.replace('password: ', '')
      : undefined;
  return (
    <main className="sign-in">
      <div className="card sign-in-card stack">
        <h1>Booking console</h1>
        {!token && <p className="notice">This page opens from the link in your invitation.</p>}
        {info.isPending && token && <p className="loading">Reading your link…</p>}
        {info.error && <ErrorNotice error={info.error} title="This link does not work" />}
        {info.data && (
          <form
            aria-label="Choose your password"
            className="stack"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (mismatch || !password) return;
              accept.mutate(
                { token, password },
                {
                  // A person with a second factor gives it next: the sign-in page's second step.
                  onSuccess: (answer) =>
                    void navigate('user' in answer ? '/flights' : '/sign-in?step=second-factor', {
                      replace: true,
                    }),
                },
              );
            }}
          >
            <p>
              {info.data.purpose === 'invite' ? 'Welcome' : 'Hello'}, <strong>{info.data.name}</strong> (
              {info.data.email}).{' '}
              {info.data.purpose === 'invite'
                ? 'Choose the password you will sign in with.'
                : 'Choose a new password: your sessions elsewhere end.'}
              {info.data.second_factor &&
                ' Then confirm it is you with your passkey, your authenticator app or a recovery code: the new password counts once you have.'}
            </p>
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              description="At least 12 characters; not a well-known password, nor your name. A few unrelated words work well."
              value={password}
              onChange={setPassword}
              error={refused ? `${refused[0]?.toUpperCase()}${refused.slice(1)}` : undefined}
            />
            <TextField
              label="The same password again"
              type="password"
              autoComplete="new-password"
              value={again}
              onChange={setAgain}
              error={mismatch}
            />
            {accept.error && !refused && <ErrorNotice error={accept.error} title="Not done" />}
            <button type="submit" className="button primary" disabled={accept.isPending}>
              {accept.isPending ? 'Saving…' : 'Save and sign in'}
            </button>
          </form>
        )}
        {info.data && !info.data.second_factor && passkeysSupported() && (
          <section aria-label="Or a passkey" className="stack">
            <p className="muted">
              Or sign in with a passkey instead of a password: your fingerprint, face or device PIN, and
              nothing to remember or to be phished.
            </p>
            <button
              type="button"
              className="button"
              disabled={withPasskey.isPending}
              onClick={() =>
                withPasskey.mutate(token, { onSuccess: () => void navigate('/flights', { replace: true }) })
              }
            >
              {withPasskey.isPending ? 'Waiting for the browser…' : 'Use a passkey instead'}
            </button>
            {withPasskey.error && <ErrorNotice error={withPasskey.error} title="No passkey made" />}
          </section>
        )}
      </div>
    </main>
  );
}

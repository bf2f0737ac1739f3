import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useNotMeByLink } from '../api/links.ts';

/**
 * "This was not me", from the e-mail that told a person a way in was added to their account (decision 035). The token
 * is the link's #fragment, which the browser never sends: it goes to the console in a request's body only, and only
 * when the person confirms here.
 */
export function NotMePage() {
  const [token] = useState(() => window.location.hash.slice(1));
  const notMe = useNotMeByLink();
  return (
    <main className="sign-in">
      <div className="card sign-in-card stack">
        <h1>Booking console</h1>
        {!token && <p className="notice">This page opens from the link in the console’s e-mail.</p>}
        {token && !notMe.isSuccess && (
          <>
            <p>
              Was it not you who added a way to sign in to your account? The console removes it and signs you
              out everywhere.
            </p>
            <button
              type="button"
              className="button danger"
              disabled={notMe.isPending}
              onClick={() => notMe.mutate(token)}
            >
              {notMe.isPending ? 'Signing out everywhere…' : 'This was not me: remove it and sign me out'}
            </button>
          </>
        )}
        {notMe.error && <ErrorNotice error={notMe.error} title="Not done" />}
        {notMe.isSuccess && (
          <div role="status" className="notice stack">
            <p>
              <strong>Done.</strong> What was added is removed, and every session of yours has ended. Sign in,
              change your password, and tell your office admin.
            </p>
            <Link className="button primary" to="/sign-in">
              Sign in
            </Link>
          </div>
        )}
      </div>
    </main>
  );
}

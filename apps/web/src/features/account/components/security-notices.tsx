import type { SecurityNotice } from '@console/contract';
import { useNavigate } from 'react-router';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { whenLocal } from '../../../lib/format.ts';
import { useNoticeSeen, useNotices, useNotMe } from '../api/account.ts';

/** The notices that a way in was added: "this was not me" undoes them. */
const WAYS_IN: ReadonlySet<SecurityNotice['kind']> = new Set([
  'factor_added',
  'identity_connected',
  'recovery_codes_renewed',
]);

/**
 * What changed on one's account (decision 035): a way in added, many wrong passwords or codes. Each is answered "this
 * was me" (seen), or, for a way in, "this was not me", which removes it and signs the person out everywhere.
 */
export function SecurityNotices() {
  const notices = useNotices('unseen');
  const seen = useNoticeSeen();
  const notMe = useNotMe();
  const navigate = useNavigate();
  if (notices.error) return <QueryErrorNotice query={notices} title="Could not load your notices" />;
  if (!notices.data || notices.data.data.length === 0) return null;
  return (
    <section aria-labelledby="notices-title" className="card stack notice">
      <h2 id="notices-title">Check what changed on your account</h2>
      <ul className="notice-list stack">
        {notices.data.data.map((notice) => (
          <li key={notice.id} className="stack">
            <p>
              <strong>{whenLocal(notice.created_at)}</strong>: {notice.summary}
            </p>
            <div className="row">
              <button
                type="button"
                className="button"
                disabled={seen.isPending}
                onClick={() => seen.mutate(notice.id)}
              >
                {WAYS_IN.has(notice.kind) ? 'This was me' : 'Understood'}
              </button>
              {WAYS_IN.has(notice.kind) && (
                <button
                  type="button"
                  className="button danger"
                  disabled={notMe.isPending}
                  onClick={() =>
                    notMe.mutate(notice.id, {
                      onSuccess: () => void navigate('/sign-in?not_me=1', { replace: true }),
                    })
                  }
                >
                  This was not me
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {notMe.error && <ErrorNotice error={notMe.error} title="Not undone" />}
      {seen.error && <ErrorNotice error={seen.error} title="Not saved" />}
      <p className="muted small">
        “This was not me” removes what was added and signs you out everywhere, this browser too. Then sign in,
        change your password and tell your office admin.
      </p>
    </section>
  );
}

import { browserLabel, ChangePasswordRequestSchema, type OwnSession } from '@console/contract';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { notify } from '../../../components/toasts.tsx';
import { ApiError } from '../../../lib/api.ts';
import { focusAfter } from '../../../lib/focus-after.ts';
import { sentence, whenLocal } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { Controller, useForm, zodResolver } from '../../../lib/use-form.ts';
import { consolePath, screenName } from '../../../lib/way-back.ts';
import {
  useChangePassword,
  useEndOtherSessions,
  useEndSession,
  useSessions,
  useSignIns,
} from '../api/account.ts';
import { AwaySetting } from './away-setting.tsx';
import { ChangeEmails } from './change-emails.tsx';
import { SecurityNotices } from './security-notices.tsx';
import { SingleSignOnCard } from './single-sign-on.tsx';
import { TimeZoneSetting } from './time-zone-setting.tsx';
import { TwoStep } from './two-step.tsx';

/** One's own account (decision 028): the password, the sessions signed in, and the recent sign-ins. */
export function AccountPage() {
  const me = useMe();
  const [params] = useSearchParams();
  // Where the person was going (a screen the office's policy held them from, or the admin's "set up a second step
  // now"): said, and offered once the second step is there (decision 042).
  const then = consolePath(params.get('then'));
  const held = me.data?.session.factor_setup_required ?? false;
  // Focus lands where the work is: adding a second step.
  useEffect(() => {
    if (then) document.getElementById('two-step-title')?.focus();
  }, [then]);
  return (
    <div className="page stack">
      <h1>Your account</h1>
      {me.data && (
        <p className="muted">
          {me.data.user.name} · {me.data.user.email} · {me.data.user.role}
        </p>
      )}
      {held && (
        <div role="alert" className="notice notice-error">
          <p>
            <strong>Your office requires two-step sign-in.</strong> Add a passkey or an authenticator app
            below; then {then ? `you go on to ${screenName(then)}` : 'the rest of the console opens'}.
          </p>
        </div>
      )}
      {!held && then && me.data && (
        <div role="status" className="notice">
          <p>
            When your second step is set up below: <Link to={then}>Go on to {screenName(then)}</Link>
          </p>
        </div>
      )}
      {!held && (
        <>
          <SecurityNotices />
          <Sessions />
        </>
      )}
      <TwoStep />
      {!held && <SingleSignOnCard />}
      {!held && (
        <>
          <TimeZoneSetting />
          <ChangeEmails />
          <AwaySetting />
          <ChangePassword />
          <SignIns />
        </>
      )}
    </div>
  );
}

type PasswordForm = z.input<typeof ChangePasswordRequestSchema>;

function ChangePassword() {
  const change = useChangePassword();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(ChangePasswordRequestSchema),
    defaultValues: { current_password: '', new_password: '' },
  });
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        notify('Password changed', 'Your other sessions are signed out.');
        form.reset();
        // Its button was busy while changing: focus on the form's heading, the toast saying what was done.
        focusAfter(document.getElementById('password-title'));
      },
      onError: (error) => {
        // The console's reason goes on the field it is about (a wrong current password, a well-known new one).
        if (
          error instanceof ApiError &&
          (error.param === 'current_password' || error.param === 'new_password')
        )
          form.setError(error.param, { message: error.message.replace(`${error.param}: `, '') });
      },
    }),
  );
  const err = (m: string | undefined) => (m ? sentence(m) : undefined);
  const fieldError = change.error instanceof ApiError && change.error.param !== null;
  return (
    <form
      aria-label="Change your password"
      className="card stack"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id="password-title" tabIndex={-1}>
        Password
      </h2>
      <div className="row">
        <Controller
          control={form.control}
          name="current_password"
          render={({ field, fieldState }) => (
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              {...field}
              error={err(fieldState.error?.message)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="new_password"
          render={({ field, fieldState }) => (
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              description="At least 12 characters; not a well-known password, nor your name. A few unrelated words work well."
              {...field}
              error={err(fieldState.error?.message)}
            />
          )}
        />
      </div>
      {change.error && !fieldError && (
        <ErrorNotice error={change.error} title="The password was not changed" />
      )}
      <div>
        <button type="submit" className="button primary" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}

function Sessions() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [asking, setAsking] = useState<OwnSession | 'others' | null>(null);
  const others = sessions.data?.data.filter((s) => !s.current) ?? [];
  return (
    <section aria-labelledby="sessions-title" className="card stack">
      <h2 id="sessions-title">Where you are signed in</h2>
      {sessions.isPending && <p className="loading">Loading your sessions…</p>}
      {sessions.error && <QueryErrorNotice query={sessions} title="Could not load your sessions" />}
      {sessions.data && (
        <TableScroll>
          <table className="data">
            <thead>
              <tr>
                <th scope="col">Browser</th>
                <th scope="col">Address</th>
                <th scope="col">Signed in</th>
                <th scope="col">Last active</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.data.map((session) => (
                <tr key={session.id}>
                  <td>
                    {browserLabel(session.browser)}
                    {session.current && <strong> · this browser</strong>}
                  </td>
                  <td>{session.address ?? '—'}</td>
                  <td>{whenLocal(session.created_at)}</td>
                  <td>{whenLocal(session.last_seen_at)}</td>
                  <td>
                    {!session.current && (
                      <button type="button" className="button" onClick={() => setAsking(session)}>
                        Sign out
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {others.length > 0 && (
        <div>
          <button type="button" className="button" onClick={() => setAsking('others')}>
            Sign out everywhere else ({others.length})
          </button>
        </div>
      )}
      {(end.error || endOthers.error) && (
        <ErrorNotice error={end.error ?? endOthers.error} title="The session was not ended" />
      )}
      <ConfirmDialog
        isOpen={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking === 'others' ? 'Sign out everywhere else?' : 'Sign out this session?'}
        confirmLabel="Sign out"
        live={false}
        onConfirm={() => {
          if (asking === 'others')
            endOthers.mutate(undefined, {
              onSuccess: ({ ended }) => notify('Signed out elsewhere', `${ended} other session(s) ended.`),
            });
          else if (asking)
            end.mutate(asking.id, { onSuccess: () => notify('Session ended', browserLabel(asking.browser)) });
          setAsking(null);
        }}
      >
        {asking === 'others'
          ? 'Every browser but this one is signed out at its next click.'
          : asking
            ? `${browserLabel(asking.browser)} at ${asking.address ?? 'an unknown address'} is signed out at its next click.`
            : null}
      </ConfirmDialog>
    </section>
  );
}

function SignIns() {
  const signIns = useSignIns();
  const seen = new Set<string>();
  // Oldest first, to mark the first sign-in from each browser; shown newest first.
  const firstFrom = new Set<number>();
  for (const entry of [...(signIns.data?.data ?? [])].reverse()) {
    if (entry.result !== 'succeeded') continue;
    const browser = browserLabel(entry.browser);
    if (!seen.has(browser)) firstFrom.add(entry.id);
    seen.add(browser);
  }
  return (
    <section aria-labelledby="sign-ins-title" className="card stack">
      <h2 id="sign-ins-title">Recent sign-ins</h2>
      <p className="muted small">
        Not you? Change your password and sign out everywhere else, then tell your office admin.
      </p>
      {signIns.isPending && <p className="loading">Loading your sign-ins…</p>}
      {signIns.error && <QueryErrorNotice query={signIns} title="Could not load your sign-ins" />}
      {signIns.data && (
        <TableScroll>
          <table className="data">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Outcome</th>
                <th scope="col">With</th>
                <th scope="col">Browser</th>
                <th scope="col">Address</th>
              </tr>
            </thead>
            <tbody>
              {signIns.data.data.map((entry) => (
                <tr key={entry.id}>
                  <td>{whenLocal(entry.at)}</td>
                  <td>
                    {entry.result === 'succeeded'
                      ? 'Signed in'
                      : (OUTCOME[entry.error_code ?? ''] ?? 'Refused')}
                  </td>
                  <td>{factorWords(entry.factor)}</td>
                  <td>
                    {browserLabel(entry.browser)}
                    {firstFrom.has(entry.id) && signIns.data.data.length > 1 && (
                      <span className="muted small"> · first from this browser</span>
                    )}
                  </td>
                  <td>{entry.address ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** How a sign-in was made, in words: `password+totp` is "password, app code". */
const FACTOR: Record<string, string> = {
  password: 'password',
  passkey: 'passkey',
  totp: 'app code',
  recovery_code: 'recovery code',
  single_sign_on: 'single sign-on',
  mfa: 'its two-step',
};
const factorWords = (factor: string | null | undefined) =>
  factor
    ? factor
        .split('+')
        .map((part) => FACTOR[part] ?? part)
        .join(', ')
    : '—';

const OUTCOME: Record<string, string> = {
  invalid_login: 'Wrong password',
  account_disabled: 'Refused: account disabled',
  rate_limited: 'Refused: too many attempts',
  invalid_code: 'Wrong code',
  invalid_passkey: 'Passkey refused',
  second_factor_pending: 'Password right, waiting for the second step',
  unknown_identity: 'Single sign-on: no such account',
  single_sign_on_failed: 'Single sign-on did not complete',
};

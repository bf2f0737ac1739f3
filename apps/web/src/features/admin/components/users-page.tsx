import {
  type AccountLink,
  type ConsoleUser,
  CreateUserRequestSchema,
  type OfficeUser,
  ROLES,
} from '@console/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useProveItAgain } from '../../../components/prove-it-again.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { notify } from '../../../components/toasts.tsx';
import { sentence, whenLocal } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { useUrlPage } from '../../../lib/url-page.ts';
import { Controller, useForm, zodResolver } from '../../../lib/use-form.ts';
import {
  useCreateUser,
  useResendInvitation,
  useResetFactors,
  useResetLink,
  useRevokeInvitation,
  useUpdateUser,
  useUsers,
} from '../api/admin.ts';
import { AdminNav, AdminOnly } from './admin-page.tsx';
import '../admin.css';

const ROLE_OPTIONS = ROLES.map((r) => ({ id: r, label: r === 'admin' ? 'Admin' : 'Agent' }));
type NewUser = z.input<typeof CreateUserRequestSchema>;

function CreateUser({ superseded, onInvited }: { superseded?: string; onInvited: () => void }) {
  const create = useCreateUser();
  const proof = useProveItAgain();
  const form = useForm<NewUser>({
    resolver: zodResolver(CreateUserRequestSchema),
    defaultValues: { email: '', name: '', role: 'agent' },
  });
  const [link, setLink] = useState<{ email: string; link: AccountLink } | null>(null);
  // The invitation made takes the focus: the admin reads where the link went (decision 046).
  const made = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (link) made.current?.focus();
  }, [link]);
  const run = (values: NewUser) =>
    create.mutate(values, {
      onSuccess: ({ user, link }) => {
        notify('Invitation made', `${user.email} chooses their password through the link.`);
        setLink({ email: user.email, link });
        onInvited();
        form.reset();
      },
      // Making an admin asks the admin to prove it is them again (decision 029), then goes on.
      onError: (error) => proof.ask(error, () => run(values)),
    });
  const submit = form.handleSubmit(run);
  const err = (m: string | undefined) => (m ? sentence(m) : undefined);
  return (
    <>
      {proof.dialog}
      <form aria-label="Invite a user" className="card stack" onSubmit={(e) => void submit(e)} noValidate>
        <h2>Invite a user</h2>
        <div className="row">
          <Controller
            control={form.control}
            name="name"
            render={({ field, fieldState }) => (
              <TextField label="Name" {...field} error={err(fieldState.error?.message)} />
            )}
          />
          <Controller
            control={form.control}
            name="email"
            render={({ field, fieldState }) => (
              <TextField
                label="Email"
                type="email"
                autoComplete="off"
                {...field}
                error={err(fieldState.error?.message)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <SelectField
                label="Role"
                value={field.value}
                onChange={field.onChange}
                options={ROLE_OPTIONS}
              />
            )}
          />
          <button type="submit" className="button primary search-button" disabled={create.isPending}>
            Invite
          </button>
        </div>
        <p className="muted small">
          They get a one-time link to choose their own password (by e-mail when the console has an SMTP
          server).
        </p>
        {create.error && <ErrorNotice error={create.error} title="The user was not invited" />}
        {/* A link sent again (below) replaced this one: no longer shown as if it worked. */}
        {link && link.email !== superseded && (
          <LinkToHand email={link.email} link={link.link} boxRef={made} />
        )}
      </form>
    </>
  );
}

/**
 * A password reset is a new one-time link for the person, never a password an admin types (decision 030). A person who
 * joined with a passkey or single sign-on has no password: for them it is a sign-in link (a lost passkey's way back).
 */
function ResetPassword({ user, onDone }: { user: OfficeUser; onDone: () => void }) {
  const reset = useResetLink();
  const proof = useProveItAgain();
  const run = () => reset.mutate(user.id, { onError: (error) => proof.ask(error, run) });
  // The link made takes the focus (its button is gone).
  const made = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reset.data) made.current?.focus();
  }, [reset.data]);
  return (
    <div className="stack">
      {proof.dialog}
      {reset.data ? (
        <LinkToHand email={user.email} link={reset.data} boxRef={made} />
      ) : (
        <p className="row">
          <button type="button" className="button primary" onClick={run} disabled={reset.isPending}>
            {user.has_password ? 'Make a reset link' : 'Make a sign-in link'}
            <span className="visually-hidden"> for {user.email}</span>
          </button>
          <button type="button" className="button" onClick={onDone}>
            Cancel
          </button>
        </p>
      )}
      {reset.error && <ErrorNotice error={reset.error} title="No reset link" />}
    </div>
  );
}

/**
 * A one-time link for its person: e-mailed to them alone (decision 035: the admin is not shown it), or, when no e-mail
 * could be sent, to copy and hand over.
 */
function LinkToHand({
  email,
  link,
  lead,
  boxRef,
  label = `Link for ${email}`,
}: {
  email: string;
  link: AccountLink;
  /** A first line saying what was done (a resend). */
  lead?: string;
  /** The box, to be focused by its caller. */
  boxRef?: RefObject<HTMLDivElement | null>;
  /** Its name (by default "Link for" its person). */
  label?: string;
}) {
  const url = link.url;
  const first = lead && (
    <p>
      <strong>{lead}</strong>
    </p>
  );
  if (link.emailed || url === null)
    return (
      <div
        ref={boxRef}
        tabIndex={boxRef ? -1 : undefined}
        role="status"
        className="notice stack"
        aria-label={label}
      >
        {first}
        <p>
          E-mailed to {email}: the link works once, until {whenLocal(link.expires_at)}. If it does not arrive,
          make a new one (it replaces this one).
        </p>
      </div>
    );
  return (
    <div
      ref={boxRef}
      tabIndex={boxRef ? -1 : undefined}
      role="status"
      className="notice stack"
      aria-label={label}
    >
      {first}
      <p>
        Hand this link to {email} (no e-mail was sent); it works once, until {whenLocal(link.expires_at)}:
      </p>
      <input className="mono" readOnly value={url} aria-label={`One-time link for ${email}`} />
      <p>
        <button type="button" className="button" onClick={() => void navigator.clipboard?.writeText(url)}>
          Copy the link
        </button>
      </p>
    </div>
  );
}

/**
 * Where a person stands, as the console read it (decision 041): invited with their link's expiry, active, disabled, or
 * their invitation revoked.
 */
function stateWords(user: OfficeUser): string {
  const invitation = user.invitation;
  if (user.state === 'active') return 'Active';
  if (user.state === 'disabled')
    return invitation?.state === 'revoked' && invitation.revoked_at
      ? `Invitation revoked ${whenLocal(invitation.revoked_at)}`
      : 'Disabled';
  if (!invitation) return 'Invited — no link';
  // Enabled again after a revoke, with no new link yet.
  if (invitation.state === 'revoked' && invitation.revoked_at)
    return `Invited — link revoked ${whenLocal(invitation.revoked_at)}`;
  return invitation.state === 'pending'
    ? `Invited — link expires ${whenLocal(invitation.expires_at)}`
    : `Invited — link expired ${whenLocal(invitation.expires_at)}`;
}

/** What an action on an invitation did, shown above the list and focused (the admin reads it first). */
type InvitationResult =
  | { kind: 'resent'; email: string; link: AccountLink }
  | { kind: 'revoked'; email: string };

function InvitationOutcome({ result }: { result: InvitationResult }) {
  const box = useRef<HTMLDivElement>(null);
  // Each new outcome takes the focus: the admin reads what their action did first.
  useEffect(() => {
    box.current?.focus();
  }, [result]);
  if (result.kind === 'resent')
    return (
      <LinkToHand
        email={result.email}
        link={result.link}
        boxRef={box}
        label={`Invitation sent again to ${result.email}`}
        lead={`Invitation sent again to ${result.email}. The link sent before no longer works.`}
      />
    );
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      aria-label={`Invitation of ${result.email} revoked`}
      className="notice stack"
    >
      <p>
        <strong>Invitation of {result.email} revoked.</strong> Their link no longer works and they cannot sign
        in. They stay in the list, disabled, with their history; invite them again to let them in.
      </p>
    </div>
  );
}

export function UsersPage() {
  const paging = useUrlPage();
  const users = useUsers(paging.after);
  const update = useUpdateUser();
  const me = useMe().data?.user;
  const live = useMe().data?.environment === 'live';
  const [resetting, setResetting] = useState<string | null>(null);
  const [disabling, setDisabling] = useState<ConsoleUser | null>(null);
  const [resettingFactors, setResettingFactors] = useState<ConsoleUser | null>(null);
  const resetFactors = useResetFactors();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<OfficeUser | null>(null);
  const [outcome, setOutcome] = useState<InvitationResult | null>(null);
  const proof = useProveItAgain();
  // Resending is a new way into the office: after a fresh proof (decision 035), asked for and then gone on with.
  const resendTo = (user: OfficeUser) =>
    resend.mutate(user.id, {
      onSuccess: ({ link }) => setOutcome({ kind: 'resent', email: user.email, link }),
      onError: (error) => proof.ask(error, () => resendTo(user)),
    });
  return (
    <AdminOnly>
      <div className="page stack">
        {proof.dialog}
        <h1>Users</h1>
        <AdminNav />
        <CreateUser superseded={outcome?.email} onInvited={() => setOutcome(null)} />
        {users.error && <QueryErrorNotice query={users} title="Could not list the users" />}
        {update.error && <ErrorNotice error={update.error} title="The user was not changed" />}
        {resend.error && <ErrorNotice error={resend.error} title="The invitation was not sent again" />}
        {revoke.error && <ErrorNotice error={revoke.error} title="The invitation was not revoked" />}
        {outcome && <InvitationOutcome result={outcome} />}
        {users.data && (
          <TableScroll>
            <table className="data users-table" aria-label="Users">
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Role</th>
                  <th scope="col">Bookings</th>
                  <th scope="col">State</th>
                  <th scope="col">Created</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {users.data.data.map((user) => (
                  <tr key={user.id}>
                    <th scope="row">
                      {user.name}
                      <div className="muted small">{user.email}</div>
                    </th>
                    <td data-label="Role">
                      {user.id === me?.id ? (
                        user.role
                      ) : (
                        <select
                          aria-label={`Role of ${user.email}`}
                          value={user.role}
                          disabled={update.isPending}
                          onChange={(event) => {
                            const role = event.target.value === 'admin' ? 'admin' : 'agent';
                            const run = () =>
                              update.mutate(
                                { user, change: { role } },
                                {
                                  onSuccess: (u) =>
                                    notify(
                                      'Role changed',
                                      `${u.email} is now ${u.role === 'admin' ? 'an admin' : 'an agent'} and signs in again.`,
                                    ),
                                  onError: (error) => proof.ask(error, run),
                                },
                              );
                            run();
                          }}
                        >
                          <option value="agent">agent</option>
                          <option value="admin">admin</option>
                        </select>
                      )}
                    </td>
                    <td data-label="Bookings">
                      {user.role === 'admin' ? (
                        <span className="muted">all of the office's</span>
                      ) : (
                        <label className="row small">
                          <input
                            type="checkbox"
                            checked={user.office_wide}
                            disabled={update.isPending}
                            onChange={(event) => {
                              const officeWide = event.target.checked;
                              update.mutate(
                                { user, change: { office_wide: officeWide } },
                                {
                                  onSuccess: (u) =>
                                    notify(
                                      officeWide
                                        ? 'Office-wide access granted'
                                        : 'Office-wide access removed',
                                      officeWide
                                        ? `${u.email} now sees and works on every booking of the office.`
                                        : `${u.email} now sees only the bookings they made.`,
                                    ),
                                },
                              );
                            }}
                          />
                          All of the office's<span className="visually-hidden"> for {user.email}</span>
                        </label>
                      )}
                    </td>
                    <td data-label="State" className={user.state === 'active' ? undefined : 'small'}>
                      {stateWords(user)}
                    </td>
                    <td data-label="Created" className="small">
                      {whenLocal(user.created_at)}
                    </td>
                    <td data-label="Actions">
                      {user.invitation && user.invitation.state !== 'revoked' && user.state === 'invited' ? (
                        // Not accepted yet: no password to reset, no factor to reset; their invitation is what to act on.
                        <div className="row">
                          <button
                            type="button"
                            className="button"
                            onClick={() => resendTo(user)}
                            disabled={resend.isPending}
                          >
                            Resend invitation<span className="visually-hidden"> to {user.email}</span>
                          </button>
                          <button
                            type="button"
                            className="button danger-outline"
                            onClick={() => setRevoking(user)}
                          >
                            Revoke invitation<span className="visually-hidden"> of {user.email}</span>
                          </button>
                        </div>
                      ) : user.invitation || (user.state === 'invited' && !user.has_password) ? (
                        // Revoked, or never sent a link: invited again, with a new one.
                        <div className="row">
                          <button
                            type="button"
                            className="button"
                            onClick={() => resendTo(user)}
                            disabled={resend.isPending}
                          >
                            Invite again<span className="visually-hidden"> {user.email}</span>
                          </button>
                          {user.state === 'invited' && (
                            <button
                              type="button"
                              className="button danger-outline"
                              onClick={() => setRevoking(user)}
                            >
                              Revoke invitation<span className="visually-hidden"> of {user.email}</span>
                            </button>
                          )}
                        </div>
                      ) : resetting === user.id ? (
                        <ResetPassword user={user} onDone={() => setResetting(null)} />
                      ) : (
                        <div className="row">
                          <button type="button" className="button" onClick={() => setResetting(user.id)}>
                            {user.has_password ? 'Reset password' : 'New sign-in link'}
                            <span className="visually-hidden"> of {user.email}</span>
                          </button>
                          <button type="button" className="button" onClick={() => setResettingFactors(user)}>
                            Reset two-step<span className="visually-hidden"> sign-in of {user.email}</span>
                          </button>
                          {user.id !== me?.id &&
                            (user.disabled ? (
                              <button
                                type="button"
                                className="button"
                                onClick={() => update.mutate({ user, change: { disabled: false } })}
                              >
                                Enable<span className="visually-hidden"> {user.email}</span>
                              </button>
                            ) : (
                              <button
                                type="button"
                                className="button danger-outline"
                                onClick={() => setDisabling(user)}
                              >
                                Disable<span className="visually-hidden"> {user.email}</span>
                              </button>
                            ))}
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        <Pager
          label="Pages of users"
          nouns={['user', 'users']}
          paging={paging}
          list={users.data}
          loading={users.isPlaceholderData}
        />
        <ConfirmDialog
          isOpen={disabling !== null}
          onOpenChange={(open) => !open && setDisabling(null)}
          title={`Disable ${disabling?.email ?? ''}?`}
          confirmLabel="Disable"
          live={live}
          pending={update.isPending}
          onConfirm={() =>
            disabling &&
            update.mutate(
              { user: disabling, change: { disabled: true } },
              {
                onSuccess: (u) => notify('User disabled', `${u.email} is signed out and cannot sign in.`),
                onSettled: () => setDisabling(null),
              },
            )
          }
        >
          <p>They are signed out at once, everywhere, and cannot sign in until enabled again.</p>
        </ConfirmDialog>
        <ConfirmDialog
          isOpen={revoking !== null}
          onOpenChange={(open) => !open && setRevoking(null)}
          title={`Revoke the invitation of ${revoking?.email ?? ''}?`}
          confirmLabel="Revoke"
          live={false}
          pending={revoke.isPending}
          onConfirm={() => {
            const user = revoking;
            const run = () =>
              user &&
              revoke.mutate(user.id, {
                // The dialog closes in the same render as the outcome shows, so the focus lands on the outcome.
                onSuccess: () => {
                  setRevoking(null);
                  setOutcome({ kind: 'revoked', email: user.email });
                },
                onError: (error) => proof.ask(error, run),
                onSettled: () => setRevoking(null),
              });
            run();
          }}
        >
          <p>
            Their link stops working at once and they cannot join. They stay in the list, disabled, with their
            history; you can invite them again.
          </p>
        </ConfirmDialog>
        <ConfirmDialog
          isOpen={resettingFactors !== null}
          onOpenChange={(open) => !open && setResettingFactors(null)}
          title={`Reset two-step sign-in of ${resettingFactors?.email ?? ''}?`}
          confirmLabel="Reset"
          live={live}
          pending={resetFactors.isPending}
          onConfirm={() => {
            const user = resettingFactors;
            const run = () =>
              user &&
              resetFactors.mutate(user.id, {
                onSuccess: ({ removed }) =>
                  notify(
                    'Two-step sign-in reset',
                    removed > 0
                      ? `${user.email}'s authenticator apps and recovery codes are removed; they add a new app.`
                      : `${user.email} had no authenticator app.`,
                  ),
                onError: (error) => proof.ask(error, run),
                onSettled: () => setResettingFactors(null),
              });
            run();
          }}
        >
          <p>
            Their authenticator apps and recovery codes stop working (a lost phone). Where the office requires
            two-step sign-in, they add a new app at their next click.
          </p>
        </ConfirmDialog>
      </div>
    </AdminOnly>
  );
}

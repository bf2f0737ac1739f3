import { type ConsoleUser, CreateUserRequestSchema, PasswordSchema, ROLES } from '@console/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
import { useCreateUser, useResetFactors, useUpdateUser, useUsers } from '../api.ts';
import { AdminNav, AdminOnly } from './admin-page.tsx';

const ROLE_OPTIONS = ROLES.map((r) => ({ id: r, label: r === 'admin' ? 'Admin' : 'Agent' }));
type NewUser = z.input<typeof CreateUserRequestSchema>;

function CreateUser() {
  const create = useCreateUser();
  const proof = useProveItAgain();
  const form = useForm<NewUser>({
    resolver: zodResolver(CreateUserRequestSchema),
    defaultValues: { email: '', name: '', role: 'agent', password: '' },
  });
  const run = (values: NewUser) =>
    create.mutate(values, {
      onSuccess: (user) => {
        notify('User created', `${user.email} can sign in now.`);
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
      <form aria-label="Create a user" className="card stack" onSubmit={(e) => void submit(e)} noValidate>
        <h2>Create a user</h2>
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
          <Controller
            control={form.control}
            name="password"
            render={({ field, fieldState }) => (
              <TextField
                label="First password"
                type="password"
                autoComplete="new-password"
                {...field}
                error={err(fieldState.error?.message)}
                description="At least 10 characters; tell it to them in person."
              />
            )}
          />
          <button type="submit" className="button primary search-button" disabled={create.isPending}>
            Create user
          </button>
        </div>
        {create.error && <ErrorNotice error={create.error} title="The user was not created" />}
      </form>
    </>
  );
}

function ResetPassword({ user, onDone }: { user: ConsoleUser; onDone: () => void }) {
  const update = useUpdateUser();
  const proof = useProveItAgain();
  const [password, setPassword] = useState('');
  const problem = password ? PasswordSchema.safeParse(password).error?.issues[0]?.message : undefined;
  return (
    <>
      {proof.dialog}
      <form
        aria-label={`New password for ${user.email}`}
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (!password || problem) return;
          const run = () =>
            update.mutate(
              { user, change: { password } },
              {
                onSuccess: () => {
                  notify('Password reset', `${user.email} signs in with the new password.`);
                  onDone();
                },
                onError: (error) => proof.ask(error, run),
              },
            );
          run();
        }}
      >
        <TextField
          label={`New password for ${user.name}`}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={problem ? sentence(problem) : undefined}
        />
        <button type="submit" className="button" disabled={update.isPending}>
          Set password
        </button>
        {update.error && <ErrorNotice error={update.error} title="The password was not changed" />}
      </form>
    </>
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
  const proof = useProveItAgain();
  return (
    <AdminOnly>
      <div className="page stack">
        {proof.dialog}
        <h1>Users</h1>
        <AdminNav />
        <CreateUser />
        {users.error && <QueryErrorNotice query={users} title="Could not list the users" />}
        {update.error && <ErrorNotice error={update.error} title="The user was not changed" />}
        {users.data && (
          <TableScroll>
            <table className="data" aria-label="Users">
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
                    <td>
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
                    <td>
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
                    <td>{user.disabled ? 'disabled' : 'active'}</td>
                    <td className="small">{whenLocal(user.created_at)}</td>
                    <td>
                      {resetting === user.id ? (
                        <ResetPassword user={user} onDone={() => setResetting(null)} />
                      ) : (
                        <div className="row">
                          <button type="button" className="button" onClick={() => setResetting(user.id)}>
                            Reset password<span className="visually-hidden"> of {user.email}</span>
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

import { readKnown, SandboxCreditBalanceSchema, type TwoFactorPolicy } from '@console/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { OpenValue } from '../../../components/open-value.tsx';
import { useProveItAgain } from '../../../components/prove-it-again.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { notify } from '../../../components/toasts.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatMoney, sentence, whenLocal } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { useOwnFactors, useSetSignInPolicy, useSignInPolicy, useSingleSignOn } from '../api/admin.ts';
import {
  useCredentials,
  useCreditBalance,
  useEndSession,
  useSessionState,
  useWallet,
} from '../api/service.ts';
import '../admin.css';

export function AdminOnly({ children }: { children: React.ReactNode }) {
  const me = useMe();
  if (me.data?.user.role !== 'admin')
    return (
      <div className="page stack">
        <h1>Admins only</h1>
        <p>This screen is for the office's admins. Ask one if you need something here.</p>
      </div>
    );
  return <>{children}</>;
}

export const AdminNav = () => (
  <nav aria-label="Admin" className="row sub-nav">
    <Link to="/admin">Wallet and credentials</Link>
    <Link to="/admin/users">Users</Link>
    <Link to="/admin/reports">Reports</Link>
    <Link to="/admin/pricing">Service fees</Link>
    <Link to="/admin/audit">Audit log</Link>
    <Link to="/admin/wallet">Wallet alert and statement</Link>
  </nav>
);

function Wallet() {
  const wallet = useWallet();
  return (
    <section aria-labelledby="wallet-title" className="card stack">
      <div className="page-head">
        <h2 id="wallet-title">Wallet</h2>
        <button
          type="button"
          className="button"
          onClick={() => void wallet.refetch()}
          disabled={wallet.isFetching}
        >
          {wallet.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {wallet.error && <QueryErrorNotice query={wallet} title="Could not read the wallet" />}
      {wallet.data && (
        <dl className="wallet" aria-live="polite">
          <div>
            <dt>Balance</dt>
            <dd>{formatMoney(wallet.data.balance)}</dd>
          </div>
          <div>
            <dt>Held</dt>
            <dd>{formatMoney(wallet.data.held)}</dd>
          </div>
          <div>
            <dt>Available</dt>
            <dd>{formatMoney(wallet.data.available)}</dd>
          </div>
          <div>
            <dt>Environment</dt>
            <dd>{wallet.data.environment}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function Credentials() {
  const credentials = useCredentials();
  const c = credentials.data;
  return (
    <section aria-labelledby="credentials-title" className="card stack">
      <h2 id="credentials-title">Credentials</h2>
      {credentials.error && <QueryErrorNotice query={credentials} title="Could not read the credentials" />}
      {c && (
        <dl className="facts">
          <dt>Office</dt>
          <dd>
            {c.office.name} ({c.office.id})
          </dd>
          <dt>Client id</dt>
          <dd>{c.client_id}</dd>
          <dt>Environment</dt>
          <dd>{c.environment}</dd>
          <dt>Token</dt>
          <dd>
            {c.active ? 'active' : 'inactive'}, expires {whenLocal(c.expires_at)}
          </dd>
          <dt>Token scopes</dt>
          <dd>
            {c.scopes.join(', ')}{' '}
            <span className="muted small">
              (the console asks for tokens narrowed to what each call needs)
            </span>
          </dd>
        </dl>
      )}
    </section>
  );
}

function SessionInterface() {
  const session = useSessionState();
  const configured = session.data?.configured ?? false;
  // Reading the balance opens a session when none is open (the interface has no other way to ask); after the admin
  // ends one, it is not read (and so not reopened) until asked for again.
  const [ended, setEnded] = useState(false);
  const balance = useCreditBalance(configured && !ended);
  // The body is not shown in the document: our sandbox's Balance when it is there, the answer as sent otherwise.
  const creditBalance = readKnown(SandboxCreditBalanceSchema, balance.data)?.Balance;
  const end = useEndSession();
  const proof = useProveItAgain();
  const [asking, setAsking] = useState(false);
  const live = useMe().data?.environment === 'live';
  const s = session.data;
  return (
    <section aria-labelledby="session-title" className="card stack">
      {proof.dialog}
      <h2 id="session-title">Session-based interface</h2>
      {session.error && <QueryErrorNotice query={session} title="Could not read the session" />}
      {s && !s.configured && <p className="muted">Not configured for this console.</p>}
      {s?.configured && (
        <>
          <dl className="facts">
            <dt>Session</dt>
            <dd>{s.active ? 'open' : 'none open'}</dd>
            <dt>Opened</dt>
            <dd>{s.created_at ? whenLocal(s.created_at) : '—'}</dd>
            <dt>Last renewed</dt>
            <dd>
              {s.last_renewed_at ? whenLocal(s.last_renewed_at) : 'never'} ({s.renewals} renewal
              {s.renewals === 1 ? '' : 's'})
            </dd>
            <dt>Credit balance</dt>
            <dd>
              {balance.error ? (
                'could not be read'
              ) : ended ? (
                <button type="button" className="button" onClick={() => setEnded(false)}>
                  Read the credit balance
                </button>
              ) : balance.data === undefined ? (
                '—'
              ) : creditBalance ? (
                `${creditBalance.Amount} ${creditBalance.Currency}`
              ) : (
                <OpenValue value={balance.data} />
              )}
            </dd>
          </dl>
          {s.active && (
            <button type="button" className="button danger-outline" onClick={() => setAsking(true)}>
              End the session…
            </button>
          )}
          {end.error && <ErrorNotice error={end.error} title="The session was not ended" />}
        </>
      )}
      <ConfirmDialog
        isOpen={asking}
        onOpenChange={setAsking}
        title="End the session?"
        confirmLabel="End the session"
        live={live}
        pending={end.isPending}
        onConfirm={() => {
          const run = () =>
            end.mutate(undefined, {
              onSuccess: () => setEnded(true),
              onError: (error) => proof.ask(error, run),
              onSettled: () => setAsking(false),
            });
          run();
        }}
      >
        <p>
          The console opens a new session the next time it needs the session-based interface (reading the
          credit balance, for one).
        </p>
      </ConfirmDialog>
    </section>
  );
}

const POLICY_OPTIONS = [
  { id: 'nobody', label: 'Nobody (a password is enough)' },
  { id: 'admins', label: 'Admins' },
  { id: 'everyone', label: 'Everyone' },
] as const satisfies readonly { id: TwoFactorPolicy; label: string }[];

/** What a saved policy means, in a sentence. */
const POLICY_SAID: Record<TwoFactorPolicy, string> = {
  nobody: 'a password is enough for everyone',
  admins: 'admins must sign in with a second step',
  everyone: 'everyone must sign in with a second step',
};

/**
 * Who must sign in with a second factor (decision 029). A choice that covers the admin, who has no second step yet,
 * is said before saving, with the way to set one up now; saving it anyway asks first (and the BFF refuses it unless
 * confirmed); a save says so, focus on it (decision 042).
 */
function SignInPolicyCard() {
  const policy = useSignInPolicy();
  const save = useSetSignInPolicy();
  const proof = useProveItAgain();
  const sso = useSingleSignOn();
  const factors = useOwnFactors();
  const [choice, setChoice] = useState<TwoFactorPolicy | null>(null);
  const [makeAgents, setMakeAgents] = useState<boolean | null>(null);
  const wallet = useWallet();
  const [above, setAbove] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [saved, setSaved] = useState<TwoFactorPolicy | null>(null);
  const savedLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (saved) savedLine.current?.focus();
  }, [saved]);
  const current = choice ?? policy.data?.two_factor ?? 'nobody';
  // This screen is for admins: any policy but "nobody" covers the one saving it.
  const coversMe = current !== 'nobody' && factors.data !== undefined && factors.data.data.length === 0;
  const agents = makeAgents ?? policy.data?.single_sign_on_creates_agents ?? false;
  const savedAbove = policy.data?.proof_above?.amount ?? '';
  const aboveText = above ?? savedAbove;
  const currency = policy.data?.proof_above?.currency ?? wallet.data?.balance.currency ?? 'EUR';
  // "2500" or "2500.5" read as 2500.00 and 2500.50; anything else is said, not sent.
  const aboveAmount = /^\d+(\.\d{1,2})?$/.test(aboveText.trim())
    ? (Number.parseFloat(aboveText.trim()).toFixed(2) as string)
    : null;
  const aboveProblem =
    aboveText.trim() !== '' && aboveAmount === null ? 'An amount like 2500 or 2500.00.' : undefined;
  const unchanged =
    current === policy.data?.two_factor &&
    agents === (policy.data?.single_sign_on_creates_agents ?? false) &&
    (aboveAmount ?? '') === savedAbove;
  const edited = () => setSaved(null);
  const send = (confirmCoversMe: boolean) => {
    const run = () =>
      save.mutate(
        {
          two_factor: current,
          ...(sso.data?.single_sign_on ? { single_sign_on_creates_agents: agents } : {}),
          // The console's money is USD (the contract's currency): the only one the policy takes.
          proof_above: aboveAmount ? { amount: aboveAmount, currency: 'USD' } : null,
          ...(confirmCoversMe ? { confirm_covers_me: true } : {}),
        },
        {
          onSuccess: (answer) => {
            setChoice(null);
            setMakeAgents(null);
            setAbove(null);
            setAsking(false);
            setSaved(answer.two_factor);
            // The admin's own session is now held to their account page, which says why: the word goes with them.
            if (confirmCoversMe)
              notify(
                'Policy saved',
                `${sentence(POLICY_SAID[answer.two_factor])}. Add your second step now.`,
              );
          },
          onError: (error) => {
            // Another tab added or removed a factor since this one looked: the console's answer asks all the same.
            if (error instanceof ApiError && error.code === 'policy_covers_you') setAsking(true);
            else {
              setAsking(false);
              proof.ask(error, run);
            }
          },
        },
      );
    run();
  };
  const setUpNow = `/account?then=${encodeURIComponent('/admin')}`;
  return (
    <section aria-labelledby="policy-title" className="card stack">
      {proof.dialog}
      <h2 id="policy-title">Two-step sign-in</h2>
      <p className="muted small">
        Who must give a second step — a passkey or a code from an authenticator app — after their password.
        People it covers who have neither yet are led to add one at their next click, and reach nothing else
        until they do — you too.
      </p>
      {policy.error && <QueryErrorNotice query={policy} title="Could not read the policy" />}
      {policy.data && (
        <form
          aria-label="Two-step sign-in policy"
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            if (aboveProblem) return;
            if (coversMe) setAsking(true);
            else send(false);
          }}
        >
          <SelectField
            label="Required for"
            value={current}
            onChange={(value) => {
              setChoice(value);
              edited();
            }}
            options={POLICY_OPTIONS}
          />
          <TextField
            label={`Confirm it is you before paying more than (${currency}, LIVE)`}
            description="Ticketing or confirming above this asks the agent again after five minutes. Empty: never."
            value={aboveText}
            onChange={(value) => {
              setAbove(value);
              edited();
            }}
            inputMode="decimal"
            error={aboveProblem}
          />
          {sso.data?.single_sign_on && (
            <label className="check">
              <input
                type="checkbox"
                checked={agents}
                onChange={(event) => {
                  setMakeAgents(event.target.checked);
                  edited();
                }}
              />{' '}
              Sign-in with {sso.data.single_sign_on.name} makes an agent of a person it vouches for who has no
              account here
            </label>
          )}
          <button type="submit" className="button" disabled={save.isPending || unchanged}>
            Save
          </button>
        </form>
      )}
      {/* Said as the choice is made, before any save. */}
      <div role="status" className="policy-warning">
        {coversMe && (
          <div className="notice">
            <p>
              <strong>This covers you</strong>, and you have no second step yet: once saved, you reach only
              your account page until you add a passkey or an authenticator app.
            </p>
            <p>
              <Link to={setUpNow}>Set up a second step now</Link> (then come back here to save).
            </p>
          </div>
        )}
      </div>
      <p role="status" ref={savedLine} tabIndex={-1} className="saved-line">
        {saved && `Saved: ${POLICY_SAID[saved]}.`}
      </p>
      {save.error && !(save.error instanceof ApiError && save.error.code === 'policy_covers_you') && (
        <ErrorNotice error={save.error} title="The policy was not changed" />
      )}
      <ConfirmDialog
        isOpen={asking}
        onOpenChange={setAsking}
        title="Save a policy that covers you?"
        confirmLabel="Save anyway"
        live={false}
        pending={save.isPending}
        onConfirm={() => send(true)}
      >
        <p>
          You have no second step yet. Once this is saved, you reach only your account page until you add a
          passkey or an authenticator app — then everything opens again.
        </p>
        <p>
          <Link to={setUpNow}>Set up a second step now</Link> instead, and come back to save.
        </p>
      </ConfirmDialog>
    </section>
  );
}

export function AdminPage() {
  return (
    <AdminOnly>
      <div className="page stack">
        <h1>Admin</h1>
        <AdminNav />
        <div className="grid-2">
          <Wallet />
          <Credentials />
        </div>
        <SignInPolicyCard />
        <SessionInterface />
      </div>
    </AdminOnly>
  );
}

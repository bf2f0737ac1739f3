import type { TotpEnrolment } from '@console/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { useProveItAgain } from '../../../components/prove-it-again.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { notify } from '../../../components/toasts.tsx';
import { ApiError } from '../../../lib/api.ts';
import { whenLocal } from '../../../lib/format.ts';
import { passkeysSupported } from '../../../lib/passkeys.ts';
import {
  useAddPasskey,
  useBeginTotp,
  useConfirmTotp,
  useFactors,
  useRemoveFactor,
  useRenewRecoveryCodes,
} from '../api/account.ts';
import './two-step.css';

/** A key in groups of four, as an app asks for it when typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Two-step sign-in (decisions 029, 031): one's passkeys and authenticator apps, with when each was last used, adding a
 * passkey (the browser asks) or an app (its QR code, or its key typed by hand, and a code from it), removing one, and
 * the recovery codes, shown once.
 */
export function TwoStep() {
  const factors = useFactors();
  const remove = useRemoveFactor();
  const renew = useRenewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const proof = useProveItAgain();
  return (
    <section aria-labelledby="two-step-title" className="card stack">
      {proof.dialog}
      <h2 id="two-step-title" tabIndex={-1}>
        Two-step sign-in
      </h2>
      <p className="muted small">
        A passkey signs you in on its own, with your fingerprint, face or device PIN, and cannot be phished.
        With an authenticator app, a password alone no longer signs you in: the console also asks for the code
        the app shows.
      </p>
      {factors.error && <QueryErrorNotice query={factors} title="Could not load your sign-in factors" />}
      {factors.data && factors.data.data.length > 0 && (
        <ul className="factor-list">
          {factors.data.data.map((factor) => (
            <li key={factor.id}>
              <strong>{factor.name}</strong> · {factor.kind === 'passkey' ? 'passkey' : 'authenticator app'} ·
              added {whenLocal(factor.created_at)} ·{' '}
              {factor.last_used_at ? `last used ${whenLocal(factor.last_used_at)}` : 'not used yet'}{' '}
              <button type="button" className="button" onClick={() => setRemoving(factor)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {factors.data && factors.data.data.length > 0 && (
        <p>
          Recovery codes: {factors.data.recovery_codes.left} of {factors.data.recovery_codes.total} left.{' '}
          <button
            type="button"
            className="button"
            onClick={() =>
              renew.mutate(undefined, { onSuccess: (answer) => setCodes(answer.recovery_codes) })
            }
          >
            New recovery codes
          </button>
        </p>
      )}
      {renew.error && <ErrorNotice error={renew.error} title="No new recovery codes" />}
      {codes && codes.length > 0 ? (
        <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} />
      ) : (
        <>
          <AddPasskey onAdded={(recovery) => setCodes(recovery)} />
          <AddApp onAdded={(recovery) => setCodes(recovery)} />
        </>
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.name ?? 'this factor'}?`}
        confirmLabel="Remove"
        live={false}
        onConfirm={() => {
          const factor = removing;
          // Removing one's own factor asks to prove it is oneself again (decision 029), then goes on.
          const run = () =>
            factor &&
            remove.mutate(factor.id, {
              onSuccess: () => notify('Removed', `${factor.name} no longer signs you in.`),
              onError: (error) => proof.ask(error, run),
            });
          run();
          setRemoving(null);
        }}
      >
        It will no longer sign you in. With no passkey or app left, a password alone signs you in again and
        your recovery codes are void.
      </ConfirmDialog>
    </section>
  );
}

function AddPasskey({ onAdded }: { onAdded: (recoveryCodes: string[]) => void }) {
  const add = useAddPasskey();
  const [name, setName] = useState('Passkey');
  if (!passkeysSupported())
    return (
      <p className="muted small">This browser cannot make passkeys; an authenticator app works anywhere.</p>
    );
  return (
    <form
      aria-label="Add a passkey"
      className="row"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(name, {
          onSuccess: (answer) => {
            notify('Passkey added', `${name} signs you in on its own from now on.`);
            onAdded(answer.recovery_codes);
          },
        });
      }}
    >
      <TextField label="Name of the passkey" value={name} onChange={setName} maxLength={60} />
      <button type="submit" className="button" disabled={add.isPending}>
        {add.isPending ? 'Waiting for the browser…' : 'Add a passkey'}
      </button>
      {add.error && <ErrorNotice error={add.error} title="No passkey added" />}
    </form>
  );
}

function AddApp({ onAdded }: { onAdded: (recoveryCodes: string[]) => void }) {
  const begin = useBeginTotp();
  const confirm = useConfirmTotp();
  const [name, setName] = useState('Authenticator app');
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  if (!enrolment)
    return (
      <form
        aria-label="Add an authenticator app"
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          begin.mutate(name, { onSuccess: setEnrolment });
        }}
      >
        <TextField label="Name of the app or phone" value={name} onChange={setName} maxLength={60} />
        <button type="submit" className="button" disabled={begin.isPending}>
          Add an authenticator app
        </button>
        {begin.error && <ErrorNotice error={begin.error} title="Could not start" />}
      </form>
    );
  const wrong =
    confirm.error instanceof ApiError && confirm.error.param === 'code' ? confirm.error.message : null;
  return (
    <form
      aria-label="Set up the authenticator app"
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate(
          { id: enrolment.id, code },
          {
            onSuccess: (answer) => {
              notify('Authenticator app added', 'Your next sign-in asks for its code.');
              setEnrolment(null);
              setCode('');
              onAdded(answer.recovery_codes);
            },
          },
        );
      }}
    >
      <p>Scan this code with the app (Google Authenticator, Microsoft Authenticator, 1Password, …):</p>
      <img
        className="qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
        alt="QR code of the key for your authenticator app"
        width={180}
        height={180}
      />
      <p className="small">
        Or type this key into the app: <code className="mono">{grouped(enrolment.secret)}</code>
      </p>
      <TextField
        label="Code the app shows"
        value={code}
        onChange={setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={wrong ? wrong.replace('code: ', '') : undefined}
      />
      {confirm.error && !wrong && <ErrorNotice error={confirm.error} title="Not added" />}
      <div className="row">
        <button type="submit" className="button primary" disabled={confirm.isPending}>
          Confirm the app
        </button>
        <button type="button" className="button" onClick={() => setEnrolment(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  return (
    <div className="notice stack" role="status" aria-label="Your recovery codes">
      <p>
        <strong>Save these recovery codes now</strong>: they are shown only this once. Each signs you in once
        when your phone is not at hand.
      </p>
      <ul className="recovery-codes mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div>
        <button type="button" className="button primary" onClick={onSaved}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

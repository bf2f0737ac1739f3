import type { ProveRequest } from '@console/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { ownFactorsQuery, proveAgain, proveAtProvider, proveWithPasskey } from '../lib/prove.ts';
import { ErrorNotice } from './error-notice.tsx';
import { ModalDialog } from './modal-dialog.tsx';
import { TextField } from './text-field.tsx';

/**
 * Proving it is oneself again before something sensitive (decision 029). An action the console answered with
 * `reauthentication_required` hands its retry to `ask`; the dialog asks for the strongest factor the person has (a
 * passkey, the code of their authenticator app, else their password) and, once proved, runs the action again.
 */
export function useProveItAgain(): {
  ask: (error: unknown, retry: () => void) => boolean;
  dialog: ReactNode;
} {
  const [retry, setRetry] = useState<(() => void) | null>(null);
  const ask = (error: unknown, next: () => void) => {
    if (!(error instanceof ApiError) || error.code !== 'reauthentication_required') return false;
    // The shell asked already and the person went back: nothing more to do.
    if (error.asked) return true;
    setRetry(() => next);
    return true;
  };
  const dialog = retry ? (
    <ProveDialog
      onProved={() => {
        setRetry(null);
        retry();
      }}
      onCancel={() => setRetry(null)}
    />
  ) : null;
  return { ask, dialog };
}

export function ProveDialog({ onProved, onCancel }: { onProved: () => void; onCancel: () => void }) {
  const titleId = useId();
  const factors = useQuery(ownFactorsQuery);
  const kinds = new Set(factors.data?.data.map((f) => f.kind));
  const withApp = kinds.has('totp');
  const withPasskey = kinds.has('passkey');
  // The office's provider, for a person it signs in: it asks them to sign in there again (decision 035).
  const provider = factors.data?.single_sign_on?.connected ? factors.data.single_sign_on : null;
  const withPassword = !withApp && !withPasskey && factors.data?.password !== false;
  const byProvider = useMutation({
    mutationFn: () => proveAtProvider(`${window.location.pathname}${window.location.search}`),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const [secret, setSecret] = useState('');
  const prove = useMutation({
    mutationFn: (body: ProveRequest) => proveAgain(body),
  });
  // The strongest factor first (decision 031): a passkey, which the browser asks for.
  const byPasskey = useMutation({
    mutationFn: proveWithPasskey,
  });
  const wrong =
    prove.error instanceof ApiError && prove.error.param !== null
      ? prove.error.message.replace(/^\w+: /, '')
      : null;
  return (
    <ModalDialog labelledBy={titleId} onClose={onCancel}>
      <form
        className="dialog stack"
        onSubmit={(event) => {
          event.preventDefault();
          // Not the submit of a form the dialog was opened from.
          event.stopPropagation();
          if (!withApp && !withPassword) return;
          prove.mutate(withApp ? { code: secret } : { password: secret }, { onSuccess: onProved });
        }}
      >
        <h2 id={titleId}>Confirm it is you</h2>
        <p>
          This changes who can spend the office's money or sign in, or pays a large amount from the wallet.
          Your last proof is over five minutes old.
        </p>
        {withPasskey && (
          <>
            <button
              type="button"
              className="button primary"
              disabled={byPasskey.isPending}
              onClick={() => byPasskey.mutate(undefined, { onSuccess: onProved })}
            >
              {byPasskey.isPending ? 'Waiting for your passkey…' : 'Use your passkey'}
            </button>
            {byPasskey.error && <ErrorNotice error={byPasskey.error} title="Not confirmed" />}
          </>
        )}
        {provider && (
          <>
            <button
              type="button"
              className={withApp || withPasskey || withPassword ? 'button' : 'button primary'}
              disabled={byProvider.isPending}
              onClick={() => byProvider.mutate()}
            >
              Confirm with {provider.name}
            </button>
            {byProvider.error && <ErrorNotice error={byProvider.error} title="Not confirmed" />}
          </>
        )}
        {factors.isPending ? (
          <p className="loading">Loading…</p>
        ) : !withApp && !withPassword ? null : (
          <TextField
            label={
              withApp
                ? withPasskey
                  ? 'Or the code from your authenticator app'
                  : 'Code from your authenticator app'
                : 'Your password'
            }
            type={withApp ? 'text' : 'password'}
            inputMode={withApp ? 'numeric' : undefined}
            autoComplete={withApp ? 'one-time-code' : 'current-password'}
            value={secret}
            onChange={setSecret}
            error={wrong ?? undefined}
            autoFocus
          />
        )}
        {prove.error && !wrong && <ErrorNotice error={prove.error} title="Not confirmed" />}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onCancel}>
            Go back
          </button>
          {(withApp || withPassword) && (
            <button type="submit" className="button primary" disabled={prove.isPending || factors.isPending}>
              Confirm and go on
            </button>
          )}
        </div>
      </form>
    </ModalDialog>
  );
}

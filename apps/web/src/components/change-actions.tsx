import type { BookingChange, CancelQuote, ChangeAction, ChangeOutcome, Money } from '@console/contract';
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ACTION_LABELS,
  cancelQuoteQuery,
  clientMessageQuery,
  rebookSearchPath,
  startRebooking,
  useChangeAction,
} from '../lib/change-actions.ts';
import { focusAfter } from '../lib/focus-after.ts';
import { formatMoney, whenLocal } from '../lib/format.ts';
import { useMe } from '../lib/me.ts';
import { ErrorNotice, QueryErrorNotice } from './error-notice.tsx';
import { Field } from './field.tsx';
import { ModalDialog } from './modal-dialog.tsx';
import { notify } from './toasts.tsx';
import './change-actions.css';

const money = (m: Money | null | undefined) => (m ? formatMoney(m) : null);

/** What the action taken did, in words, with the amounts the service answered. */
export function outcomeWords(outcome: ChangeOutcome): string {
  const refund = (o: { refunded?: Money | null; penalty?: Money | null; status?: string | null }) =>
    [
      o.status ? `now ${o.status}` : null,
      money(o.refunded) && `${money(o.refunded)} back to the wallet`,
      money(o.penalty) && `${money(o.penalty)} kept`,
    ]
      .filter(Boolean)
      .join(', ');
  switch (outcome.action) {
    case 'accept':
      return `The client accepted the new times${outcome.note_sent ? '; the airline’s order carries a note saying so' : ''}.`;
    case 'cancel_refund':
      return `Cancelled and refunded: ${refund(outcome) || 'as the service said'}.`;
    case 'rebook':
    case 'book_again':
      return `${outcome.action === 'rebook' ? 'Rebooked' : 'Booked again'} as ${outcome.booking_id ?? 'a new booking'}${outcome.cancelled ? `; the old booking cancelled (${refund(outcome.cancelled)})` : ''}.`;
    case 'tell_client':
      return outcome.emailed_to
        ? `The client was told by e-mail (${outcome.emailed_to}).`
        : 'The client was told (the message copied).';
  }
}

/**
 * The actions that fit a change (decision 054), beside it wherever it is shown: each button asks first in a dialog
 * (the service's quote before a cancel and refund, the client's message before telling them) with a note, or opens
 * the product's search filled from the booking (rebook, book again). What was done stays on the change.
 */
export function ChangeActions({ change }: { change: BookingChange }) {
  const [asking, setAsking] = useState<ChangeAction | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [opening, setOpening] = useState<unknown>(null);
  const result = useRef<HTMLParagraphElement>(null);
  const row = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const client = useQueryClient();
  const open = (action: ChangeAction) => {
    if (action === 'rebook' || action === 'book_again') {
      setOpening(null);
      startRebooking(change.id).then(
        (plan) => void navigate(rebookSearchPath(plan)),
        (error: unknown) => setOpening(error),
      );
      return;
    }
    setAsking(action);
  };
  const done = (after: BookingChange) => {
    const list = row.current?.closest('[data-changes]');
    const words = after.outcome ? outcomeWords(after.outcome) : 'Done.';
    setSaid(words);
    setAsking(null);
    notify(ACTION_LABELS[asking ?? 'accept'], words);
    // Focus on the result; a change that left the open list hands it to the list's message, which says what is left.
    void client
      .invalidateQueries({ queryKey: ['changes'] })
      .then(() => focusAfter(result.current, list?.querySelector('[data-changes-message]')));
  };
  if (change.actions.length === 0 && !change.outcome) return null;
  return (
    <div className="change-actions stack" ref={row}>
      {change.outcome && <p className="small">{outcomeWords(change.outcome)}</p>}
      {said && (
        <p className="visually-hidden" role="status" tabIndex={-1} ref={result}>
          {said}
        </p>
      )}
      {change.actions.length > 0 && (
        <div className="row change-action-buttons">
          {change.actions.map((action) => (
            <button
              key={action}
              type="button"
              className={action === change.actions[0] ? 'button primary' : 'button'}
              onClick={() => open(action)}
            >
              {action === 'cancel_refund' && change.handled_at
                ? 'Cancel the old booking…'
                : `${ACTION_LABELS[action]}${action === 'rebook' || action === 'book_again' ? '' : '…'}`}
            </button>
          ))}
        </div>
      )}
      {opening !== null && (
        <ErrorNotice
          error={opening instanceof Error ? opening : new Error(String(opening))}
          title="The search could not be filled from this booking"
        />
      )}
      {asking && (
        <ActionDialog
          change={change}
          action={asking}
          onClose={() => {
            setAsking(null);
            focusAfter(row.current?.querySelector('button'));
          }}
          onDone={done}
        />
      )}
    </div>
  );
}

function ActionDialog({
  change,
  action,
  onClose,
  onDone,
}: {
  change: BookingChange;
  action: ChangeAction;
  onClose: () => void;
  onDone: (after: BookingChange) => void;
}) {
  const live = useMe().data?.environment === 'live';
  const titleId = useId();
  const first = useRef<HTMLTextAreaElement>(null);
  const [note, setNote] = useState('');
  const [email, setEmail] = useState(true);
  const [copied, setCopied] = useState(false);
  const press = useChangeAction(change.id);
  const quote = useQuery({ ...cancelQuoteQuery(change.id), enabled: action === 'cancel_refund' });
  const message = useQuery({ ...clientMessageQuery(change.id), enabled: action === 'tell_client' });
  const sending = action === 'tell_client' && email && message.data?.can_email === true;
  const waiting =
    press.isPending ||
    (action === 'cancel_refund' && !quote.data) ||
    (action === 'tell_client' && !message.data);
  const title =
    action === 'cancel_refund' && change.handled_at
      ? `Cancel the old booking ${change.reference ?? change.booking_id}?`
      : `${ACTION_LABELS[action]}: ${change.reference ?? change.booking_id}`;
  const confirm =
    action === 'cancel_refund'
      ? quote.data?.refund && Number(quote.data.refund.amount) > 0
        ? `Cancel and refund ${formatMoney(quote.data.refund)}`
        : 'Cancel it'
      : action === 'tell_client'
        ? sending
          ? `E-mail ${message.data?.to ?? 'the client'}`
          : 'I told the client'
        : 'Record it';
  const submit = () =>
    press.mutate(
      {
        action,
        body: {
          note,
          ...(action === 'tell_client' ? { send_email: sending } : {}),
          ...(action === 'cancel_refund' && quote.data?.refund_type != null
            ? { refund_type: quote.data.refund_type }
            : {}),
        },
      },
      { onSuccess: onDone },
    );
  return (
    <ModalDialog
      role="alertdialog"
      labelledBy={titleId}
      className={live && action === 'cancel_refund' ? 'modal modal-live' : 'modal'}
      onClose={onClose}
      initialFocus={first}
    >
      <form
        className="dialog change-action-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (!waiting) submit();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {live && action === 'cancel_refund' && (
          <p className="live-warning">LIVE: this moves the office's real money.</p>
        )}
        <div className="dialog-body stack">
          {action === 'accept' && (
            <p>
              The change is handled as accepted by the client
              {change.product === 'flight'
                ? ', and the airline’s order gets a note saying who accepted it, and when.'
                : '.'}
            </p>
          )}
          {action === 'cancel_refund' && <QuoteBody query={quote} />}
          {action === 'tell_client' && message.isPending && <p>Writing the message…</p>}
          {action === 'tell_client' && message.error && (
            <QueryErrorNotice query={message} title="Could not write the message" />
          )}
          {action === 'tell_client' && message.data && (
            <>
              <p className="small muted">
                {message.data.to
                  ? `To ${message.data.to}`
                  : 'This booking has no e-mail address for its client.'}
                {' · '}
                {message.data.subject}
              </p>
              <pre className="client-message">{message.data.text}</pre>
              <div className="row">
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    void navigator.clipboard?.writeText(message.data.text).then(() => setCopied(true));
                  }}
                >
                  {copied ? 'Copied' : 'Copy the message'}
                </button>
                {message.data.can_email && (
                  <label className="check">
                    <input type="checkbox" checked={email} onChange={(e) => setEmail(e.target.checked)} />{' '}
                    E-mail it to {message.data.to}
                  </label>
                )}
              </div>
              {!message.data.can_email && (
                <p className="small muted">
                  {message.data.to
                    ? 'The console has no mail server: copy the message and send it yourself.'
                    : 'Copy the message and send it yourself.'}
                </p>
              )}
            </>
          )}
          <Field label="Your note on the change (optional)">
            {({ id }) => (
              <textarea
                id={id}
                ref={first}
                value={note}
                maxLength={1000}
                rows={2}
                onChange={(e) => setNote(e.target.value)}
                placeholder="What the client said, what you did…"
              />
            )}
          </Field>
          {press.error && <ErrorNotice error={press.error} title="That did not go through" />}
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Go back
          </button>
          <button
            type="submit"
            className={live && action === 'cancel_refund' ? 'button danger' : 'button primary'}
            disabled={waiting}
          >
            {press.isPending ? 'Working…' : confirm}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The service's own quote, before the agent confirms: what comes back, how, what is kept. */
function QuoteBody({ query }: { query: UseQueryResult<CancelQuote> }) {
  if (query.isPending) return <p>Getting the service’s quote…</p>;
  if (query.error || !query.data)
    return <QueryErrorNotice query={query} title="Could not get the service’s quote" />;
  const quote = query.data;
  return (
    <>
      <p data-quote>{quote.words}</p>
      {quote.kind === 'none' && (
        <p className="small muted">This service offers no cancellation quote for this booking.</p>
      )}
      {quote.lines.length > 0 && (
        <table className="data">
          <caption className="visually-hidden">What comes back, per ticket</caption>
          <thead>
            <tr>
              <th scope="col">Ticket</th>
              <th scope="col">Back</th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line) => (
              <tr key={line.label}>
                <td>{line.label}</td>
                <td>{money(line.refund) ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {quote.expires_at && (
        <p className="small muted">The quote holds until {whenLocal(quote.expires_at)}.</p>
      )}
    </>
  );
}

import type { Money } from '@console/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, useAttemptKey } from '../lib/api.ts';
import { focusNextStep, focusOnArrival } from '../lib/arrival-focus.ts';
import { linkRebooking } from '../lib/change-actions.ts';
import { formatMoney, priceDifference } from '../lib/format.ts';
import { markQuoteBooked } from '../lib/quote-booked.ts';
import { ErrorNotice } from './error-notice.tsx';
import { ResumedAttempt } from './resumed-attempt.tsx';
import { notify } from './toasts.tsx';
import './booking-frame.css';

/** One side of a changed offer or rate: its total and what else the agent compares. */
interface Side {
  total: Money;
  lines?: ReactNode[];
}

/** What the supplier changed since the agent chose it; the form waits until the agent accepts. */
export interface Change {
  title: string;
  before: Side;
  after: Side;
  price: boolean;
  hint?: string;
}

/**
 * The one frame of a book page, whichever the product (decision 051): the heading with the way back, what is being
 * booked, a change to accept before the form is offered, and the product's form inside. Arriving, the focus goes to
 * where the work starts (the form's first field, marked `data-screen-focus`, or the change's Accept); after Accept,
 * to the form's next step.
 */
export function BookFrame({
  title,
  back,
  change,
  summary,
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  change?: Change | null | false;
  /** What is being booked, shown above the change and the form. */
  summary?: ReactNode;
  children: ReactNode;
}) {
  const [accepted, setAccepted] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLDivElement>(null);
  useEffect(() => focusOnArrival(frame.current), []);
  useEffect(() => {
    if (accepted) focusNextStep(form.current);
  }, [accepted]);
  return (
    <div className="page stack book-frame" ref={frame}>
      <div className="page-head">
        <h1 tabIndex={-1}>{title}</h1>
        {back && <Link to={back.to}>{back.label}</Link>}
      </div>
      {change && !accepted && <ChangeNotice change={change} onAccept={() => setAccepted(true)} />}
      {summary}
      {(!change || accepted) && (
        <div className="stack" ref={form}>
          {children}
        </div>
      )}
    </div>
  );
}

function ChangeNotice({ change, onAccept }: { change: Change; onAccept: () => void }) {
  const { before, after } = change;
  const difference = priceDifference(before.total, after.total);
  return (
    <div role="alert" className="notice">
      <strong>{change.title}</strong>
      <div className="compare">
        <div>
          <div className="muted small">When you chose it</div>
          <strong>{formatMoney(before.total)}</strong>
          {before.lines?.map((line, i) => (
            <div className="small" key={`before-${i + 1}`}>
              {line}
            </div>
          ))}
        </div>
        <div className="new">
          <div className="muted small">Now</div>
          <strong>{formatMoney(after.total)}</strong>
          {difference && <div className="small">Difference: {difference}</div>}
          {after.lines?.map((line, i) => (
            <div className="small" key={`after-${i + 1}`}>
              {line}
            </div>
          ))}
        </div>
      </div>
      {change.hint && <p className="small">{change.hint}</p>}
      <button type="button" className="button primary" onClick={onAccept} data-screen-focus>
        Accept the new {change.price ? 'price' : 'terms'}
      </button>
    </div>
  );
}

/**
 * The end of every booking form: why it was not held (a wallet that cannot pay said as such), what needs attention,
 * an earlier try from this tab, the product's price and quote parts, and Hold with what it does.
 */
export function HoldActions({
  pending,
  label,
  hint,
  error,
  errorTitle,
  attention = [],
  resumed,
  children,
}: {
  pending: boolean;
  label: string;
  hint: string;
  error: Error | null;
  errorTitle?: string;
  attention?: (string | false)[];
  resumed: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      {error && (
        <ErrorNotice
          error={error}
          title={
            errorTitle ??
            (error instanceof ApiError && error.status === 402
              ? 'The wallet cannot pay for this booking'
              : 'The booking was not held')
          }
        />
      )}
      {attention.map(
        (message) =>
          message && (
            <p role="alert" className="field-error" key={message}>
              {message}
            </p>
          ),
      )}
      <ResumedAttempt resumed={resumed} />
      {children}
      <div className="row actions">
        <button type="submit" className="button primary" disabled={pending}>
          {pending ? 'Holding…' : label}
        </button>
        <span className="muted small">{hint}</span>
      </div>
    </>
  );
}

/**
 * Holding from a book page: one Idempotency-Key per attempt (a double click or a retry after a lost answer holds once),
 * the quote it was made from marked booked, the hold said, and on to its page (where the focus goes to its heading).
 */
export function useHold<B, R extends { id: string }>(
  create: UseMutationResult<R, Error, { body: B; key: string }>,
  scope: string,
  made: (booking: R) => { title: string; detail: string; to: string },
) {
  const key = useAttemptKey(scope);
  const navigate = useNavigate();
  return {
    resumed: key.resumed,
    hold(body: B, then: { made?: (booking: R) => void; refused?: (error: Error) => void } = {}) {
      create.mutate(
        { body, key: key.sending() },
        {
          onSuccess: (booking) => {
            const params = new URLSearchParams(window.location.search);
            markQuoteBooked(params.get('quote'), booking.id);
            const said = made(booking);
            notify(said.title, said.detail);
            then.made?.(booking);
            key.done();
            // A rebooking (decision 054): the new hold replaces the old booking before its page opens, which then
            // offers the old one's cancel with its quote. A link not made is said; the booking stands.
            void linkRebooking(params, booking)
              .catch(() =>
                notify(
                  'Not linked to the old booking',
                  'The new booking is held. Open the change again and press Rebook to link it.',
                ),
              )
              .finally(() => void navigate(said.to));
          },
          onError: (error) => {
            key.settle(error);
            then.refused?.(error);
          },
        },
      );
    },
  };
}

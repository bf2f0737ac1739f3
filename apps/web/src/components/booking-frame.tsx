import { allowedTriggers, isOneOf, type Money, type StateMachine } from '@console/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { focusOnArrival } from '../lib/arrival-focus.ts';
import { formatMoney } from '../lib/format.ts';
import { useMe } from '../lib/me.ts';
import { usePageActions } from '../lib/page-actions.ts';
import { BookingChanges, ReadAt } from './booking-changes.tsx';
import { BookingLinks } from './booking-links.tsx';
import { BookingClientPrice } from './client-price.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Countdown } from './countdown.tsx';
import { ErrorNotice, QueryErrorNotice } from './error-notice.tsx';
import { BookingTrips } from './office-parts.tsx';
import { UnknownStatusNotice } from './unknown-status.tsx';
import './booking-frame.css';

/** The timeline sits below the booking's own parts: it loads after them, keeping the page's first load in its budget. */
const BookingTimeline = lazy(() =>
  import('./booking-timeline.tsx').then((m) => ({ default: m.BookingTimeline })),
);

/** What an action said when it went through, shown by the status and given the focus. */
export interface ActionResult {
  title: string;
  detail?: string | undefined;
}

/**
 * One action on a booking (ticket, confirm, extend, cancel, refund), by its trigger: offered while the state machine
 * allows it, always asked first in a dialog, and the same in the command palette.
 */
export interface BookingAction<T extends string> {
  trigger: T;
  /** The button's words, and the palette's. */
  label: string;
  tone?: 'primary' | 'danger';
  /** `waiting`: the dialog cannot be answered yet (a quote on its way or expired). */
  ask: { title: string; confirmLabel: string; body: ReactNode; waiting?: boolean };
  /** Does it; its answer is the result said on the page (a refusal is the page's error). */
  run: () => Promise<ActionResult>;
}

/** The action that pays for a hold from the wallet (ticket, confirm): the amount on its button and in its question. */
export function payAction<T extends string>(
  trigger: T,
  verb: string,
  what: string,
  total: Money,
  paying: string,
  run: () => Promise<ActionResult>,
): BookingAction<T> {
  const amount = formatMoney(total);
  return {
    trigger,
    label: `${verb} · ${amount}`,
    tone: 'primary',
    ask: {
      title: `${verb} this ${what}?`,
      confirmLabel: `${verb} for ${amount}`,
      body: (
        <p>
          {amount} will be paid from the wallet{paying}
        </p>
      ),
    },
    run,
  };
}

/** The answer the page is for: loading, a failed read (with the way back), or the page itself. */
export function BookingLoad<D>({
  query,
  loading,
  failed,
  back,
  children,
}: {
  query: {
    isPending: boolean;
    error: unknown;
    data: D | undefined;
    dataUpdatedAt: number;
    refetch: () => Promise<unknown>;
  };
  loading: string;
  failed: string;
  back?: ReactNode;
  /** The page, with when the service said it. */
  children: (data: D, readAt: number) => ReactNode;
}) {
  if (query.isPending) return <p className="loading">{loading}</p>;
  if (query.error || query.data === undefined)
    return (
      <div className="page stack">
        <QueryErrorNotice query={query} title={failed} />
        {back}
      </div>
    );
  return children(query.data, query.dataUpdatedAt);
}

/**
 * The one frame of a booking's page, whichever the product: the heading with the status and the running clock, the
 * price, what the service said when, the booking's changes, the actions its state allows (each confirmed in a dialog;
 * the result said where the focus goes), a status the console does not know, the client's price, the trips, and the
 * product's own part inside (decision 051), and the booking's timeline under it all (decision 052).
 */
export function BookingFrame<S extends string, T extends string>({
  title,
  what,
  booking: { id, status, total, client_reference },
  machine,
  queryKey,
  deadline,
  facts,
  readAt,
  tripName,
  progress,
  actions,
  asking,
  onAsking,
  error,
  more,
  children,
}: {
  title: ReactNode;
  what: 'order' | 'booking';
  booking: { id: string; status: string; total: Money; client_reference?: string | null | undefined };
  machine: StateMachine<S, T>;
  /** Read again when the deadline passes, to show what the service did. */
  queryKey: QueryKey;
  /** The running clock of a hold, with the sentence that says what happens then. */
  deadline: { at: string; label: string; urgentMinutes?: number; note: ReactNode } | null;
  /** The product's facts beside the price, in order. */
  facts: (string | null | undefined | false)[];
  readAt: number;
  tripName: string;
  /** Said while the service works on it (ticketing, confirming). */
  progress?: string | false;
  actions: BookingAction<T>[];
  /** The action being asked in its dialog (the page reads a quote while it is open). */
  asking: string | null;
  onAsking: (trigger: string | null) => void;
  error: Error | null;
  /** A link beside the actions. */
  more?: ReactNode;
  children: ReactNode;
}) {
  const live = useMe().data?.environment === 'live';
  const client = useQueryClient();
  const known = isOneOf(machine.states, status);
  const allowed = known ? allowedTriggers(machine, status) : [];
  const offered = actions.filter((a) => allowed.includes(a.trigger));
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [focusDue, setFocusDue] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const said = useRef<HTMLParagraphElement>(null);
  const refused = useRef<HTMLDivElement>(null);
  // Arriving (after Hold, or from a link): the heading, unless the shell or the agent has put the focus somewhere.
  useEffect(() => focusOnArrival(frame.current), []);
  // After an action, its result or its refusal: never the page's body, where a button that went away leaves it.
  // (A refusal's words may come a moment after the dialog closes: the focus waits for them.)
  useEffect(() => {
    const target = said.current ?? refused.current;
    if (!focusDue || !target) return;
    target.focus();
    setFocusDue(false);
  }, [focusDue, result, error]);
  // The command palette offers the same buttons, opening the same confirmations.
  usePageActions(offered.map((a) => ({ id: a.trigger, label: a.label, run: () => onAsking(a.trigger) })));
  const run = (action: BookingAction<T>) => {
    setRunning(true);
    setResult(null);
    action
      .run()
      .then(setResult, () => undefined)
      .finally(() => {
        setRunning(false);
        onAsking(null);
        setFocusDue(true);
      });
  };
  const lines = [...facts, client_reference && `client reference ${client_reference}`].filter(Boolean);

  return (
    <div className="page stack booking-frame" ref={frame}>
      <div className="page-head">
        <h1 tabIndex={-1}>{title}</h1>
        <span className={`status-pill status-${status}`}>{status}</span>
        {status === 'held' && deadline && (
          <Countdown
            deadline={deadline.at}
            label={deadline.label}
            urgentMinutes={deadline.urgentMinutes}
            onPassed={() => void client.invalidateQueries({ queryKey })}
          />
        )}
      </div>
      <p>
        <strong>{formatMoney(total)}</strong>
        {lines.map((line) => ` · ${line}`)}
      </p>
      <ReadAt readAt={readAt} />
      <BookingChanges bookingId={id} readAt={readAt} />
      <BookingLinks bookingId={id} />
      {status === 'held' && deadline && <p className="muted small">{deadline.note}</p>}
      {progress && (
        <p role="status" className="notice">
          {progress}
        </p>
      )}
      {!known && <UnknownStatusNotice status={status} what={what} />}
      {(offered.length > 0 || more) && (
        <div className="row actions">
          {offered.map((a) => (
            <button
              key={a.trigger}
              type="button"
              className={
                a.tone === 'primary'
                  ? 'button primary'
                  : a.tone === 'danger'
                    ? 'button danger-outline'
                    : 'button'
              }
              onClick={() => onAsking(a.trigger)}
            >
              {a.label}
            </button>
          ))}
          {more}
        </div>
      )}
      {result && !error && (
        <p role="status" className="notice" tabIndex={-1} ref={said}>
          <strong>{result.title}</strong>
          {result.detail && ` ${result.detail}`}
        </p>
      )}
      {error && <ErrorNotice error={error} title="That action did not go through" ref={refused} />}
      {/* The office's parts (the client's price, the trips) after the actions: the booking's next step (Confirm,
          Ticket) is the first control after the heading (decision 050). */}
      <BookingClientPrice bookingId={id} />
      <BookingTrips bookingId={id} tripName={tripName} />
      {children}
      <Suspense fallback={<p className="loading">Loading the timeline…</p>}>
        <BookingTimeline bookingId={id} readAt={readAt} />
      </Suspense>
      {actions.map((a) => (
        <ConfirmDialog
          key={a.trigger}
          isOpen={asking === a.trigger}
          onOpenChange={(open) => !open && onAsking(null)}
          title={a.ask.title}
          confirmLabel={a.ask.confirmLabel}
          live={live}
          pending={running || a.ask.waiting}
          onConfirm={() => run(a)}
        >
          {a.ask.body}
        </ConfirmDialog>
      ))}
    </div>
  );
}

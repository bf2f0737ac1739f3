import type { BookingChange, ChangeValue, WatchedSegment } from '@console/contract';
import { useState } from 'react';
import { CHANGE_LABELS, useBookingChanges, useHandleChange } from '../lib/changes.ts';
import { focusAfter } from '../lib/focus-after.ts';
import { whenLocal } from '../lib/format.ts';
import { ChangeActions } from './change-actions.tsx';
import { ChangeQueue } from './change-queue.tsx';
import { ErrorNotice, QueryErrorNotice } from './error-notice.tsx';
import { TextField } from './text-field.tsx';
import './booking-changes.css';

/** A time as the service wrote it, in the place's own clock: "2026-12-28 17:00 (UTC+01:00)". */
function asWritten(value: string | null | undefined): string {
  if (!value) return '—';
  const at = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(value);
  if (!at) return value;
  const offset = at[3] === 'Z' ? '+00:00' : at[3];
  return `${at[1]} ${at[2]}${offset ? ` (UTC${offset})` : ''}`;
}

function segmentCells(s: WatchedSegment | undefined): string[] {
  if (!s) return ['—', '—', '—', '—'];
  if (s.as_written)
    return [
      Object.entries(s.as_written)
        .map(([key, value]) => `${key}: ${value ?? '—'}`)
        .join(' · '),
      '',
      '',
      '',
    ];
  return [
    s.flight_number ?? '—',
    s.origin && s.destination ? `${s.origin} → ${s.destination}` : '—',
    asWritten(s.departing_at),
    asWritten(s.arriving_at),
  ];
}

/** Before and now, segment by segment, the moved values marked. */
function Segments({ before, after }: { before: WatchedSegment[]; after: WatchedSegment[] }) {
  const rows = Math.max(before.length, after.length);
  return (
    <table className="data change-table">
      <caption className="visually-hidden">Segments before and now</caption>
      <thead>
        <tr>
          <th scope="col">Segment</th>
          <th scope="col">Was</th>
          <th scope="col">Now</th>
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: rows }, (_, i) => {
          const was = segmentCells(before[i]);
          const now = segmentCells(after[i]);
          const key = `segment-${i}`;
          return (
            <tr key={key}>
              <th scope="row">{i + 1}</th>
              <td>
                <SegmentValue cells={was} />
              </td>
              <td>
                <SegmentValue cells={now} was={was} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

const SEGMENT_PARTS = ['Flight', 'Route', 'Departs', 'Arrives'] as const;
/** A segment's parts; on the "now" side, those that moved from `was` are marked. */
function SegmentValue({ cells, was }: { cells: string[]; was?: string[] }) {
  return (
    <dl className="change-segment">
      {cells.map((cell, i) =>
        cell === '' ? null : (
          <div key={SEGMENT_PARTS[i]} className={was && cell !== was[i] ? 'moved' : undefined}>
            <dt>{SEGMENT_PARTS[i]}</dt>
            <dd>{cell}</dd>
          </div>
        ),
      )}
    </dl>
  );
}

const VALUE_LABELS: Partial<Record<keyof ChangeValue, string>> = {
  status: 'Status',
  total: 'Total',
  check_in: 'Check-in',
  check_out: 'Check-out',
  date: 'Date',
  timeslot: 'Time',
  deadline: 'Deadline',
};

/** The values that were and are, side by side; a booking the service no longer knows shows what it last said. */
function Values({ change }: { change: BookingChange }) {
  const { before, after } = change;
  if (before.segments || after.segments)
    return <Segments before={before.segments ?? []} after={after.segments ?? []} />;
  // What moved, and the status whatever it did (a booking's state is what an agent reads first).
  const keys = (Object.keys(VALUE_LABELS) as (keyof ChangeValue)[]).filter(
    (key) =>
      (before[key] !== undefined || after[key] !== undefined) &&
      (key === 'status' || before[key] !== after[key]),
  );
  if (keys.length === 0) return null;
  const shown = (key: keyof ChangeValue, value: unknown) =>
    typeof value !== 'string' ? '—' : key === 'deadline' ? whenLocal(value) : value;
  return (
    <table className="data change-table">
      <caption className="visually-hidden">Before and now</caption>
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">Was</th>
          <th scope="col">Now</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key} className={before[key] !== after[key] ? 'moved' : undefined}>
            <th scope="row">{VALUE_LABELS[key]}</th>
            <td>{shown(key, before[key])}</td>
            <td>{shown(key, after[key])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A change handled leaves the list to act on: focus goes on to the next change's note (or the one before), else to
 * the list's message (`data-changes-message`), which says what is left (decision 046).
 */
function focusOnNextChange(form: HTMLFormElement) {
  const list = form.closest('[data-changes]');
  const notes = [...(list?.querySelectorAll('[data-change-note]') ?? [])];
  const mine = notes.findIndex((note) => form.contains(note));
  focusAfter(notes[mine + 1], notes[mine - 1], list?.querySelector('[data-changes-message]'));
}

/** Marking a change handled, with what was done (the note stays with the change; the audit log says who handled it). */
function HandleForm({ change, onHandled }: { change: BookingChange; onHandled?: () => void }) {
  const handle = useHandleChange();
  const [note, setNote] = useState('');
  return (
    <form
      className="row handle-change"
      aria-label={`Handle: ${change.summary}`}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        handle.mutate(
          { id: change.id, note },
          {
            onSuccess: () => {
              onHandled?.();
              focusOnNextChange(form);
            },
          },
        );
      }}
    >
      <TextField
        label="What you did (optional)"
        data-change-note
        value={note}
        onChange={setNote}
        maxLength={1000}
        placeholder="Told the client, rebooked, accepted the new times…"
      />
      <button type="submit" className="button primary search-button" disabled={handle.isPending}>
        {handle.isPending ? 'Saving…' : 'Mark handled'}
      </button>
      {handle.error && <ErrorNotice error={handle.error} title="Not marked handled" />}
    </form>
  );
}

/** One change: what it is in words, what was and is, and who handled it or the way to handle it. */
export function ChangeCard({
  change,
  heading = 'h3',
  row = false,
  children,
}: {
  change: BookingChange;
  heading?: 'h2' | 'h3';
  /** A row of a list the keys walk (j, k; Enter opens its `data-row-open`). */
  row?: boolean;
  children?: React.ReactNode;
}) {
  const Heading = heading;
  return (
    <article
      className={`card stack change change-${change.kind}`}
      aria-label={CHANGE_LABELS[change.kind]}
      data-row={row || undefined}
      tabIndex={row ? -1 : undefined}
    >
      <header className="change-head">
        <Heading>{CHANGE_LABELS[change.kind]}</Heading>
        <span className="muted small">seen {whenLocal(change.detected_at)}</span>
      </header>
      {children}
      <p>{change.summary}</p>
      <Values change={change} />
      {change.handled_at ? (
        <p className="muted small">
          Handled {whenLocal(change.handled_at)}
          {change.handled_by ? ` by ${change.handled_by}` : ''}
          {change.note ? `: ${change.note}` : ''}
        </p>
      ) : (
        <HandleForm change={change} />
      )}
      <ChangeActions change={change} />
      <ChangeQueue change={change} />
    </article>
  );
}

/**
 * A booking's changes on its page (decision 037): the open ones first, to act on; the handled ones behind a
 * disclosure. Nothing shows for a booking nothing happened to. On a trip's page (`part`: the part's name) the open
 * ones only, under the part's name.
 */
export function BookingChanges({
  bookingId,
  readAt,
  part,
}: {
  bookingId: string;
  readAt: number;
  part?: string;
}) {
  const open = useBookingChanges(bookingId, 'open', readAt);
  // A snoozed change is still the booking's: its page says so until it comes back (decision 053).
  const snoozed = useBookingChanges(bookingId, 'snoozed', readAt, part === undefined);
  const handled = useBookingChanges(bookingId, 'handled', readAt, part === undefined);
  if (open.error) return <QueryErrorNotice query={open} title="Could not load this booking’s changes" />;
  const openList = open.data?.data ?? [];
  const snoozedList = snoozed.data?.data ?? [];
  const handledList = handled.data?.data ?? [];
  if (openList.length === 0 && snoozedList.length === 0 && handledList.length === 0) return null;
  const count = `${openList.length} to act on`;
  return (
    <section aria-labelledby={`changes-${bookingId}`} className="stack booking-changes" data-changes>
      <h2 id={`changes-${bookingId}`} data-changes-message tabIndex={-1}>
        {part !== undefined
          ? `${part}: changed by itself, ${count}`
          : openList.length > 0
            ? `Changed by itself: ${count}`
            : snoozedList.length > 0
              ? 'Changes, snoozed'
              : 'Changes, handled'}
      </h2>
      {openList.map((change) => (
        <ChangeCard key={change.id} change={change} />
      ))}
      {snoozedList.length > 0 && (
        <details>
          <summary>
            {snoozedList.length} snoozed change{snoozedList.length === 1 ? '' : 's'}, back when{' '}
            {snoozedList.length === 1 ? 'its' : 'their'} time comes
          </summary>
          <div className="stack">
            {snoozedList.map((change) => (
              <ChangeCard key={change.id} change={change} />
            ))}
          </div>
        </details>
      )}
      {handledList.length > 0 && (
        <details>
          <summary>
            {handledList.length} handled change{handledList.length === 1 ? '' : 's'}
            {handled.data?.has_more ? ' (the latest)' : ''}
          </summary>
          <div className="stack">
            {handledList.map((change) => (
              <ChangeCard key={change.id} change={change} />
            ))}
          </div>
        </details>
      )}
    </section>
  );
}

/** When the page's answer came from the service: what it shows is what the service said then. */
export function ReadAt({ readAt }: { readAt: number }) {
  if (!readAt) return null;
  return (
    <p className="muted small">As the booking service said at {whenLocal(new Date(readAt).toISOString())}.</p>
  );
}

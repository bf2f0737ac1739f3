import type { TimelineEvent } from '@console/contract';
import { useEffect, useRef, useState } from 'react';
import { agentTime } from '../lib/time-zone.ts';
import { newRemarkKey, REMARK_MAX, useAddRemark, useBookingTimeline } from '../lib/timeline.ts';
import { ErrorNotice, QueryErrorNotice } from './error-notice.tsx';
import './booking-timeline.css';

/** What kind of event a row is, in a word or two beside its author. */
const KIND_WORDS: Record<string, string> = {
  made: 'Made',
  console_move: 'Console',
  service_move: 'Service',
  change_found: 'Change',
  change_assigned: 'Assigned',
  change_snoozed: 'Snoozed',
  change_woke: 'Back',
  change_handled: 'Handled',
  change_action: 'Action',
  mail_sent: 'E-mail',
  fee_changed: 'Fee',
  trip_joined: 'Trip',
  trip_left: 'Trip',
  note_sent: 'Note',
  replaces: 'Rebooked',
  replaced_by: 'Rebooked',
  remark: 'Internal remark',
};

function EventRow({ event }: { event: TimelineEvent }) {
  return (
    <li className={`timeline-event${event.internal ? ' internal' : ''}`} data-event={event.id} tabIndex={-1}>
      <div className="timeline-meta small">
        <time dateTime={event.at}>{agentTime(event.at)}</time>
        <span className="muted"> · {event.author.label}</span>
        <span className="timeline-kind">{KIND_WORDS[event.kind] ?? event.kind}</span>
      </div>
      <p>{event.summary}</p>
    </li>
  );
}

/** The remark form: kept in the console only, never on the client's documents nor sent to the service. */
function RemarkForm({ bookingId, onAdded }: { bookingId: string; onAdded: (id: string) => void }) {
  const add = useAddRemark(bookingId);
  const [text, setText] = useState('');
  // One press is one remark, however often it is sent: a new key once it is kept.
  const [key, setKey] = useState(newRemarkKey);
  const [empty, setEmpty] = useState(false);
  return (
    <form
      className="stack timeline-remark"
      aria-label="Add an internal remark"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === '') {
          setEmpty(true);
          return;
        }
        setEmpty(false);
        add.mutate(
          { text, key },
          {
            onSuccess: (remark) => {
              setText('');
              setKey(newRemarkKey());
              onAdded(remark.id);
            },
          },
        );
      }}
    >
      <div className="field">
        <label htmlFor={`remark-${bookingId}`}>Internal remark</label>
        <span className="muted small" id={`remark-help-${bookingId}`}>
          Seen only in the console: never printed for the client, never sent to the service.
        </span>
        <textarea
          id={`remark-${bookingId}`}
          value={text}
          rows={2}
          maxLength={REMARK_MAX}
          aria-describedby={`remark-help-${bookingId}${empty ? ` remark-error-${bookingId}` : ''}`}
          aria-invalid={empty || undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {empty && (
          <span className="field-error" id={`remark-error-${bookingId}`}>
            Write the remark first.
          </span>
        )}
      </div>
      <div className="row">
        <button type="submit" className="button" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add remark'}
        </button>
      </div>
      {add.error && <ErrorNotice error={add.error} title="The remark was not added" />}
    </form>
  );
}

/**
 * A booking's timeline on its page (decision 052): every event with who or what caused it, oldest first, the latest
 * page first shown, with earlier and later pages a press away; an internal remark form under it. A remark added takes
 * the focus, so the agent hears it is there.
 */
export function BookingTimeline({ bookingId, readAt }: { bookingId: string; readAt: number }) {
  const [cursor, setCursor] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const page = useBookingTimeline(bookingId, cursor, readAt);
  useEffect(() => {
    if (!focusId || !page.data?.data.some((e) => e.id === focusId)) return;
    list.current?.querySelector<HTMLElement>(`[data-event="${focusId}"]`)?.focus();
    setFocusId(null);
  }, [focusId, page.data]);
  const go = (to: string | null) => {
    setCursor(to);
    heading.current?.focus();
  };
  const events = page.data?.data ?? [];
  return (
    <section aria-labelledby={`timeline-${bookingId}`} className="card stack booking-timeline">
      <h2 id={`timeline-${bookingId}`} tabIndex={-1} ref={heading}>
        Timeline
      </h2>
      {page.error && <QueryErrorNotice query={page} title="Could not load this booking’s timeline" />}
      {page.isPending && <p className="muted">Loading the timeline…</p>}
      {page.data?.earlier_cursor && (
        <button type="button" className="button link" onClick={() => go(page.data?.earlier_cursor ?? null)}>
          Earlier events
        </button>
      )}
      {page.data && events.length === 0 && <p className="muted">Nothing has happened to this booking yet.</p>}
      {events.length > 0 && (
        <ol className="timeline-events" ref={list}>
          {events.map((event) => (
            <EventRow key={event.id} event={event} />
          ))}
        </ol>
      )}
      {page.data?.later_cursor && (
        <button type="button" className="button link" onClick={() => go(page.data?.later_cursor ?? null)}>
          Later
        </button>
      )}
      <RemarkForm
        bookingId={bookingId}
        onAdded={(id) => {
          setCursor(null);
          setFocusId(id);
        }}
      />
    </section>
  );
}

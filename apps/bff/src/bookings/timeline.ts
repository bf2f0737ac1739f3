import type { TimelineEvent as TimelineEventView, TimelinePage, TimelineQuery } from '@console/contract';
import type { Db } from '../db/index.ts';
import type { Logger } from '../platform/log.ts';
import type { Actor } from '../platform/types.ts';
import { timelineEventByDedupe, timelinePage } from './timeline-read.ts';

/**
 * What can happen on a booking, as its timeline says it (decision 052). Written by the part of the console that did
 * it, or saw it: each kind names its author in `actor`.
 */
export type TimelineKind =
  /** Made by an agent, with its price. */
  | 'made'
  /** Moved by the console on someone's press (ticket, confirm, extend, cancel, refund, accept a new price). */
  | 'console_move'
  /** Moved by the service by itself, as the watch (or any read) saw it. */
  | 'service_move'
  | 'change_found'
  | 'change_assigned'
  | 'change_snoozed'
  | 'change_woke'
  | 'change_handled'
  /** An action taken from a change: the client accepted, cancelled and refunded, booked again, told the client. */
  | 'change_action'
  | 'mail_sent'
  | 'fee_changed'
  | 'trip_joined'
  | 'trip_left'
  /** A note sent to the service on the order (`POST /flights/orders/{id}/notes`). */
  | 'note_sent'
  /** This booking replaces another (data.booking_id), or is replaced by one. */
  | 'replaces'
  | 'replaced_by'
  /** An agent's internal remark: never on anything the client sees, never sent to the service. */
  | 'remark';

/** Who or what caused an event: a person's press, the service by itself, or the console by itself (the watch, a job). */
export type TimelineActor = { kind: 'agent'; who: Actor } | { kind: 'service' } | { kind: 'console' };

export interface TimelineEvent {
  bookingId: string;
  kind: TimelineKind;
  actor: TimelineActor;
  /** In the agent's words, complete on its own: "Ticketed by ana@office.test", "Hold reminder e-mailed to …". */
  summary: string;
  /** The event's facts (amounts, ids, the note), kept as JSON. */
  data?: Record<string, unknown>;
  /** When it happened (epoch ms); the timeline's clock (the ledger's) when not given. */
  at?: number;
  /** The same event written again (a retried press, two instances seeing one move) is one row. */
  dedupe?: string;
}

/**
 * Every booking's timeline (decision 052): append-only, one row per event, written where the event happens. Writing
 * an event never fails the move it records: a timeline that cannot be written is logged by the caller's error path,
 * not shown to the agent as a failed booking.
 */
export class BookingTimeline {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
    private readonly log?: Logger,
  ) {}

  /**
   * Writes one event after the move it tells of, never failing that move (decision 052): a timeline that cannot be
   * written is logged, and the booking's move stands.
   */
  async note(event: TimelineEvent): Promise<void> {
    try {
      await this.record(event);
    } catch (error) {
      this.log?.warn(
        { err: error, booking: event.bookingId, kind: event.kind },
        'timeline event not written',
      );
    }
  }

  /** A page of one booking's timeline, oldest first (timeline-read.ts). */
  page(bookingId: string, query: TimelineQuery): Promise<TimelinePage> {
    return timelinePage(this.db, bookingId, query);
  }

  /** The event written under a dedupe key, as a page shows it. */
  byDedupe(dedupe: string): Promise<TimelineEventView | undefined> {
    return timelineEventByDedupe(this.db, dedupe);
  }

  /** Writes one event; whether it is new (false: written already under its dedupe key). */
  async record(event: TimelineEvent): Promise<boolean> {
    const who = event.actor.kind === 'agent' ? event.actor.who : null;
    const result = await this.db
      .insertInto('booking_events')
      .values({
        booking_id: event.bookingId,
        at: new Date(event.at ?? this.clock()).toISOString(),
        kind: event.kind,
        actor_kind: event.actor.kind,
        actor_id: who?.id ?? null,
        actor_email: who?.email ?? null,
        summary: event.summary,
        data: event.data ? JSON.stringify(event.data) : null,
        dedupe: event.dedupe ?? null,
      })
      .onConflict((oc) => oc.column('dedupe').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }
}

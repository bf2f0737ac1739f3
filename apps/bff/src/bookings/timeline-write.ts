import type { Money } from '@console/contract';
import type { DueMail } from '../platform/outbox.ts';
import type { Actor } from '../platform/types.ts';
import type { Facts } from './facts.ts';
import type { BookingTimeline, TimelineEvent } from './timeline.ts';

/**
 * The timeline's events as the places that exist write them (decision 052): each complete in the agent's words, with
 * its author, its facts and, where a retry or a second instance could write it twice, its dedupe key.
 */

const amount = (m: Money) => `${m.amount} ${m.currency}`;

/** What each console move is called on the timeline. */
const MOVE_WORDS: Record<string, string> = {
  'flight.order.ticket': 'Ticketing asked',
  'flight.order.cancel': 'Cancelled',
  'flight.order.refund': 'Refund asked',
  'hotel.order.confirm': 'Confirmed',
  'hotel.order.cancel': 'Cancelled',
  'hotel.order.extend_deadline': 'Deadline extended',
  'activity.booking.confirm': 'Confirmed',
  'activity.booking.cancel': 'Cancelled',
};

/** A booking made by an agent, with its price: once per booking, however often its create is replayed. */
export function madeEvent(
  facts: Facts,
  who: Actor,
  price: { fee: Money; client: Money } | null | undefined,
): TimelineEvent {
  const priced = price ? `; client price ${amount(price.client)} (fee ${amount(price.fee)})` : '';
  return {
    bookingId: facts.id,
    kind: 'made',
    actor: { kind: 'agent', who },
    summary: `Made by ${who.email} (${facts.status}): ${facts.summary}, ${amount(facts.total)} net${priced}`,
    data: {
      status: facts.status,
      total: facts.total,
      ...(price ? { client: price.client, fee: price.fee } : {}),
    },
    dedupe: `made:${facts.id}`,
  };
}

/**
 * A move the console made on someone's press (ticket, confirm, extend, cancel, refund): the same press sent again with
 * its Idempotency-Key is one event.
 */
export function moveEvent(
  bookingId: string,
  who: Actor,
  action: string,
  facts: { status: string | null; refunded?: Money | null; key?: string | undefined },
): TimelineEvent {
  const words = MOVE_WORDS[action] ?? action;
  const now = facts.status ? `; now ${facts.status}` : '';
  const back = facts.refunded ? `; ${amount(facts.refunded)} back` : '';
  return {
    bookingId,
    kind: 'console_move',
    actor: { kind: 'agent', who },
    summary: `${words} by ${who.email}${now}${back}`,
    data: {
      action,
      status: facts.status,
      ...(facts.refunded ? { refunded: facts.refunded } : {}),
    },
    ...(facts.key ? { dedupe: `move:${bookingId}:${action}:${facts.key}` } : {}),
  };
}

/**
 * A move the service made by itself, as a read the console did not cause saw it (the watch, a page's read): dated
 * when it was seen; one event per move, whichever instance saw it.
 */
export function serviceMoveEvent(
  bookingId: string,
  from: string,
  to: string,
  version: string,
  seenAt: number,
): TimelineEvent {
  const summary =
    to === 'missing'
      ? `The service no longer knows this booking (it was ${from}); seen by the console`
      : `Moved by the service from ${from} to ${to}; seen by the console`;
  return {
    bookingId,
    kind: 'service_move',
    actor: { kind: 'service' },
    summary,
    data: { from, to, seen_at: new Date(seenAt).toISOString() },
    at: seenAt,
    dedupe: `service:${bookingId}:${version}:${to}`,
  };
}

/** A booking's fee set by hand, with the reason. */
export function feeEvent(
  bookingId: string,
  who: Actor,
  from: string | null,
  to: string,
  reason: string,
): TimelineEvent {
  return {
    bookingId,
    kind: 'fee_changed',
    actor: { kind: 'agent', who },
    summary: `Fee changed by ${who.email} from ${from ?? 'none'} to ${to} USD: ${reason}`,
    data: { from, to, reason },
  };
}

/** A booking attached to a trip, or detached from it. */
export function tripEvent(
  bookingId: string,
  who: Actor,
  trip: { id: string; reference: string; name: string },
  joined: boolean,
): TimelineEvent {
  return {
    bookingId,
    kind: joined ? 'trip_joined' : 'trip_left',
    actor: { kind: 'agent', who },
    summary: joined
      ? `Added to trip ${trip.name} (${trip.reference}) by ${who.email}`
      : `Taken off trip ${trip.name} (${trip.reference}) by ${who.email}`,
    data: { trip_id: trip.id, reference: trip.reference },
  };
}

/** Notes an agent sent to the service on the order. */
export function notesEvent(bookingId: string, who: Actor, notes: readonly string[]): TimelineEvent {
  return {
    bookingId,
    kind: 'note_sent',
    actor: { kind: 'agent', who },
    summary: `Sent to the service as a note by ${who.email}: ${notes.join(' / ')}`,
    data: { notes: [...notes] },
  };
}

/** An e-mail about a booking, sent by the outbox (when it went, not when it was queued): once per outbox row. */
export function mailEvent(
  bookingId: string,
  mail: { id: string; email: string; subject: string; kind: string },
  sentAt: number,
): TimelineEvent {
  return {
    bookingId,
    kind: 'mail_sent',
    actor: { kind: 'console' },
    summary: `E-mailed to ${mail.email}: ${mail.subject}`,
    data: { to: mail.email, subject: mail.subject, mail_kind: mail.kind },
    at: sentAt,
    dedupe: `mail:${mail.id}`,
  };
}

/** A change found on a booking (decision 037), found by the console's read: once per change. */
export function changeFoundEvent(
  bookingId: string,
  change: { id: string; kind: string; summary: string; detectedAt: string },
): TimelineEvent {
  return {
    bookingId,
    kind: 'change_found',
    actor: { kind: 'console' },
    summary: `Change found: ${change.summary}`,
    data: { change_id: change.id, change_kind: change.kind },
    at: Date.parse(change.detectedAt),
    dedupe: `change:${change.id}`,
  };
}

/** The outbox's e-mails as they went: each about a booking on that booking's timeline (sendOutbox's `onSent`). */
export const mailsOnTimeline =
  (timeline: BookingTimeline, clock: () => number) =>
  async (mails: readonly DueMail[]): Promise<void> => {
    for (const mail of mails)
      if (mail.bookingId)
        await timeline.note(
          mailEvent(
            mail.bookingId,
            { id: mail.id, email: mail.email, subject: mail.content.subject, kind: mail.kind },
            clock(),
          ),
        );
  };

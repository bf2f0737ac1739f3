import { createHash, randomUUID } from 'node:crypto';
import {
  type BookingChange,
  type ChangeCount,
  ChangeKindSchema,
  type ChangeOutcome,
  ChangeOutcomeSchema,
  type ChangesQuery,
  type ChangeValue,
  ChangeValueSchema,
  type Environment,
  type Product,
  type WatchedSegment,
} from '@console/contract';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { mailText, oneLine } from '../platform/mailer.ts';
import type { MailOutbox } from '../platform/outbox.ts';
import { decodeCursor, type Page, pageFrom } from '../platform/pages.ts';
import type { Actor } from '../platform/types.ts';
import { actionsFor } from './change-offers.ts';
import type { ChangeDraft } from './changes.ts';
import { BookingTimeline } from './timeline.ts';
import { changeFoundEvent } from './timeline-write.ts';

const ORDER = 'changes.travel';
/** Where a change's travel date is unknown: after every known one. */
const NO_TRAVEL = '9999-12-31';
/** The top bar counts up to here ("99+" past it): a count never scans an office's history. */
const COUNT_CAP = 99;
/** A daily digest goes out at this hour (UTC). */
const DIGEST_HOUR_UTC = 7;

/** The booking a change is about, as the ledger holds it. */
export interface ChangedBooking {
  id: string;
  environment: Environment;
  product: Product;
  agent_id: string;
  agent_email: string;
  travel_on: string | null;
  reference: string | null;
  summary: string;
  /** Who travels, as the ledger has them (the client, for the e-mail). */
  people?: readonly string[];
  clientReference?: string | null;
}

/**
 * A change's identity: the booking, the ledger row's version it was compared with (its `updated_at`), the kind and
 * what was and is. Two instances comparing the same row write one change; a read again after a crash between
 * recording and updating the row finds the same one; the same move made again later (from a newer row) is new.
 */
const fingerprint = (bookingId: string, version: string, draft: ChangeDraft) =>
  createHash('sha256')
    .update(
      `${bookingId}|${version}|${draft.kind}|${JSON.stringify(draft.before)}|${JSON.stringify(draft.after)}`,
    )
    .digest('hex');

/** The next daily digest's time after `at` (epoch ms). */
function nextDigest(at: number): number {
  const day = new Date(at);
  day.setUTCHours(DIGEST_HOUR_UTC, 0, 0, 0);
  if (day.getTime() <= at) day.setUTCDate(day.getUTCDate() + 1);
  return day.getTime();
}

/** A change as the lists show it: its row and its booking's reference and summary. */
const changeRows = (db: Db) =>
  db
    .selectFrom('booking_changes')
    .leftJoin('bookings', 'bookings.id', 'booking_changes.booking_id')
    .select([
      'booking_changes.id',
      'booking_changes.booking_id',
      'booking_changes.product',
      'booking_changes.kind',
      'booking_changes.summary',
      'booking_changes.before_value',
      'booking_changes.after_value',
      'booking_changes.detected_at',
      'booking_changes.agent_id',
      'booking_changes.agent_email',
      'booking_changes.travel_key',
      'booking_changes.handled_at',
      'booking_changes.handled_by',
      'booking_changes.note',
      'bookings.reference',
      'bookings.summary as booking_summary',
      'booking_changes.state',
      'booking_changes.outcome',
      'bookings.status as booking_status',
    ]);
type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof changeRows>['executeTakeFirst']>>>;

function toChange(row: Row): BookingChange {
  const json = (text: string) => ChangeValueSchema.catch({}).parse(JSON.parse(text));
  const outcome = row.outcome
    ? ChangeOutcomeSchema.nullable().catch(null).parse(JSON.parse(row.outcome))
    : null;
  const kind = ChangeKindSchema.catch('cancelled').parse(row.kind);
  return {
    id: row.id,
    booking_id: row.booking_id,
    product: row.product,
    kind,
    summary: row.summary,
    before: json(row.before_value),
    after: json(row.after_value),
    detected_at: row.detected_at,
    agent: { id: row.agent_id, email: row.agent_email },
    travel_on: row.travel_key === NO_TRAVEL ? null : row.travel_key,
    reference: row.reference,
    booking_summary: row.booking_summary ?? '',
    handled_at: row.handled_at,
    handled_by: row.handled_by,
    note: row.note,
    actions: actionsFor({
      kind,
      handled: row.state === 'handled',
      bookingStatus: row.booking_status,
      outcome,
    }),
    outcome,
  };
}

/**
 * The changes agents must act on (decision 037): recorded once each (a unique fingerprint of the booking, the kind and
 * what it is now, so two instances that see it at once write one row), each e-mailed to the booking's agent (the
 * office's admins when the agent is disabled) as they chose, and listed nearest travel first, newest first within it.
 */
export class BookingChanges {
  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly publicUrl: string,
    /** Whether the office's mail goes out (SMTP_URL): without it nothing is queued, so none piles up to go at once. */
    private readonly mailing: boolean,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Records what changed on a booking, compared with the ledger row of `version`; how many are new. Called before the
   * row is updated, so a crash in between leaves the comparison to make again: the change is found recorded (one row,
   * by its fingerprint) and its e-mails queued if they were not (one each, by their dedupe key).
   */
  async record(booking: ChangedBooking, version: string, drafts: readonly ChangeDraft[]): Promise<number> {
    let recorded = 0;
    for (const draft of drafts) {
      const print = fingerprint(booking.id, version, draft);
      const id = `chg_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
      const detectedAt = new Date(this.clock()).toISOString();
      const result = await this.db
        .insertInto('booking_changes')
        .values({
          id,
          booking_id: booking.id,
          environment: booking.environment,
          product: booking.product,
          kind: draft.kind,
          summary: draft.summary,
          before_value: JSON.stringify(draft.before),
          after_value: JSON.stringify(draft.after),
          detected_at: detectedAt,
          agent_id: booking.agent_id,
          agent_email: booking.agent_email,
          travel_key: booking.travel_on ?? NO_TRAVEL,
          state: 'open',
          handled_at: null,
          handled_by: null,
          note: null,
          fingerprint: print,
        })
        .onConflict((oc) => oc.column('fingerprint').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 1) {
        await new BookingTimeline(this.db).note(
          changeFoundEvent(booking.id, { id, kind: draft.kind, summary: draft.summary, detectedAt }),
        );
        recorded += 1;
        await this.#mail(id, booking, draft);
        continue;
      }
      // Recorded already (by another instance, or before a crash): its e-mails queued once, whoever queues them.
      const known = await this.db
        .selectFrom('booking_changes')
        .select(['id', 'state'])
        .where('fingerprint', '=', print)
        .executeTakeFirst();
      if (known?.state === 'open') await this.#mail(known.id, booking, draft);
    }
    return recorded;
  }

  /**
   * Whether a queued e-mail still tells its reader something to act on: a change's, while the change is open (one
   * handled before the morning's digest is not sent).
   */
  readonly stillWanted = async (mail: { kind: string; dedupe: string }): Promise<boolean> => {
    if (mail.kind !== 'change') return true;
    const id = mail.dedupe.split(':')[1];
    if (!id) return true;
    const change = await this.db
      .selectFrom('booking_changes')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirst();
    return change?.state === 'open';
  };

  /** The people a booking's change goes to: its agent, or the office's admins while the agent is disabled. */
  async #recipients(agentId: string) {
    const agent = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'disabled', 'change_email'])
      .where('id', '=', agentId)
      .executeTakeFirst();
    if (agent && agent.disabled === 0) return [agent];
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'disabled', 'change_email'])
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .execute();
  }

  async #mail(changeId: string, booking: ChangedBooking, draft: ChangeDraft): Promise<void> {
    if (!this.mailing) return;
    const link = `${this.publicUrl.replace(/\/$/, '')}${bookingPath(booking.product, booking.id)}`;
    const names = booking.reference ? `${booking.reference} (${booking.id})` : booking.id;
    for (const person of await this.#recipients(booking.agent_id)) {
      if (person.change_email === 'none') continue;
      const at = this.clock();
      await this.outbox.enqueue({
        dedupe: `change:${changeId}:${person.id}`,
        kind: 'change',
        bookingId: booking.id,
        user: person,
        dueAt: person.change_email === 'daily' ? nextDigest(at) : at,
        content: {
          subject: oneLine(`Booking ${booking.reference ?? booking.id}: ${draft.summary.split(/[.:]/)[0]}`),
          text: mailText([
            `Hello ${person.name},`,
            '',
            `${booking.product[0]?.toUpperCase()}${booking.product.slice(1)} booking ${names}: ${booking.summary}`,
            ...clientLine(booking),
            ...(booking.agent_id !== person.id ? [`Its agent is ${booking.agent_email}.`] : []),
            '',
            draft.summary,
            '',
            ...changeLines(draft),
            '',
            `Open the booking: ${link}`,
            'Mark the change handled in the console once you have acted on it.',
          ]),
        },
      });
    }
  }

  /**
   * A hold about to lapse (decision 037): its agent (or the admins) e-mailed once for this deadline, at once whatever
   * their digest choice (a deadline does not wait for tomorrow), unless they chose no e-mails.
   */
  async remindHold(booking: ChangedBooking & { deadline: string; total: string }): Promise<number> {
    if (!this.mailing) return 0;
    const link = `${this.publicUrl.replace(/\/$/, '')}${bookingPath(booking.product, booking.id)}`;
    let queued = 0;
    for (const person of await this.#recipients(booking.agent_id)) {
      if (person.change_email === 'none') continue;
      const fresh = await this.outbox.enqueue({
        dedupe: `hold:${booking.id}:${booking.deadline}:${person.id}`,
        kind: 'hold_expiring',
        bookingId: booking.id,
        user: person,
        dueAt: this.clock(),
        content: {
          subject: oneLine(
            `Hold ${booking.reference ?? booking.id} lapses at ${booking.deadline.replace('T', ' ').slice(0, 16)} UTC`,
          ),
          text: mailText([
            `Hello ${person.name},`,
            '',
            `The hold on ${booking.product} booking ${booking.reference ? `${booking.reference} (${booking.id})` : booking.id} lapses unpaid at ${booking.deadline.replace('T', ' ').slice(0, 16)} UTC: ${booking.summary}, ${booking.total}.`,
            '',
            'Pay it (ticket or confirm) before then, or let it go.',
            '',
            `Open the booking: ${link}`,
          ]),
        },
      });
      if (fresh) queued += 1;
    }
    return queued;
  }

  /** A page of changes nearest travel first, newest first within a day, in the user's reach. */
  async list(
    query: ChangesQuery,
    scope: { environment: Environment; agentId?: string },
  ): Promise<Page<BookingChange>> {
    const key = decodeCursor(query.after, ORDER, ['string', 'string', 'string']);
    let q = changeRows(this.db)
      .where('booking_changes.environment', '=', scope.environment)
      .where('booking_changes.state', '=', query.state);
    if (scope.agentId) q = q.where('booking_changes.agent_id', '=', scope.agentId);
    if (query.product) q = q.where('booking_changes.product', '=', query.product);
    if (query.booking) q = q.where('booking_changes.booking_id', '=', query.booking);
    if (key)
      q = q.where(
        sql<boolean>`(booking_changes.travel_key > ${key[0]} or (booking_changes.travel_key = ${key[0]} and (booking_changes.detected_at < ${key[1]} or (booking_changes.detected_at = ${key[1]} and booking_changes.id < ${key[2]}))))`,
      );
    const rows = await q
      .orderBy('booking_changes.travel_key')
      .orderBy('booking_changes.detected_at', 'desc')
      .orderBy('booking_changes.id', 'desc')
      .limit(query.limit + 1)
      .execute();
    return pageFrom(rows, query.limit, ORDER, (row) => [row.travel_key, row.detected_at, row.id], toChange);
  }

  /** How many open changes are in the user's reach, counted up to 99. */
  async count(scope: { environment: Environment; agentId?: string }): Promise<ChangeCount> {
    let inner = this.db
      .selectFrom('booking_changes')
      .select('id')
      .where('environment', '=', scope.environment)
      .where('state', '=', 'open');
    if (scope.agentId) inner = inner.where('agent_id', '=', scope.agentId);
    const row = await this.db
      .selectFrom(inner.limit(COUNT_CAP + 1).as('capped'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const n = Number(row?.n ?? 0);
    return { open: Math.min(n, COUNT_CAP), at_least: n > COUNT_CAP };
  }

  /** Marks an open change handled by this person with their note; the change as it is now, or null when none. */
  async handle(
    id: string,
    who: Actor,
    note: string,
    scope: { environment: Environment; agentId?: string },
  ): Promise<BookingChange | null> {
    let q = this.db
      .updateTable('booking_changes')
      .set({
        state: 'handled',
        handled_at: new Date(this.clock()).toISOString(),
        handled_by: who.email,
        note,
      })
      .where('id', '=', id)
      .where('environment', '=', scope.environment)
      .where('state', '=', 'open');
    if (scope.agentId) q = q.where('agent_id', '=', scope.agentId);
    const result = await q.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    return this.one(id);
  }

  async one(id: string): Promise<BookingChange | null> {
    const row = await changeRows(this.db).where('booking_changes.id', '=', id).executeTakeFirst();
    return row ? toChange(row) : null;
  }

  /** One change in this person's reach (decision 015), whatever its state; null when none (or another agent's). */
  async byId(
    id: string,
    scope: { environment: Environment; agentId?: string },
  ): Promise<BookingChange | null> {
    let q = changeRows(this.db)
      .where('booking_changes.id', '=', id)
      .where('booking_changes.environment', '=', scope.environment);
    if (scope.agentId) q = q.where('booking_changes.agent_id', '=', scope.agentId);
    const row = await q.executeTakeFirst();
    return row ? toChange(row) : null;
  }

  /** What an action did (decision 054), kept on the change, which is handled by this person with their note. */
  async acted(id: string, who: Actor, note: string, outcome: ChangeOutcome): Promise<void> {
    await this.db
      .updateTable('booking_changes')
      .set({ outcome: JSON.stringify(outcome) })
      .where('id', '=', id)
      .execute();
    await this.db
      .updateTable('booking_changes')
      .set({
        state: 'handled',
        handled_at: new Date(this.clock()).toISOString(),
        handled_by: who.email,
        note,
      })
      .where('id', '=', id)
      .where('state', '!=', 'handled')
      .execute();
  }

  /** A message to a booking's client, e-mailed once (its dedupe) when the office's mail goes out; whether it was queued. */
  async mailClient(mail: {
    dedupe: string;
    bookingId: string;
    to: string;
    sender: Actor;
    subject: string;
    text: string;
  }) {
    if (!this.mailing) return false;
    await this.outbox.enqueue({
      dedupe: mail.dedupe,
      // On the booking's timeline as it goes (decision 052), like every e-mail about a booking.
      bookingId: mail.bookingId,
      kind: 'client_message',
      user: { id: mail.sender.id, email: mail.to },
      dueAt: this.clock(),
      content: { subject: oneLine(mail.subject), text: mail.text },
    });
    return true;
  }

  /** Whether the office's mail goes out (SMTP_URL). */
  get mails(): boolean {
    return this.mailing;
  }
}

/** The booking's page in the console. */
export function bookingPath(product: Product, id: string): string {
  const where =
    product === 'flight' ? 'flights/orders' : product === 'hotel' ? 'hotels/orders' : 'activities/bookings';
  return `/${where}/${encodeURIComponent(id)}`;
}

/** A segment in the e-mail: its flight, route and times as the service wrote them, or its own values by name. */
function segmentLine(s: WatchedSegment | undefined): string {
  if (!s) return '(none)';
  if (s.as_written)
    return Object.entries(s.as_written)
      .map(([key, value]) => `${key} ${value ?? '—'}`)
      .join(', ');
  return `${s.flight_number ?? ''} ${s.origin ?? ''}→${s.destination ?? ''} departs ${s.departing_at ?? '?'} arrives ${s.arriving_at ?? '?'}`.trim();
}

const VALUE_WORDS = {
  status: 'status',
  total: 'total',
  check_in: 'check-in',
  check_out: 'check-out',
  date: 'date',
  timeslot: 'time',
  deadline: 'deadline',
} as const;
/** The other values in the e-mail, in words: "status held, deadline 2026-12-01T11:00:00Z". */
function valueLine(value: ChangeValue): string {
  return (
    (Object.keys(VALUE_WORDS) as (keyof typeof VALUE_WORDS)[])
      .filter((key) => value[key] !== undefined)
      .map((key) => `${VALUE_WORDS[key]} ${value[key] ?? '—'}`)
      .join(', ') || '—'
  );
}

/** What changed from what to what, in the e-mail: segment by segment for a schedule change. */
function changeLines(draft: ChangeDraft): string[] {
  if (draft.kind === 'schedule_change') {
    const before = draft.before.segments ?? [];
    const after = draft.after.segments ?? [];
    return Array.from({ length: Math.max(before.length, after.length) }, (_, i) => [
      `Was: ${segmentLine(before[i])}`,
      `Now: ${segmentLine(after[i])}`,
    ]).flat();
  }
  return [`Was: ${valueLine(draft.before)}`, `Now: ${valueLine(draft.after)}`];
}

/** Who the booking is for, in the e-mail: the travellers and the client's reference, where known. */
function clientLine(booking: ChangedBooking): string[] {
  const people = booking.people?.filter(Boolean) ?? [];
  const parts = [
    ...(people.length > 0 ? [`for ${people.join(', ')}`] : []),
    ...(booking.clientReference ? [`client reference ${booking.clientReference}`] : []),
  ];
  return parts.length > 0 ? [`Client: ${parts.join(' · ')}`] : [];
}

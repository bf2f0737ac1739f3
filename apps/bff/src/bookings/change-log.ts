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
  type QueuePerson,
  type WatchedSegment,
} from '@console/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Db } from '../db/index.ts';
import { signsIn } from '../identity/index.ts';
import { mailText, oneLine } from '../platform/mailer.ts';
import type { MailOutbox } from '../platform/outbox.ts';
import { decodeCursor, type Page, pageFrom } from '../platform/pages.ts';
import type { Actor } from '../platform/types.ts';
import { actionsFor } from './change-offers.ts';
import type { ChangeDraft } from './changes.ts';
import { utcMinute } from './changes.ts';
import { BookingTimeline } from './timeline.ts';
import { changeFoundEvent } from './timeline-write.ts';

const ORDER = 'changes.travel';
const PEOPLE_ORDER = 'queue.people';
/** Where a change's travel date is unknown: after every known one. */
const NO_TRAVEL = '9999-12-31';
/** The top bar counts up to here ("99+" past it): a count never scans an office's history. */
const COUNT_CAP = 99;
/** A daily digest goes out at this hour (UTC). */
const DIGEST_HOUR_UTC = 7;

/** A person a change's e-mail goes to, as they chose to hear of changes. */
interface Person {
  id: string;
  email: string;
  name: string;
  change_email: string;
}

/** A person with whether they can be handed work: disabled or not. */
type PersonRecord = Person & { disabled: number };

/**
 * What the changes ask of the office's people (identity's `OfficePeople`, composed in app.ts): the users table is
 * identity's, so it is read nowhere here but through this.
 */
export interface ChangePeople {
  activeAdmins(): Promise<PersonRecord[]>;
  person(
    id: string,
  ): Promise<(PersonRecord & { away_until: string | null; cover_user_id: string | null }) | undefined>;
  signsIn(id: string): Promise<boolean>;
  covers(agentId: string, userId: string, at: string): Promise<boolean>;
}

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
    .leftJoin('users as assignee', 'assignee.id', 'booking_changes.assignee_id')
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
      'booking_changes.assignee_id',
      'booking_changes.snoozed_until',
      'assignee.email as assignee_email',
      'assignee.name as assignee_name',
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
    state: row.state,
    assignee: row.assignee_id
      ? { id: row.assignee_id, email: row.assignee_email ?? '', name: row.assignee_name ?? '' }
      : null,
    snoozed_until: row.snoozed_until,
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
    private readonly directory: ChangePeople,
    /** Whether the office's mail goes out (SMTP_URL): without it nothing is queued, so none piles up to go at once. */
    private readonly mailing: boolean,
    private readonly clock: () => number = Date.now,
    /** The service's clock: whether a person is away now, whether a snooze has come due (decision 053). */
    private readonly serviceClock: () => number = clock,
  ) {}

  /**
   * Records what changed on a booking, compared with the ledger row of `version`; how many are new. Called before the
   * row is updated, so a crash in between leaves the comparison to make again: the change is found recorded (one row,
   * by its fingerprint) and its e-mails queued if they were not (one each, by their dedupe key).
   */
  async record(booking: ChangedBooking, version: string, drafts: readonly ChangeDraft[]): Promise<number> {
    let recorded = 0;
    const owner = drafts.length > 0 ? await this.#ownerOf(booking.agent_id) : null;
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
          assignee_id: owner?.assigneeId ?? null,
          snoozed_until: null,
        })
        .onConflict((oc) => oc.column('fingerprint').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 1) {
        await new BookingTimeline(this.db).note(
          changeFoundEvent(booking.id, { id, kind: draft.kind, summary: draft.summary, detectedAt }),
        );
        recorded += 1;
        await this.#mail(id, booking, draft, owner?.mailTo ?? [], owner?.coverOf ?? null);
        continue;
      }
      // Recorded already (by another instance, or before a crash): its e-mails queued once, whoever queues them.
      const known = await this.db
        .selectFrom('booking_changes')
        .select(['id', 'state'])
        .where('fingerprint', '=', print)
        .executeTakeFirst();
      if (known?.state === 'open')
        await this.#mail(known.id, booking, draft, owner?.mailTo ?? [], owner?.coverOf ?? null);
    }
    return recorded;
  }

  /**
   * Whether a queued e-mail still tells its reader something to act on: a change's, while the change is open (one
   * handled before the morning's digest is not sent); an assignment's, while the change is still theirs to handle.
   */
  readonly stillWanted = async (mail: { kind: string; dedupe: string }): Promise<boolean> => {
    if (mail.kind === 'change_assigned') {
      // "Assigned to you": while it is still to handle and still theirs (decision 053).
      const [, changeId, userId] = mail.dedupe.split(':');
      if (!changeId || !userId) return true;
      const change = await this.db
        .selectFrom('booking_changes')
        .select(['state', 'assignee_id'])
        .where('id', '=', changeId)
        .executeTakeFirst();
      return change !== undefined && change.state !== 'handled' && change.assignee_id === userId;
    }
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

  /**
   * Whose a booking's new change (or hold reminder) is, and who is e-mailed (decision 053): its agent; their cover while
   * they are away (until an instant still ahead on the service's clock, covered by an active colleague); nobody's when
   * the agent is disabled or gone, e-mailed to the office's admins.
   */
  async #ownerOf(agentId: string): Promise<{
    assigneeId: string | null;
    mailTo: Person[];
    /** The person covered, when it went to their cover. */
    coverOf: { name: string; email: string; until: string } | null;
  }> {
    const agent = await this.directory.person(agentId);
    if (agent?.disabled !== 0)
      return { assigneeId: null, mailTo: await this.directory.activeAdmins(), coverOf: null };
    const now = new Date(this.serviceClock()).toISOString();
    if (agent.away_until && agent.away_until > now && agent.cover_user_id) {
      const cover = await this.directory.person(agent.cover_user_id);
      if (cover && cover.disabled === 0 && (await this.directory.signsIn(cover.id)))
        return {
          assigneeId: cover.id,
          mailTo: [cover],
          coverOf: { name: agent.name, email: agent.email, until: agent.away_until },
        };
    }
    return { assigneeId: agent.id, mailTo: [agent], coverOf: null };
  }

  async #mail(
    changeId: string,
    booking: ChangedBooking,
    draft: ChangeDraft,
    people: readonly Person[],
    coverOf: { name: string; email: string; until: string } | null,
  ): Promise<void> {
    if (!this.mailing) return;
    const link = `${this.publicUrl.replace(/\/$/, '')}${bookingPath(booking.product, booking.id)}`;
    const names = booking.reference ? `${booking.reference} (${booking.id})` : booking.id;
    for (const person of people) {
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
            ...coverLine(coverOf),
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
    // While its agent is away, to the colleague covering for them (decision 053).
    const owner = await this.#ownerOf(booking.agent_id);
    for (const person of owner.mailTo) {
      if (person.change_email === 'none') continue;
      const fresh = await this.outbox.enqueue({
        dedupe: `hold:${booking.id}:${booking.deadline}:${person.id}`,
        kind: 'hold_expiring',
        bookingId: booking.id,
        user: person,
        dueAt: this.clock(),
        content: {
          subject: oneLine(
            `Hold ${booking.reference ?? booking.id} lapses at ${utcMinute(booking.deadline)} UTC`,
          ),
          text: mailText([
            `Hello ${person.name},`,
            '',
            `The hold on ${booking.product} booking ${booking.reference ? `${booking.reference} (${booking.id})` : booking.id} lapses unpaid at ${utcMinute(booking.deadline)} UTC: ${booking.summary}, ${booking.total}.`,
            ...coverLine(owner.coverOf),
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

  /**
   * A page of changes nearest travel first, newest first within a day, in the user's reach: for an agent who sees only
   * their own (`agentId`), their bookings' changes and those assigned to them (decision 053). `assignee` narrows it to
   * one person's queue (`me`, a person's id) or the unassigned (`none`), each read off its own index.
   */
  async list(query: ChangesQuery, scope: QueueScope): Promise<Page<BookingChange>> {
    const key = decodeCursor(query.after, ORDER, ['string', 'string', 'string']);
    let q = changeRows(this.db)
      .where('booking_changes.environment', '=', scope.environment)
      .where('booking_changes.state', '=', query.state);
    q = q.where(whose(query.assignee, scope));
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

  /** How many open changes are in the user's reach, and how many are theirs and nobody's, each counted up to 99. */
  async count(scope: QueueScope): Promise<ChangeCount> {
    const capped = async (assignee: string | undefined) => {
      const inner = this.db
        .selectFrom('booking_changes')
        .select('booking_changes.id')
        .where('booking_changes.environment', '=', scope.environment)
        .where('booking_changes.state', '=', 'open')
        .where(whose(assignee, scope));
      const row = await this.db
        .selectFrom(inner.limit(COUNT_CAP + 1).as('capped'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      const n = Number(row?.n ?? 0);
      return { open: Math.min(n, COUNT_CAP), at_least: n > COUNT_CAP };
    };
    const [all, mine, unassigned] = await Promise.all([capped(undefined), capped('me'), capped('none')]);
    return { ...all, mine, unassigned };
  }

  /**
   * One change in the user's reach, as it is now (handled or not), or null: their bookings' and theirs for an agent
   * who sees only their own, the office's otherwise.
   */
  async reachable(id: string, scope: QueueScope): Promise<BookingChange | null> {
    const row = await changeRows(this.db)
      .where('booking_changes.id', '=', id)
      .where('booking_changes.environment', '=', scope.environment)
      .where(whose(undefined, scope))
      .executeTakeFirst();
    return row ? toChange(row) : null;
  }

  /**
   * Marks an open (or snoozed) change handled by this person with their note; the change as it is now, or null when
   * none in reach was still to handle.
   */
  async handle(id: string, who: Actor, note: string, scope: QueueScope): Promise<BookingChange | null> {
    if (!(await this.reachable(id, scope))) return null;
    const result = await this.db
      .updateTable('booking_changes')
      .set({
        state: 'handled',
        handled_at: new Date(this.clock()).toISOString(),
        handled_by: who.email,
        note,
        snoozed_until: null,
      })
      .where('id', '=', id)
      .where('state', '!=', 'handled')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    return this.one(id);
  }

  /**
   * A person the queue can hand a change to: the active one by this id, or why not in words (decision 053).
   */
  async assignable(userId: string): Promise<{ person: Person } | { refused: string }> {
    const person = await this.directory.person(userId);
    if (!person) return { refused: 'No colleague has this id: choose one from the list.' };
    if (person.disabled !== 0)
      return {
        refused: `${person.name} (${person.email}) is disabled: they cannot take changes. Choose an active colleague.`,
      };
    if (!(await this.directory.signsIn(person.id)))
      return {
        refused: `${person.name} (${person.email}) has not accepted their invitation yet: they cannot take changes. Choose an active colleague.`,
      };
    return { person };
  }

  /**
   * Gives a change that is still to handle (open or snoozed) to `to`; the change as it is now and whether it moved
   * (false: it was theirs already, so a second press changes nothing), or null when no such change is in reach or it
   * was handled.
   */
  async assign(
    id: string,
    to: string,
    scope: QueueScope,
  ): Promise<{ change: BookingChange; from: string | null; moved: boolean } | null> {
    const before = await this.reachable(id, scope);
    if (!before || before.state === 'handled') return null;
    const result = await this.db
      .updateTable('booking_changes')
      .set({ assignee_id: to })
      .where('id', '=', id)
      .where('state', '!=', 'handled')
      .where((eb) => eb.or([eb('assignee_id', 'is', null), eb('assignee_id', '!=', to)]))
      .executeTakeFirst();
    const change = await this.one(id);
    if (!change || change.state === 'handled') return null;
    return { change, from: before.assignee?.id ?? null, moved: Number(result.numUpdatedRows) === 1 };
  }

  /**
   * Snoozes a change still to handle until an instant (on the service's clock): it leaves the open list and its counts
   * until the wake job brings it back. Null when no such change is in reach or it was handled.
   */
  async snooze(id: string, until: string, scope: QueueScope): Promise<BookingChange | null> {
    const before = await this.reachable(id, scope);
    if (!before || before.state === 'handled') return null;
    const result = await this.db
      .updateTable('booking_changes')
      .set({ state: 'snoozed', snoozed_until: until })
      .where('id', '=', id)
      .where('state', '!=', 'handled')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    return this.one(id);
  }

  /**
   * Brings back (open again) the snoozed changes whose time has come on the service's clock, up to `batch`, soonest
   * first: each by a conditional update, so two instances (or a round run twice) wake each one once. The woken ones.
   */
  async wakeDue(batch: number): Promise<Array<{ id: string; booking_id: string; until: string }>> {
    const now = new Date(this.serviceClock()).toISOString();
    const due = await this.db
      .selectFrom('booking_changes')
      .select(['id', 'booking_id', 'snoozed_until'])
      .where('state', '=', 'snoozed')
      .where('snoozed_until', '<=', now)
      .orderBy('snoozed_until')
      .limit(batch)
      .execute();
    const woken: Array<{ id: string; booking_id: string; until: string }> = [];
    for (const row of due) {
      if (!row.snoozed_until) continue;
      const result = await this.db
        .updateTable('booking_changes')
        .set({ state: 'open', snoozed_until: null })
        .where('id', '=', row.id)
        .where('state', '=', 'snoozed')
        .where('snoozed_until', '=', row.snoozed_until)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1)
        woken.push({ id: row.id, booking_id: row.booking_id, until: row.snoozed_until });
    }
    return woken;
  }

  /**
   * Everyone's open work (decision 053), a person a line by name (keyset-paged): each active person, and anyone
   * disabled who still holds open changes, with how many they hold and the one waiting longest. The first page starts
   * with the unassigned.
   */
  async people(
    query: { after?: string; limit: number },
    environment: Environment,
  ): Promise<Page<QueuePerson>> {
    const key = decodeCursor(query.after, PEOPLE_ORDER, ['string', 'string']);
    let q = this.db
      .selectFrom('users')
      .select(['users.id', 'users.name', 'users.email', 'users.disabled'])
      .where((eb) =>
        eb.or([
          signsIn(eb),
          eb.exists(
            eb
              .selectFrom('booking_changes')
              .select('booking_changes.id')
              .where('booking_changes.environment', '=', environment)
              .where('booking_changes.state', '=', 'open')
              .whereRef('booking_changes.assignee_id', '=', 'users.id'),
          ),
        ]),
      );
    if (key)
      q = q.where((eb) =>
        eb.or([
          eb('users.name', '>', key[0]),
          eb.and([eb('users.name', '=', key[0]), eb('users.id', '>', key[1])]),
        ]),
      );
    // Each person's count and oldest in the same statement (two index ranges each), then the oldest ones' rows.
    const open = (eb: ExpressionBuilder<Database, 'users'>) =>
      eb
        .selectFrom('booking_changes')
        .where('booking_changes.environment', '=', environment)
        .where('booking_changes.state', '=', 'open')
        .whereRef('booking_changes.assignee_id', '=', 'users.id');
    const [rows, unassigned] = await Promise.all([
      q
        .select((eb) => [
          open(eb)
            .select((e) => e.fn.countAll<number>().as('n'))
            .as('open'),
          open(eb)
            .select('booking_changes.id')
            .orderBy('booking_changes.detected_at')
            .orderBy('booking_changes.id')
            .limit(1)
            .as('oldest_id'),
        ])
        .orderBy('users.name')
        .orderBy('users.id')
        .limit(query.limit + 1)
        .execute(),
      key ? null : this.#openOf(null, environment),
    ]);
    const page = pageFrom(
      rows,
      query.limit,
      PEOPLE_ORDER,
      (row) => [row.name, row.id],
      (row) => row,
    );
    const ids = page.data.flatMap((row) => (row.oldest_id ? [row.oldest_id] : []));
    const oldest = new Map(
      (ids.length === 0
        ? []
        : await this.db
            .selectFrom('booking_changes')
            .select(['id', 'booking_id', 'summary', 'detected_at'])
            .where('id', 'in', ids)
            .execute()
      ).map((row) => [row.id, row]),
    );
    const lines = page.data.map((row) => ({
      person: { id: row.id, name: row.name, email: row.email, disabled: row.disabled !== 0 },
      open: Number(row.open ?? 0),
      oldest: (row.oldest_id && oldest.get(row.oldest_id)) || null,
    }));
    return { ...page, data: [...(unassigned ? [{ person: null, ...unassigned }] : []), ...lines] };
  }

  /** How many open changes a person (or nobody) holds, and the oldest: two reads of one index's range. */
  async #openOf(assignee: string | null, environment: Environment) {
    const range = this.db
      .selectFrom('booking_changes')
      .where('environment', '=', environment)
      .where('state', '=', 'open')
      .where('assignee_id', assignee === null ? 'is' : '=', assignee);
    const [count, oldest] = await Promise.all([
      range.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      range
        .select(['id', 'booking_id', 'summary', 'detected_at'])
        .orderBy('detected_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst(),
    ]);
    return { open: Number(count?.n ?? 0), oldest: oldest ?? null };
  }

  /**
   * Whether a person may reach another agent's booking through the queue (decision 053): they hold one of its changes
   * still to handle (open or snoozed) in this environment, or they cover for its agent, who is away now. A handled
   * change, or one assigned away, gives nothing: the reach lasts as long as the work handed over.
   */
  async delegated(
    bookingId: string,
    agentId: string,
    userId: string,
    environment: Environment,
  ): Promise<boolean> {
    const held = await this.db
      .selectFrom('booking_changes')
      .select('id')
      .where('booking_id', '=', bookingId)
      .where('environment', '=', environment)
      .where('assignee_id', '=', userId)
      .where('state', 'in', ['open', 'snoozed'])
      .executeTakeFirst();
    if (held) return true;
    return this.directory.covers(agentId, userId, new Date(this.serviceClock()).toISOString());
  }

  /**
   * Tells the person a change was assigned to, as its owner is told (their e-mail choice: at once, in the morning's
   * digest, or not at all), with who assigned it and their note. Once per assignment.
   */
  async mailAssigned(change: BookingChange, to: Person, by: Actor, note: string): Promise<boolean> {
    if (!this.mailing || to.change_email === 'none') return false;
    const at = this.clock();
    const link = `${this.publicUrl.replace(/\/$/, '')}${bookingPath(change.product, change.booking_id)}`;
    const names = change.reference ? `${change.reference} (${change.booking_id})` : change.booking_id;
    return this.outbox.enqueue({
      dedupe: `change_assigned:${change.id}:${to.id}:${at}`,
      kind: 'change_assigned',
      user: to,
      dueAt: to.change_email === 'daily' ? nextDigest(at) : at,
      content: {
        subject: oneLine(
          `Assigned to you: ${change.reference ?? change.booking_id}, ${change.summary.split(/[.:]/)[0]}`,
        ),
        text: mailText([
          `Hello ${to.name},`,
          '',
          `${by.email} assigned you a change on ${change.product} booking ${names}: ${change.booking_summary}`,
          ...(note ? [`Their note: ${note}`] : []),
          '',
          change.summary,
          '',
          `Open the booking: ${link}`,
          'It is in your queue of changes; mark it handled there once you have acted on it.',
        ]),
      },
    });
  }

  async one(id: string): Promise<BookingChange | null> {
    const row = await changeRows(this.db).where('booking_changes.id', '=', id).executeTakeFirst();
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

/**
 * A list's filter on whose changes they are, within the user's reach (decision 053): `me` (assigned to them), `none`
 * (nobody's), a person's id, or (not given) every change in reach. An agent who sees only their own bookings
 * (`agentId`) reaches their bookings' changes and the ones assigned to them.
 */
function whose(assignee: string | undefined, scope: QueueScope) {
  const own = scope.agentId;
  if (assignee === 'me') return sql<boolean>`booking_changes.assignee_id = ${scope.userId}`;
  if (assignee === 'none')
    return own
      ? sql<boolean>`booking_changes.assignee_id is null and booking_changes.agent_id = ${own}`
      : sql<boolean>`booking_changes.assignee_id is null`;
  if (assignee !== undefined)
    return own && assignee !== own
      ? sql<boolean>`booking_changes.assignee_id = ${assignee} and booking_changes.agent_id = ${own}`
      : sql<boolean>`booking_changes.assignee_id = ${assignee}`;
  if (!own) return sql<boolean>`1 = 1`;
  return sql<boolean>`(booking_changes.agent_id = ${own} or booking_changes.assignee_id = ${own})`;
}

/** Whose changes a user's lists and moves reach (decision 053): `agentId` when they see only their own bookings. */
export interface QueueScope {
  environment: Environment;
  userId: string;
  agentId?: string;
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

/** Whom the reader covers for, in the e-mail: "Ana Agent (ana@…) is away until …; you cover for them." */
function coverLine(coverOf: { name: string; email: string; until: string } | null): string[] {
  if (!coverOf) return [];
  return [
    `${coverOf.name} (${coverOf.email}) is away until ${utcMinute(coverOf.until)} UTC: you cover for them.`,
  ];
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

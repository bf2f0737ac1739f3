import {
  type BookingsQuery,
  ChangeValueSchema,
  type Environment,
  fromCents,
  type LedgerEntry,
  type Money,
  type Product,
  toCents,
} from '@console/contract';
import { sql } from 'kysely';
import { type Db, historyReads } from '../db/index.ts';
import { EXPORT_BATCH } from '../platform/csv.ts';
import { decodeCursor, type Key, type Page, pageFrom, searchWords } from '../platform/pages.ts';
import { countMatches, type Select, searchPage } from '../platform/search.ts';
import type { Actor } from '../platform/types.ts';
import type { BookingChanges } from './change-log.ts';
import { changesBetween, type Held, isEnded, unknownToService } from './changes.ts';
import { ORDERS } from './desk.ts';
import { type Facts, mergePeople } from './facts.ts';
import { LEDGER_COLUMNS, PeopleSchema, toEntry } from './ledger-rows.ts';
import type { BookingTimeline } from './timeline.ts';
import { feeEvent, serviceMoveEvent } from './timeline-write.ts';
import { CREATE_ACTIONS, type MoneyContext, SERVICE, writeFeeChange, writeMoves } from './wallet-moves.ts';
import { type WatchSchedule, watchColumns } from './watch-schedule.ts';

/**
 * Facts as the database can store them: PostgreSQL refuses the NUL character in text, and a service's answer may hold
 * one (a booking it made is recorded anyway, with U+FFFD in its place).
 */
function storable(facts: Facts): Facts {
  const clean = (text: string) => text.replaceAll('\u0000', '\ufffd');
  return {
    ...facts,
    id: clean(facts.id),
    status: clean(facts.status),
    total: { ...facts.total, amount: clean(facts.total.amount) },
    summary: clean(facts.summary),
    people: facts.people.map(clean),
    clientReference: facts.clientReference === null ? null : clean(facts.clientReference),
    reference: facts.reference ? clean(facts.reference) : null,
    extraSearch: facts.extraSearch.map(clean),
  };
}

function searchText(facts: Facts): string {
  return [facts.id, facts.clientReference ?? '', ...facts.people, ...facts.extraSearch, facts.summary]
    .join(' ')
    .toLowerCase();
}

/** The watch's hold on the ledger (decision 037): where the changes it finds are recorded, and when each booking is
 * read next (watch-schedule.ts). */
export interface WatchSettings {
  changes: BookingChanges;
  schedule: WatchSchedule;
  clock?: () => number;
}

/** The bookings carrying a client reference in one environment, by the index `bookings_client_reference`. */
export function bookingsOfReference(db: Db, reference: string, environment: Environment) {
  return db
    .selectFrom('bookings')
    .select(['id', 'created_at as at', 'agent_id'])
    .where('client_reference', '=', reference)
    .where('environment', '=', environment);
}

/** Every order and booking made through the console, kept fresh whenever the service tells us more. */
export class Ledger {
  constructor(
    private readonly db: Db,
    private readonly watch: WatchSettings | null = null,
    /** Where the service's own moves and the fees set by hand are told (decision 052). */
    private readonly timeline: BookingTimeline | null = null,
  ) {}

  #now(): number {
    return this.watch?.clock?.() ?? Date.now();
  }

  /** The time the ledger dates what it writes by (its bookings' changes and the wallet's moves). */
  now(): number {
    return this.#now();
  }

  /** Records a booking just made, or refreshes one already known. Replays with the same key land on the same row. */
  async record(
    read: Facts,
    who: Actor,
    environment: Environment,
    idempotencyKey: string | undefined,
    price?: { fee: Money; client: Money; rule: { id: string } | null },
  ): Promise<void> {
    const facts = storable(read);
    const now = this.#now();
    const at = new Date(now).toISOString();
    const client = price?.client ?? null;
    // The row and the money it moved (decision 039) together: a replay, or a second instance recording the same
    // booking, finds the row and moves nothing twice.
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('bookings')
        .select(['status', 'created_at', 'agent_id', 'agent_email', 'client_amount'])
        .where('id', '=', facts.id)
        .executeTakeFirst();
      const moved = (
        from: string | null,
        row: { created_at: string; agent_id: string; agent_email: string; client_amount: string | null },
      ) =>
        writeMoves(
          trx,
          {
            id: facts.id,
            environment,
            product: facts.product,
            agent_id: row.agent_id,
            agent_email: row.agent_email,
            created_at: row.created_at,
            total: facts.total,
            client: row.client_amount ? { amount: row.client_amount, currency: 'USD' } : facts.total,
          },
          from,
          facts.status,
          { at, who: who.email, action: CREATE_ACTIONS[facts.product] },
        );
      if (!before) {
        const inserted = await trx
          .insertInto('bookings')
          .values({
            ...watchColumns(this.watch?.schedule ?? null, facts, now, now),
            status_since: at,
            service_updated_at: null,
            id: facts.id,
            product: facts.product,
            environment,
            agent_id: who.id,
            agent_email: who.email,
            client_reference: facts.clientReference,
            reference: facts.reference ?? null,
            total_amount: facts.total.amount,
            status: facts.status,
            deadline: facts.deadline,
            summary: facts.summary,
            people: JSON.stringify(facts.people),
            search_text: searchText(facts),
            idempotency_key: idempotencyKey ?? null,
            created_at: at,
            updated_at: at,
            // The fee and client price as the rules made them now; a replay of the same booking keeps the first ones.
            fee_amount: price?.fee.amount ?? null,
            client_amount: client?.amount ?? null,
            fee_rule_id: price?.rule?.id ?? null,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1)
          await moved(null, {
            created_at: at,
            agent_id: who.id,
            agent_email: who.email,
            client_amount: client?.amount ?? null,
          });
        return;
      }
      const updated = await trx
        .updateTable('bookings')
        .set({
          ...(facts.reference ? { reference: facts.reference } : {}),
          status: facts.status,
          deadline: facts.deadline,
          total_amount: facts.total.amount,
          search_text: searchText(facts),
          updated_at: at,
        })
        .where('id', '=', facts.id)
        .where('status', '=', before.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1 && before.status !== facts.status)
        await moved(before.status, before);
    });
  }

  /**
   * Refreshes a known booking after the service answered for it (unknown ids are ignored), and records what changed
   * by itself (decision 037): every read, from any path, is compared with what the ledger held, so no change is
   * absorbed unseen. `byConsole`: the answer to the console's own action (its cancellation is no news);
   * `serviceNow`: the service's time, for whether a hold had lapsed. The people recorded when it was made (the names
   * the console sent) are kept; the answer may add to them. `money`: who acted and what the service gave back, for the
   * wallet's moves (decision 039; the service itself when not said). The changes recorded (new ones).
   */
  async refresh(
    read: Facts,
    options: { byConsole?: boolean; serviceNow?: number; money?: MoneyContext } = {},
  ): Promise<number> {
    const row = await this.db
      .selectFrom('bookings')
      .select([
        'people',
        'status',
        'total_amount',
        'deadline',
        'watched',
        'status_since',
        'product',
        'environment',
        'agent_id',
        'agent_email',
        'updated_at',
        'client_reference',
        'created_at',
        'client_amount',
      ])
      .where('id', '=', read.id)
      .executeTakeFirst();
    if (!row) return 0;
    const now = this.#now();
    const facts = storable({
      ...read,
      people: mergePeople(PeopleSchema.parse(JSON.parse(row.people)), read.people),
    });
    const held: Held = {
      product: row.product,
      status: row.status,
      total: row.total_amount,
      deadline: row.deadline,
      watched: row.watched ? ChangeValueSchema.catch({}).parse(JSON.parse(row.watched)) : null,
    };
    const drafts = this.watch
      ? changesBetween(held, facts, {
          byConsole: options.byConsole ?? false,
          serviceNow: options.serviceNow ?? now,
        })
      : [];
    const statusSince = row.status !== facts.status ? now : Date.parse(row.status_since ?? '') || now;
    // The changes first, the row after: a crash in between leaves the comparison to make again (decision 037).
    const recorded =
      drafts.length > 0 && this.watch
        ? await this.watch.changes.record(
            {
              id: facts.id,
              environment: row.environment,
              product: row.product,
              agent_id: row.agent_id,
              agent_email: row.agent_email,
              travel_on: facts.travelOn ?? null,
              reference: facts.reference ?? null,
              summary: facts.summary,
              people: facts.people,
              clientReference: facts.clientReference ?? row.client_reference,
            },
            row.updated_at ?? '',
            drafts,
          )
        : 0;
    // The row and the money it moved together (decision 039); a status another writer changed first is theirs to move.
    const moved = await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('bookings')
        .set(
          facts.partial
            ? { status: facts.status, deadline: facts.deadline, updated_at: new Date(now).toISOString() }
            : {
                ...(facts.reference ? { reference: facts.reference } : {}),
                status: facts.status,
                deadline: facts.deadline,
                total_amount: facts.total.amount,
                // A schedule change moves the dates the desk shows.
                summary: facts.summary,
                people: JSON.stringify(facts.people),
                search_text: searchText(facts),
                updated_at: new Date(now).toISOString(),
                status_since: new Date(statusSince).toISOString(),
                ...watchColumns(this.watch?.schedule ?? null, facts, statusSince, now),
              },
        )
        .where('id', '=', facts.id)
        .where('status', '=', row.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      const money = options.money;
      if (row.status === facts.status && !money?.refunded) return false;
      const total = facts.partial ? { amount: row.total_amount, currency: 'USD' as const } : facts.total;
      await writeMoves(
        trx,
        {
          id: facts.id,
          environment: row.environment,
          product: row.product,
          agent_id: row.agent_id,
          agent_email: row.agent_email,
          created_at: row.created_at,
          total,
          client: row.client_amount ? { amount: row.client_amount, currency: 'USD' } : total,
        },
        row.status,
        facts.status,
        {
          at: new Date(now).toISOString(),
          who: money?.who ?? SERVICE,
          action: money?.action ?? `${row.product}.${facts.status}`,
          refunded: money?.refunded ?? null,
        },
      );
      return row.status !== facts.status;
    });
    // A status the service moved by itself (not the answer to the console's own press): on the timeline, when seen.
    if (moved && !options.byConsole)
      await this.timeline?.note(
        serviceMoveEvent(facts.id, row.status, facts.status, row.updated_at ?? '', now),
      );
    return recorded;
  }

  /**
   * A page of the desk (decision 023): newest first, or running clocks soonest first; every filter and the free-text
   * search served by an index on both stores, read on the history readers (off the event loop on SQLite).
   */
  async list(
    query: BookingsQuery,
    scope: { agentId?: string; environment: Environment },
  ): Promise<Page<LedgerEntry>> {
    const reads = historyReads(this.db);
    const order = ORDERS[query.sort];
    const key: Key | undefined = decodeCursor(query.after, order.name, order.shape)?.slice();
    const words = searchWords(query.q);
    const filtered = <O>(qb: Select<O>): Select<O> => {
      const col = (name: string) => sql.ref(`bookings.${name}`);
      let q = qb.where(col('environment'), '=', scope.environment);
      if (scope.agentId) q = q.where(col('agent_id'), '=', scope.agentId);
      if (query.product) q = q.where(col('product'), '=', query.product);
      if (query.status) q = q.where(col('status'), '=', query.status);
      if (query.agent) q = q.where(col('agent_email'), '=', query.agent.toLowerCase());
      if (query.ids) q = q.where(col('id'), 'in', query.ids.length ? query.ids : ['']);
      if (query.deadline_before) q = q.where(col('deadline'), '<', query.deadline_before);
      if (query.created_from) q = q.where(col('created_at'), '>=', query.created_from);
      if (query.created_to) q = q.where(col('created_at'), '<', `${query.created_to}T99`);
      if (query.sort === 'deadline') q = q.where(col('deadline'), 'is not', null);
      // Amounts as typed, in cents (half a cent rounds up).
      if (query.margin_min !== undefined)
        q = q.where(col('fee_cents'), '>=', Math.round(query.margin_min * 100));
      if (query.client_min !== undefined)
        q = q.where(col('client_cents'), '>=', Math.round(query.client_min * 100));
      return q;
    };
    if (words.length > 0)
      return searchPage(this.db, {
        table: 'bookings',
        words,
        key,
        limit: query.limit,
        order,
        filtered,
        toItem: toEntry,
      });
    const rows = await order
      .sorted(filtered(order.after(reads.selectFrom('bookings').select(LEDGER_COLUMNS), key)))
      .limit(query.limit + 1)
      .execute();
    const result: Page<LedgerEntry> = pageFrom(rows, query.limit, order.name, order.keyOf, toEntry);
    // Counted on the first page only.
    if (!key)
      result.matched = await countMatches(this.db, filtered(reads.selectFrom('bookings').select('id')));
    return result;
  }

  /** Every booking the query matches, a batch at a time in the desk's order (for a CSV; decision 023). */
  async *all(
    query: Omit<BookingsQuery, 'after' | 'limit'>,
    scope: { agentId?: string; environment: Environment },
  ): AsyncGenerator<LedgerEntry[]> {
    let after: string | undefined;
    do {
      const page = await this.list({ ...query, after, limit: EXPORT_BATCH }, scope);
      yield page.data;
      after = page.next_cursor ?? undefined;
    } while (after);
  }

  /** The ledger's rows for these ids in one environment (unknown ids left out), in the order asked. */
  async byIds(ids: readonly string[], environment: Environment): Promise<LedgerEntry[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('bookings')
      .selectAll()
      .where('environment', '=', environment)
      .where('id', 'in', [...ids])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, toEntry(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * One booking's fee set by hand (decision 032), with the reason kept: the client's price moves with it; the net is
   * the service's. False when the booking is not in this environment's ledger.
   */
  async setFee(
    id: string,
    environment: Environment,
    fee: string,
    reason: string,
    who?: Actor,
  ): Promise<boolean> {
    const set = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('bookings')
        .select([
          'total_amount',
          'client_amount',
          'fee_amount',
          'status',
          'product',
          'agent_id',
          'agent_email',
          'created_at',
        ])
        .where('id', '=', id)
        .where('environment', '=', environment)
        .executeTakeFirst();
      if (!row) return null;
      // The net the client price was made on: the client price less the fee, else today's total.
      const net =
        row.client_amount !== null && row.fee_amount !== null
          ? toCents(row.client_amount) - toCents(row.fee_amount)
          : toCents(row.total_amount);
      const client = net + toCents(fee);
      const now = this.#now();
      await trx
        .updateTable('bookings')
        .set({
          fee_amount: fee,
          client_amount: fromCents(client),
          fee_reason: reason,
          updated_at: new Date(now).toISOString(),
        })
        .where('id', '=', id)
        .where('environment', '=', environment)
        .execute();
      // Paid already: what the client owes moves with the fee (decision 039).
      await writeFeeChange(
        trx,
        {
          id,
          environment,
          product: row.product,
          agent_id: row.agent_id,
          agent_email: row.agent_email,
          created_at: row.created_at,
          total: { amount: row.total_amount, currency: 'USD' },
          client: { amount: fromCents(client), currency: 'USD' },
          status: row.status,
        },
        client - toCents(row.client_amount ?? row.total_amount),
        { at: new Date(now).toISOString(), who: who?.email ?? SERVICE, action: 'booking.fee.change' },
      );
      return { from: row.fee_amount };
    });
    if (!set) return false;
    if (who) await this.timeline?.note(feeEvent(id, who, set.from, fee, reason));
    return true;
  }

  /**
   * A booking the service answers 404 for: shown as `missing`, its clock stopped (it holds no money any more), no
   * longer watched; the first time, a change for its agent (decision 037).
   */
  async markMissing(id: string): Promise<void> {
    const row = await this.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.status === 'missing') return;
    const now = new Date(this.#now()).toISOString();
    // The change first, the row after (as in refresh).
    if (this.watch && !isEnded(row.status)) {
      const held: Held = {
        product: row.product,
        status: row.status,
        total: row.total_amount,
        deadline: row.deadline,
        watched: row.watched ? ChangeValueSchema.catch({}).parse(JSON.parse(row.watched)) : null,
      };
      await this.watch.changes.record(
        {
          id: row.id,
          environment: row.environment,
          product: row.product,
          agent_id: row.agent_id,
          agent_email: row.agent_email,
          travel_on: row.travel_on,
          reference: row.reference,
          summary: row.summary,
          people: PeopleSchema.catch([]).parse(JSON.parse(row.people)),
          clientReference: row.client_reference,
        },
        row.updated_at ?? '',
        [unknownToService(held)],
      );
    }
    const marked = await this.db
      .updateTable('bookings')
      .set({ status: 'missing', deadline: null, updated_at: now, checked_at: now, next_check_at: null })
      .where('id', '=', id)
      .where('status', '=', row.status)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 1)
      await this.timeline?.note(
        serviceMoveEvent(id, row.status, 'missing', row.updated_at ?? '', Date.parse(now)),
      );
  }

  /**
   * Every booking whose clock runs (a deadline is set), soonest first, `size` at a time through the running clocks'
   * partial index: what the scheduled refresh, the radar's at-risk marks and the wallet alert walk. The next batch is
   * read only when the last has been taken.
   */
  async *runningBatches(environment: Environment, size: number): AsyncGenerator<LedgerEntry[]> {
    const order = ORDERS.deadline;
    let after: Key | undefined;
    do {
      const rows = await order
        .sorted(
          order.after(
            historyReads(this.db)
              .selectFrom('bookings')
              .select(LEDGER_COLUMNS)
              .where('bookings.environment', '=', environment)
              .where('bookings.deadline', 'is not', null),
            after,
          ),
        )
        .limit(size)
        .execute();
      yield rows.map(toEntry);
      const last = rows.at(-1);
      after = rows.length === size && last ? order.keyOf(last) : undefined;
    } while (after);
  }

  /** The agent who made each of these bookings (unknown ids left out), by the key. */
  async agentsOf(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('bookings')
      .select(['id', 'agent_id'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((row) => [row.id, row.agent_id]));
  }

  /** The bookings carrying a client reference in one environment, by the index `bookings_client_reference`. */
  async withReference(
    reference: string,
    environment: Environment,
  ): Promise<Array<{ id: string; at: string; agent_id: string }>> {
    return bookingsOfReference(this.db, reference, environment).execute();
  }

  /** Which of these ids (a page of the service's list) are bookings of one product this agent made. */
  async ownedOf(agentId: string, product: Product, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('bookings')
      .select('id')
      .where('id', 'in', [...ids])
      .where('agent_id', '=', agentId)
      .where('product', '=', product)
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Whether a person reaches another agent's booking through the queue (decision 053): a change of it is theirs, or
   * they cover for its agent while that agent is away.
   */
  async delegated(
    bookingId: string,
    agentId: string,
    userId: string,
    environment: Environment,
  ): Promise<boolean> {
    return (await this.watch?.changes.delegated(bookingId, agentId, userId, environment)) ?? false;
  }

  async owner(id: string): Promise<{ agent_id: string; product: Product } | undefined> {
    return this.db
      .selectFrom('bookings')
      .select(['agent_id', 'product'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}

import {
  type BookingsQuery,
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
import { ORDERS } from './desk.ts';
import { type Facts, mergePeople } from './facts.ts';
import { LEDGER_COLUMNS, PeopleSchema, toEntry } from './ledger-rows.ts';

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

/** Every order and booking made through the console, kept fresh whenever the service tells us more. */
export class Ledger {
  constructor(private readonly db: Db) {}

  /** Records a booking just made, or refreshes one already known. Replays with the same key land on the same row. */
  async record(
    read: Facts,
    who: Actor,
    environment: Environment,
    idempotencyKey: string | undefined,
    price?: { fee: Money; client: Money; rule: { id: string } | null },
  ): Promise<void> {
    const facts = storable(read);
    const at = new Date().toISOString();
    await this.db
      .insertInto('bookings')
      .values({
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
        client_amount: price?.client.amount ?? null,
        fee_rule_id: price?.rule?.id ?? null,
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          ...(facts.reference ? { reference: facts.reference } : {}),
          status: facts.status,
          deadline: facts.deadline,
          total_amount: facts.total.amount,
          search_text: searchText(facts),
          updated_at: at,
        }),
      )
      .execute();
  }

  /**
   * Refreshes status and deadline of a known booking after the service answered for it; unknown ids are ignored.
   * The people recorded when it was made (the names the console sent) are kept; the answer may add to them.
   */
  async refresh(read: Facts): Promise<void> {
    const row = await this.db
      .selectFrom('bookings')
      .select('people')
      .where('id', '=', read.id)
      .executeTakeFirst();
    if (!row) return;
    const facts = storable({
      ...read,
      people: mergePeople(PeopleSchema.parse(JSON.parse(row.people)), read.people),
    });
    await this.db
      .updateTable('bookings')
      .set(
        facts.partial
          ? { status: facts.status, deadline: facts.deadline, updated_at: new Date().toISOString() }
          : {
              ...(facts.reference ? { reference: facts.reference } : {}),
              status: facts.status,
              deadline: facts.deadline,
              total_amount: facts.total.amount,
              // A schedule change moves the dates the desk shows.
              summary: facts.summary,
              people: JSON.stringify(facts.people),
              search_text: searchText(facts),
              updated_at: new Date().toISOString(),
            },
      )
      .where('id', '=', facts.id)
      .execute();
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
  async setFee(id: string, environment: Environment, fee: string, reason: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('bookings')
      .select(['total_amount', 'client_amount', 'fee_amount'])
      .where('id', '=', id)
      .where('environment', '=', environment)
      .executeTakeFirst();
    if (!row) return false;
    // The net the client price was made on: the client price less the fee, else today's total.
    const net =
      row.client_amount !== null && row.fee_amount !== null
        ? toCents(row.client_amount) - toCents(row.fee_amount)
        : toCents(row.total_amount);
    await this.db
      .updateTable('bookings')
      .set({
        fee_amount: fee,
        client_amount: fromCents(net + toCents(fee)),
        fee_reason: reason,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .where('environment', '=', environment)
      .execute();
    return true;
  }

  /** A booking the service answers 404 for: shown as `missing`, its clock stopped (it holds no money any more). */
  async markMissing(id: string): Promise<void> {
    await this.db
      .updateTable('bookings')
      .set({ status: 'missing', deadline: null, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
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

  async owner(id: string): Promise<{ agent_id: string; product: Product } | undefined> {
    return this.db
      .selectFrom('bookings')
      .select(['agent_id', 'product'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}

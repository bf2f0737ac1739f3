import { COUNT_CAP, type Matched } from '@console/contract';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { type Db, databaseInfo, historyReads, sql } from '../db/index.ts';
import { containing, encodeCursor, type Key, matchedOf, type Page, pageFrom } from './pages.ts';

/**
 * Free-text search over a table's `search_doc` (decision 023), the same two steps for the desk, the traveller
 * directory and trips: the newest (first) rows of the range a window at a time, then the trigram index (FTS5 on
 * SQLite, pg_trgm on PostgreSQL) when the window did not fill the page. Results keep the list's order and cursors.
 */

// biome-ignore lint/suspicious/noExplicitAny: the helpers take any query over the searched table (the table, a window of it, a join)
export type Select<O> = SelectQueryBuilder<any, any, O>;

/** A list's order: its cursor's name, the keyset condition after a key, the ORDER BY, and a row's key. */
export interface KeysetOrder<R> {
  name: string;
  after: <O>(q: Select<O>, key: Key | undefined) => Select<O>;
  sorted: <O>(q: Select<O>) => Select<O>;
  keyOf: (row: R) => Key;
}

/** The tables with a search document and its trigram index (migrations 007 and 008). */
export type Searchable = 'bookings' | 'travellers' | 'trips';

/** How many of the first rows of a range a search reads before it asks the trigram index. */
export const SEARCH_WINDOW = 2000;

/** An FTS5 query for rows holding every word (each a quoted phrase: its trigrams in sequence, punctuation literal). */
const ftsPhrase = (words: string[]) => words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ');

export async function searchPage<R, Item>(
  db: Db,
  spec: {
    table: Searchable;
    words: string[];
    key: Key | undefined;
    limit: number;
    order: KeysetOrder<R>;
    /** The list's filters (not the cursor, not the order), on columns named `<table>.<column>`. */
    filtered: <O>(q: Select<O>) => Select<O>;
    toItem: (row: R) => Item;
  },
): Promise<Page<Item>> {
  const { words, key, limit, order, filtered, toItem } = spec;
  const table: string = spec.table;
  // Kysely's table-typed builder does not follow a table chosen at run time; the rows are the table's own.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const reads: Kysely<any> = historyReads(db);
  const doc = sql.ref(`${table}.search_doc`);
  const from = <O>(qb: Select<O>, after: Key | undefined) => order.sorted(filtered(order.after(qb, after)));
  const matching = <O>(qb: Select<O>): Select<O> =>
    words.reduce((q, word) => q.where(sql<boolean>`${doc} like ${containing(word)} escape '\\'`), qb);
  const page = (rows: R[]) => pageFrom(rows, limit, order.name, order.keyOf, toItem);
  const rowsOf = async (q: Select<unknown>) => (await q.limit(limit + 1).execute()) as R[];

  // The first rows of the range: a common word fills a page from a few hundred of them.
  const window = from(reads.selectFrom(table).selectAll(table), key).limit(SEARCH_WINDOW);
  const recent = await rowsOf(order.sorted(matching(reads.selectFrom(window.as(table)).selectAll(table))));
  if (recent.length > limit) return page(recent);

  const long = words.filter((word) => word.length >= 3);
  if (long.length === 0) {
    // Only words under three letters: no trigram to look up, so the search reads the range a window at a time and
    // the cursor names the last row read (bounded work per request; the next page reads the next window).
    const edge = (await from(reads.selectFrom(table).selectAll(table), key)
      .offset(SEARCH_WINDOW - 1)
      .limit(1)
      .executeTakeFirst()) as R | undefined;
    return {
      data: recent.map(toItem),
      has_more: edge !== undefined,
      next_cursor: edge ? encodeCursor(order.name, order.keyOf(edge)) : null,
      matched: null,
    };
  }

  // A rarer word: the trigram index finds every row holding it, and only those are sorted.
  const hits =
    databaseInfo(db).kind === 'postgres'
      ? reads
          .with(
            (cte) => cte('hits').materialized(),
            (q) => matching(filtered(q.selectFrom(table).select(sql.ref(`${table}.id`).as('id')))),
          )
          .selectFrom('hits')
          .innerJoin(table, `${table}.id`, 'hits.id')
          .selectAll(table)
      : reads
          .selectFrom(
            sql`(select rowid as rid from ${sql.table(`${table}_fts`)} where ${sql.table(`${table}_fts`)} match ${ftsPhrase(long)})`.as(
              'hits',
            ),
          )
          // CROSS JOIN keeps SQLite's join order: the index's hits first, then each row by its rowid.
          .crossJoin(table)
          .where(sql<boolean>`${sql.table(table)}.rowid = hits.rid`)
          .selectAll(table);
  return { ...page(await rowsOf(from(matching(hits), key))), matched: null };
}

/**
 * How many rows a list's filters match, counted through the list's own index up to `COUNT_CAP` (then "at least"):
 * `rows` selects the filtered rows, unordered.
 */
export async function countMatches(db: Db, rows: Select<unknown>): Promise<Matched> {
  // biome-ignore lint/suspicious/noExplicitAny: any table's filtered rows
  const reads: Kysely<any> = historyReads(db);
  const counted = await reads
    .selectFrom(rows.limit(COUNT_CAP + 1).as('matches'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return matchedOf(Number(counted.n));
}

import type { BookingsQuery, LedgerEntry } from '@console/contract';
import { sql } from 'kysely';
import type { CsvRow } from '../platform/csv.ts';
import type { KeysetOrder } from '../platform/search.ts';
import { zonedIso } from '../platform/zoned-time.ts';
import type { LedgerRow } from './ledger-rows.ts';

/** The bookings desk's orders (each with its indexes on both stores) and its CSV. */

const ref = (name: string) => sql.ref(`bookings.${name}`);

/**
 * The desk by money (decision 032): the biggest margin or client price first, then newest, through the indexes of
 * migration 016. The cursor holds the cents as a number.
 */
function byMoney(
  column: 'fee_cents' | 'client_cents',
): KeysetOrder<LedgerRow> & { shape: readonly ('string' | 'number')[] } {
  return {
    name: `bookings.${column}`,
    shape: ['number', 'string', 'string'],
    keyOf: (row) => [Number(row[column]), row.created_at, row.id],
    after: (q, key) =>
      key
        ? q.where(
            sql<boolean>`(${ref(column)}, bookings.created_at, bookings.id) < (${Number(key[0])}, ${String(key[1])}, ${String(key[2])})`,
          )
        : q,
    sorted: (q) =>
      q.orderBy(ref(column), 'desc').orderBy(ref('created_at'), 'desc').orderBy(ref('id'), 'desc'),
  };
}

/**
 * The desk's two orders: newest first by (created_at, id), and running clocks soonest first by (deadline, created_at,
 * id) — of two clocks that end in the same second, the one held first comes first (decision 011). Each has an index
 * per filter that yields rows in that order (migration 007).
 */
export const ORDERS: Record<
  BookingsQuery['sort'],
  KeysetOrder<LedgerRow> & { shape: readonly ('string' | 'number')[] }
> = {
  created_desc: {
    name: 'bookings.newest',
    shape: ['string', 'string'],
    keyOf: (row) => [row.created_at, row.id],
    after: (q, key) =>
      key
        ? q.where(sql<boolean>`(bookings.created_at, bookings.id) < (${String(key[0])}, ${String(key[1])})`)
        : q,
    sorted: (q) => q.orderBy(ref('created_at'), 'desc').orderBy(ref('id'), 'desc'),
  },
  margin_desc: byMoney('fee_cents'),
  client_desc: byMoney('client_cents'),
  deadline: {
    name: 'bookings.deadline',
    shape: ['string', 'string', 'string'],
    keyOf: (row) => [row.deadline ?? '', row.created_at, row.id],
    after: (q, key) =>
      key
        ? q.where(
            sql<boolean>`(bookings.deadline, bookings.created_at, bookings.id) > (${String(key[0])}, ${String(key[1])}, ${String(key[2])})`,
          )
        : q,
    sorted: (q) => q.orderBy(ref('deadline')).orderBy(ref('created_at')).orderBy(ref('id')),
  },
};

/** The desk's CSV (decision 032): each booking with the net the office paid, its fee (the margin) and the client's price. */
export const LEDGER_CSV_HEADER = [
  'id',
  'product',
  'created_at',
  'agent',
  'client_reference',
  'reference',
  'status',
  'summary',
  'people',
  'net',
  'fee',
  'client_price',
  'currency',
  'fee_reason',
];
/** A booking's row of the CSV, its time in the zone of the person downloading it, offset and all (decision 049). */
export function ledgerCsvRow(entry: LedgerEntry, timeZone = 'UTC'): CsvRow {
  return [
    entry.id,
    entry.product,
    zonedIso(entry.created_at, timeZone),
    entry.agent.email,
    entry.client_reference,
    entry.reference ?? null,
    entry.status,
    entry.summary,
    entry.people.join('; '),
    entry.total.amount,
    entry.price?.fee.amount ?? null,
    entry.price?.client.amount ?? null,
    entry.total.currency,
    entry.price?.fee_reason ?? null,
  ];
}

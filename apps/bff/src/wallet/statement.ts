import {
  type Environment,
  fromCents,
  type Statement,
  type StatementLine,
  toCents,
  type Wallet,
} from '@console/contract';
import { type Db, historyReads, sql } from '../db/index.ts';
import { type CsvRow, EXPORT_BATCH } from '../platform/csv.ts';
import { decodeCursor, pageFrom } from '../platform/pages.ts';
import { zonedIso } from '../platform/zoned-time.ts';

/**
 * The wallet statement (decisions 020, 039): the wallet's moves as the ledger wrote them (`wallet_moves`), the money
 * reserved (holds, releases) apart from the money that moved (payments, refunds), with a running balance from the
 * service's balance as the console first read it. The reports sum the same moves (`day_totals`), so a report's net
 * paid and the statement's net for the same days are one figure.
 */

const STATEMENT_ORDER = 'statement.moves';
const MONEY_KINDS = ['hold', 'release', 'payment', 'refund'] as const;
type Kind = (typeof MONEY_KINDS)[number];
/** A key past any time of a day (`2026-11-29T99` sorts after every `2026-11-29T…`). */
const endOf = (day: string) => `${day}T99`;
const big = (v: string | number | bigint | null | undefined) => BigInt(v ?? 0);

export interface StatementQuery {
  from: string;
  to: string;
  after?: string | undefined;
  limit: number;
}

/** The service's balance when the console first read it: where the running balance starts. */
interface Anchor {
  at: string;
  balance: bigint;
}

export class WalletStatement {
  constructor(private readonly db: Db) {}

  /** The anchor, taken from `wallet` now when there is none yet (the first statement asked for). */
  async anchor(environment: Environment, wallet: Wallet | null, now: number): Promise<Anchor | null> {
    const found = await this.#anchor(environment);
    if (found || !wallet) return found;
    await this.db
      .insertInto('wallet_anchors')
      .values({
        environment,
        at: new Date(now).toISOString(),
        balance_cents: toCents(wallet.balance.amount).toString(),
      })
      .onConflict((oc) => oc.column('environment').doNothing())
      .execute();
    return this.#anchor(environment);
  }

  async #anchor(environment: Environment): Promise<Anchor | null> {
    const row = await this.db
      .selectFrom('wallet_anchors')
      .select(['at', 'balance_cents'])
      .where('environment', '=', environment)
      .executeTakeFirst();
    return row ? { at: row.at, balance: big(row.balance_cents) } : null;
  }

  async statement(
    environment: Environment,
    query: StatementQuery,
    wallet: Wallet | null,
    anchor: Anchor | null,
  ): Promise<Statement> {
    const reads = historyReads(this.db);
    const [page, sums] = await Promise.all([
      linesPage(reads, environment, query),
      periodSums(reads, environment, query),
    ]);
    const lines = page.data;
    let opening: bigint | null = null;
    let expected: bigint | null = null;
    if (anchor) {
      opening =
        anchor.at >= query.from
          ? anchor.balance + (await netBetween(reads, environment, query.from, anchor.at))
          : anchor.balance - (await netBetween(reads, environment, anchor.at, query.from));
      expected = anchor.balance - (await netBetween(reads, environment, anchor.at, endOf('9999-12-31')));
    }
    // Each line's balance: the opening, less what moved in the period before the page, less each line as it comes.
    let running: bigint | null = null;
    const first = page.rows[0];
    if (opening !== null && first)
      running = opening - (await netBefore(reads, environment, query.from, [first.at, first.id]));
    const shown: StatementLine[] = lines.map((line) => {
      if (running !== null) running -= signed(line.kind, toCents(line.amount.amount));
      return { ...line, balance: running === null ? null : fromCents(running) };
    });
    let dayBalance = opening;
    const days = sums.days.map((day) => {
      if (dayBalance !== null) dayBalance -= day.payment - day.refund;
      return {
        day: day.day,
        ...text(day),
        net: fromCents(day.payment - day.refund),
        balance: dayBalance === null ? null : fromCents(dayBalance),
      };
    });
    const closing = opening === null ? null : opening - (sums.totals.payment - sums.totals.refund);
    const walletBalance = wallet ? toCents(wallet.balance.amount) : null;
    const difference = walletBalance !== null && expected !== null ? walletBalance - expected : null;
    return {
      from: query.from,
      to: query.to,
      lines: shown,
      has_more: page.has_more,
      next_cursor: page.next_cursor,
      days,
      totals: { ...text(sums.totals), net: fromCents(sums.totals.payment - sums.totals.refund) },
      balance: {
        since: anchor?.at ?? null,
        opening: opening === null ? null : fromCents(opening),
        closing: closing === null ? null : fromCents(closing),
        wallet: walletBalance === null ? null : fromCents(walletBalance),
        expected: expected === null ? null : fromCents(expected),
        difference: difference === null ? null : fromCents(difference),
        explanation: explain(wallet, anchor, difference),
      },
    };
  }

  /** Every line of the period, oldest first, a page at a time: what the statement's CSV streams. */
  async *lines(environment: Environment, from: string, to: string): AsyncGenerator<StatementLine[]> {
    const reads = historyReads(this.db);
    let after: string | undefined;
    do {
      const page = await linesPage(reads, environment, { from, to, after, limit: EXPORT_BATCH });
      yield page.data;
      after = page.next_cursor ?? undefined;
    } while (after);
  }
}

/** Which way a line moves the balance: a payment takes money out, a refund brings it back; reserving moves none. */
const signed = (kind: Kind, cents: bigint) => (kind === 'payment' ? cents : kind === 'refund' ? -cents : 0n);

function explain(wallet: Wallet | null, anchor: Anchor | null, difference: bigint | null): string {
  if (!wallet)
    return 'The service’s wallet could not be read just now, so the balance is not compared with it.';
  if (!anchor || difference === null) return 'The running balance starts when the wallet is first read.';
  if (difference === 0n) return 'The running balance ends at the balance the service’s wallet shows.';
  const amount = fromCents(difference < 0n ? -difference : difference);
  return `The service’s wallet shows ${amount} USD ${difference > 0n ? 'more' : 'less'} than the console’s payments and refunds since ${anchor.at} leave: money moved outside the console (a top-up, a booking paid with the office’s credentials elsewhere, or a refund the service made by itself).`;
}

const text = (s: Record<Kind, bigint>) => ({
  hold: fromCents(s.hold),
  payment: fromCents(s.payment),
  release: fromCents(s.release),
  refund: fromCents(s.refund),
});

interface MoveRow {
  id: number;
  at: string;
  action: string;
  booking_id: string;
  user_email: string;
  kind: Kind;
  amount_cents: number | string;
}

async function linesPage(reads: Db, environment: Environment, query: StatementQuery) {
  const key = decodeCursor(query.after, STATEMENT_ORDER, ['string', 'number']);
  let q = reads
    .selectFrom('wallet_moves')
    .select(['id', 'at', 'action', 'booking_id', 'user_email', 'kind', 'amount_cents'])
    .where('environment', '=', environment)
    .where('kind', 'in', MONEY_KINDS)
    .where('at', '>=', query.from)
    .where('at', '<', endOf(query.to));
  if (key) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('at', 'id'), '>', tuple(key[0], key[1])));
  const rows = await q
    .orderBy('at')
    .orderBy('id')
    .limit(query.limit + 1)
    .execute();
  const moneyRows: MoveRow[] = rows.flatMap((r) =>
    r.kind === 'cancelled' || r.kind === 'fee' ? [] : [{ ...r, kind: r.kind, amount_cents: r.amount_cents }],
  );
  const page = pageFrom(moneyRows, query.limit, STATEMENT_ORDER, (row) => [row.at, row.id], lineOf);
  return { ...page, rows: moneyRows.slice(0, query.limit) };
}

const lineOf = (row: MoveRow): StatementLine => ({
  at: row.at,
  kind: row.kind,
  action: row.action,
  booking_id: row.booking_id,
  user: row.user_email,
  amount: { amount: fromCents(big(row.amount_cents)), currency: 'USD' },
});

/** The period's days and totals, from the day sums the ledger keeps with each move (never the moves themselves). */
async function periodSums(reads: Db, environment: Environment, query: StatementQuery) {
  const rows = await reads
    .selectFrom('day_totals')
    .select([
      'day',
      sql<string>`sum(held_cents)`.as('hold'),
      sql<string>`sum(released_cents)`.as('release'),
      sql<string>`sum(paid_cents)`.as('payment'),
      sql<string>`sum(refunded_cents)`.as('refund'),
    ])
    .where('environment', '=', environment)
    .where('day', '>=', query.from)
    .where('day', '<=', query.to)
    .groupBy('day')
    .orderBy('day')
    .execute();
  const totals = { hold: 0n, payment: 0n, release: 0n, refund: 0n };
  const days = rows
    .map((row) => ({
      day: row.day,
      hold: big(row.hold),
      payment: big(row.payment),
      release: big(row.release),
      refund: big(row.refund),
    }))
    .filter((day) => MONEY_KINDS.some((k) => day[k] !== 0n));
  for (const day of days) for (const k of MONEY_KINDS) totals[k] += day[k];
  return { days, totals };
}

/** Payments less refunds of the moves from `from` (a time or a day) up to, not including, `to`. */
async function netBetween(reads: Db, environment: Environment, from: string, end: string): Promise<bigint> {
  if (end <= from) return 0n;
  const fromDay = from.slice(0, 10);
  const endDay = end.slice(0, 10);
  // Whole days between the two ends from the day sums; the two ends' own days from their moves.
  const whole =
    endDay > fromDay
      ? await reads
          .selectFrom('day_totals')
          .select(sql<string>`sum(paid_cents) - sum(refunded_cents)`.as('net'))
          .where('environment', '=', environment)
          .where('day', '>', fromDay)
          .where('day', '<', endDay)
          .executeTakeFirst()
      : undefined;
  const edge = (lo: string, hi: string) =>
    reads
      .selectFrom('wallet_moves')
      .select(
        sql<string>`sum(case when kind = 'payment' then amount_cents when kind = 'refund' then -amount_cents else 0 end)`.as(
          'net',
        ),
      )
      .where('environment', '=', environment)
      .where('at', '>=', lo)
      .where('at', '<', hi)
      .executeTakeFirst();
  if (endDay === fromDay) return big((await edge(from, end))?.net);
  const [a, b] = await Promise.all([edge(from, endOf(fromDay)), edge(endDay, end)]);
  return big(whole?.net) + big(a?.net) + big(b?.net);
}

/** Payments less refunds from the start of `fromDay` up to, not including, the move `key` (its time and id). */
async function netBefore(
  reads: Db,
  environment: Environment,
  fromDay: string,
  key: [string, number],
): Promise<bigint> {
  const keyDay = key[0].slice(0, 10);
  const days =
    keyDay > fromDay
      ? await reads
          .selectFrom('day_totals')
          .select(sql<string>`sum(paid_cents) - sum(refunded_cents)`.as('net'))
          .where('environment', '=', environment)
          .where('day', '>=', fromDay)
          .where('day', '<', keyDay)
          .executeTakeFirst()
      : undefined;
  const sameDay = await reads
    .selectFrom('wallet_moves')
    .select(
      sql<string>`sum(case when kind = 'payment' then amount_cents when kind = 'refund' then -amount_cents else 0 end)`.as(
        'net',
      ),
    )
    .where('environment', '=', environment)
    .where('at', '>=', keyDay > fromDay ? keyDay : fromDay)
    .where(({ eb, refTuple, tuple }) => eb(refTuple('at', 'id'), '<', tuple(key[0], key[1])))
    .executeTakeFirst();
  return big(days?.net) + big(sameDay?.net);
}

export const STATEMENT_CSV_HEADER = ['at', 'kind', 'action', 'booking_id', 'user', 'amount', 'currency'];
export const statementCsvRow = (l: StatementLine, timeZone = 'UTC'): CsvRow => [
  zonedIso(l.at, timeZone),
  l.kind,
  l.action,
  l.booking_id,
  l.user,
  l.amount.amount,
  l.amount.currency,
];

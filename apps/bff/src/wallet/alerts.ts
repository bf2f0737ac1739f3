import {
  fromCents,
  STATEMENT_KINDS,
  type Statement,
  type StatementLine,
  toCents,
  type Wallet,
  type WalletAlert,
} from '@console/contract';
import { type Db, databaseInfo, historyReads, sql } from '../db/index.ts';
import { type CsvRow, EXPORT_BATCH } from '../platform/csv.ts';
import { OfficeSettings } from '../platform/office-settings.ts';
import { decodeCursor, pageFrom } from '../platform/pages.ts';
import type { Actor } from '../platform/types.ts';

const THRESHOLD = 'wallet.low_balance_threshold';

/** The office's wallet alert: a low-balance threshold the admin sets, kept in the database for every instance. */
export class WalletAlerts {
  readonly #settings: OfficeSettings;

  constructor(db: Db) {
    this.#settings = new OfficeSettings(db);
  }

  threshold(): Promise<string | null> {
    return this.#settings.get(THRESHOLD);
  }

  async setThreshold(amount: string | null, who: Actor): Promise<void> {
    if (amount === null) await this.#settings.remove(THRESHOLD);
    else await this.#settings.set(THRESHOLD, amount, who);
  }
}

const usd = (cents: bigint) => `${fromCents(cents)} USD`;

/**
 * What the banner says (decision 020): `available` under the threshold; or the running holds still to be paid
 * (beyond what the wallet already holds for them) would take `available` under it. Admins get the figures, agents
 * the fact and what to do.
 */
export function walletAlert(
  threshold: string | null,
  wallet: Wallet | null,
  runningHoldsCents: bigint,
  withFigures: boolean,
): WalletAlert {
  if (threshold === null) return { threshold: null, alerts: [], checked: wallet !== null };
  const line = { amount: threshold, currency: 'USD' as const };
  if (!wallet) return { threshold: withFigures ? line : null, alerts: [], checked: false };
  const limit = toCents(threshold);
  const available = toCents(wallet.available.amount);
  const held = toCents(wallet.held.amount);
  const alerts: WalletAlert['alerts'] = [];
  if (available < limit)
    alerts.push({
      kind: 'low_available',
      message: withFigures
        ? `The wallet has ${usd(available)} available, under the alert level of ${usd(limit)}. Top it up before the next booking.`
        : 'The office wallet is running low. Ask an admin to top it up before the next booking.',
    });
  // What the running holds still need: their totals beyond the money the wallet already sets aside for them.
  const need = runningHoldsCents > held ? runningHoldsCents - held : 0n;
  if (available >= limit && need > 0n && available - need < limit)
    alerts.push({
      kind: 'holds_exceed',
      message: withFigures
        ? `Paying the running holds (${usd(runningHoldsCents)}) would leave ${usd(available - need)}, under the alert level of ${usd(limit)}.`
        : 'Paying the office’s running holds would leave the wallet low. Ask an admin before adding more.',
    });
  return { threshold: withFigures ? line : null, alerts, checked: true };
}

/**
 * The audit log's actions that move money, and which way (decision 020), as SQL over `audit_log` (alias `a`): a hold is
 * a create, a payment a ticket or confirm, a release a cancel, a refund a refund; of the three products only.
 */
const KIND = sql<StatementLine['kind'] | null>`case
  when a.action not like 'flight.%' and a.action not like 'hotel.%' and a.action not like 'activity.%' then null
  when a.action like '%.create' then 'hold'
  when a.action = 'flight.order.ticket' or a.action like '%.confirm' then 'payment'
  when a.action like '%.cancel' then 'release'
  when a.action like '%.refund' then 'refund'
  end`;

/** The money moves of a period: the succeeded (or reconciled) audit entries whose action moves money. */
function moves(reads: Db, from: string, to: string) {
  return reads
    .selectFrom('audit_log as a')
    .leftJoin('bookings as b', 'b.id', 'a.resource_id')
    .where('a.result', 'in', ['succeeded', 'reconciled'])
    .where('a.at', '>=', from)
    .where('a.at', '<', `${to}T99`)
    .where(sql<boolean>`(${KIND}) is not null`);
}

/** Cents of an amount held as text, summed exactly on each store. */
function cents(reads: Db, amount: ReturnType<typeof sql>) {
  return databaseInfo(reads).kind === 'postgres'
    ? sql<string>`coalesce(round(cast(${amount} as numeric) * 100), 0)`
    : sql<string>`coalesce(cast(round(cast(${amount} as real) * 100) as integer), 0)`;
}

const STATEMENT_ORDER = 'statement.oldest';

/**
 * The wallet statement over a period (decision 020): a page of the money moves the console made (holds, payments,
 * releases, refunds) as its audit log recorded them, oldest first; and the period's days and totals, summed by the
 * database over every move (not the page). A release is the booking's total as the ledger has it; a hotel cancelled
 * with a penalty shows the penalty as a payment beside it.
 */
export async function statement(db: Db, query: StatementPageQuery): Promise<Statement> {
  const reads = historyReads(db);
  const [page, sums] = await Promise.all([linesPage(reads, query), periodSums(reads, query)]);
  return {
    from: query.from,
    to: query.to,
    lines: page.data.flat(),
    has_more: page.has_more,
    next_cursor: page.next_cursor,
    ...sums,
  };
}

interface StatementPageQuery {
  from: string;
  to: string;
  after?: string | undefined;
  limit: number;
}

async function linesPage(reads: Db, query: StatementPageQuery) {
  const key = decodeCursor(query.after, STATEMENT_ORDER, ['string', 'number']);
  let q = moves(reads, query.from, query.to).select([
    'a.id',
    'a.at',
    'a.action',
    'a.resource_id',
    'a.user_email',
    'a.amount',
    'b.total_amount',
    KIND.as('kind'),
  ]);
  if (key) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('a.at', 'a.id'), '>', tuple(key[0], key[1])));
  const rows = await q
    .orderBy('a.at')
    .orderBy('a.id')
    .limit(query.limit + 1)
    .execute();
  return pageFrom(rows, query.limit, STATEMENT_ORDER, (row) => [row.at, row.id], linesOf);
}

/** The period's days and totals, summed by the database over every move of the period. */
async function periodSums(reads: Db, query: StatementPageQuery) {
  const amount = sql`coalesce(a.amount, b.total_amount)`;
  const kind = (k: string) => sql`(${KIND}) = ${k}`;
  const sums = await moves(reads, query.from, query.to)
    .select([
      sql<string>`substr(a.at, 1, 10)`.as('day'),
      sql<string | number>`sum(case when ${kind('hold')} then ${cents(reads, amount)} else 0 end)`.as('hold'),
      sql<string | number>`sum(case when ${kind('payment')} then ${cents(reads, amount)}
        when a.action = 'hotel.order.cancel' then ${cents(reads, sql`a.amount`)} else 0 end)`.as('payment'),
      sql<
        string | number
      >`sum(case when ${kind('release')} then ${cents(reads, sql`b.total_amount`)} else 0 end)`.as('release'),
      sql<string | number>`sum(case when ${kind('refund')} then ${cents(reads, amount)} else 0 end)`.as(
        'refund',
      ),
    ])
    .groupBy(sql`substr(a.at, 1, 10)`)
    .orderBy(sql`substr(a.at, 1, 10)`)
    .execute();
  const big = (v: string | number | null) => BigInt(String(v ?? 0).split('.')[0] ?? '0');
  const totals = { hold: 0n, payment: 0n, release: 0n, refund: 0n };
  const days = sums
    .map((row) => {
      const day = {
        hold: big(row.hold),
        payment: big(row.payment),
        release: big(row.release),
        refund: big(row.refund),
      };
      for (const k of STATEMENT_KINDS) totals[k] += day[k];
      return { day: row.day, ...day };
    })
    .filter((day) => STATEMENT_KINDS.some((k) => day[k] !== 0n))
    .map((day) => ({ day: day.day, ...text(day) }));
  return { days, totals: text(totals) };
}

const text = (s: Record<StatementLine['kind'], bigint>) => ({
  hold: fromCents(s.hold),
  payment: fromCents(s.payment),
  release: fromCents(s.release),
  refund: fromCents(s.refund),
});

/** The statement lines of one audit entry: none when it moved nothing. */
function linesOf(row: {
  at: string;
  action: string;
  resource_id: string | null;
  user_email: string;
  amount: string | null;
  total_amount: string | null;
  kind: StatementLine['kind'] | null;
}): StatementLine[] {
  const lines: StatementLine[] = [];
  const add = (kind: StatementLine['kind'], amount: string | null) => {
    if (amount === null || toCents(amount) === 0n) return;
    lines.push({
      at: row.at,
      kind,
      action: row.action,
      booking_id: row.resource_id,
      user: row.user_email,
      amount: { amount, currency: 'USD' },
    });
  };
  const { kind } = row;
  if (kind === 'release') {
    add('release', row.total_amount);
    if (row.action === 'hotel.order.cancel') add('payment', row.amount);
  } else if (kind) add(kind, row.amount ?? row.total_amount);
  return lines;
}

/** Every line of the period, oldest first, a page at a time: what the statement's CSV streams. */
export async function* statementLines(db: Db, from: string, to: string): AsyncGenerator<StatementLine[]> {
  const reads = historyReads(db);
  let after: string | undefined;
  do {
    const page = await linesPage(reads, { from, to, after, limit: EXPORT_BATCH });
    yield page.data.flat();
    after = page.next_cursor ?? undefined;
  } while (after);
}

export const STATEMENT_CSV_HEADER = ['at', 'kind', 'action', 'booking_id', 'user', 'amount', 'currency'];
export const statementCsvRow = (l: StatementLine): CsvRow => [
  l.at,
  l.kind,
  l.action,
  l.booking_id,
  l.user,
  l.amount.amount,
  l.amount.currency,
];

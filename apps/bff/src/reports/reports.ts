import {
  type Environment,
  fromCents,
  type Report,
  type ReportFigures,
  type ReportPeriod,
  type ReportQuery,
} from '@console/contract';
import { sql } from 'kysely';
import { type Db, historyReads } from '../db/index.ts';
import { csvCell } from '../platform/csv.ts';

/** Sums as the database gives them (PostgreSQL's bigint sums come as text): cents. */
interface Sums {
  bookings: number | string | bigint | null;
  net: number | string | bigint | null;
  fee: number | string | bigint | null;
  client: number | string | bigint | null;
  cancelled: number | string | bigint | null;
  cancelled_net: number | string | bigint | null;
  lapsed: number | string | bigint | null;
  lapsed_net: number | string | bigint | null;
}
const big = (v: number | string | bigint | null) => BigInt(v ?? 0);
const usd = (cents: bigint) => ({ amount: fromCents(cents), currency: 'USD' as const });
const ZERO: Sums = {
  bookings: 0,
  net: 0,
  fee: 0,
  client: 0,
  cancelled: 0,
  cancelled_net: 0,
  lapsed: 0,
  lapsed_net: 0,
};

function figures(s: Sums): ReportFigures {
  return {
    bookings: Number(big(s.bookings)),
    net: usd(big(s.net)),
    client: usd(big(s.client)),
    margin: usd(big(s.fee)),
    cancelled: Number(big(s.cancelled)),
    cancelled_net: usd(big(s.cancelled_net)),
    lapsed: Number(big(s.lapsed)),
    lapsed_net: usd(big(s.lapsed_net)),
  };
}
function add(a: Sums, b: Sums): Sums {
  const out = { ...ZERO } as Record<keyof Sums, bigint>;
  for (const key of Object.keys(ZERO) as (keyof Sums)[]) out[key] = big(a[key]) + big(b[key]);
  return out;
}

/** The period a day falls in: itself, its week's Monday, or its month. */
export function periodOf(day: string, by: ReportPeriod): string {
  if (by === 'day') return day;
  if (by === 'month') return day.slice(0, 7);
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** Every period from `from` to `to`, in order, so a report shows the empty ones too. */
function periodsBetween(from: string, to: string, by: ReportPeriod): string[] {
  const out: string[] = [];
  const date = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (date <= end) {
    const period = periodOf(date.toISOString().slice(0, 10), by);
    if (out.at(-1) !== period) out.push(period);
    date.setUTCDate(date.getUTCDate() + 1);
  }
  return out;
}

/**
 * The office's reports (decision 033), from the totals the database keeps per day, product and agent
 * (`booking_totals`, migration 014): three grouped reads of at most days × products × agents rows through its
 * primary key, on the history readers; never the ledger.
 */
export class Reports {
  constructor(private readonly db: Db) {}

  async report(query: ReportQuery, environment: Environment): Promise<Report> {
    const reads = historyReads(this.db);
    const sums = {
      bookings: sql<string>`sum(bookings)`.as('bookings'),
      net: sql<string>`sum(net_cents)`.as('net'),
      fee: sql<string>`sum(fee_cents)`.as('fee'),
      client: sql<string>`sum(client_cents)`.as('client'),
      cancelled: sql<string>`sum(cancelled)`.as('cancelled'),
      cancelled_net: sql<string>`sum(cancelled_net_cents)`.as('cancelled_net'),
      lapsed: sql<string>`sum(lapsed)`.as('lapsed'),
      lapsed_net: sql<string>`sum(lapsed_net_cents)`.as('lapsed_net'),
    };
    const range = reads
      .selectFrom('booking_totals')
      .where('environment', '=', environment)
      .where('day', '>=', query.from)
      .where('day', '<=', query.to);
    const [days, products, agents] = await Promise.all([
      range
        .select(['day', ...Object.values(sums)])
        .groupBy('day')
        .orderBy('day')
        .execute(),
      range
        .select(['product', ...Object.values(sums)])
        .groupBy('product')
        .orderBy('product')
        .execute(),
      range
        .select(['agent_id', sql<string>`max(agent_email)`.as('agent_email'), ...Object.values(sums)])
        .groupBy('agent_id')
        .execute(),
    ]);
    const byPeriod = new Map<string, Sums>();
    let total = ZERO;
    for (const row of days) {
      const period = periodOf(row.day, query.by);
      byPeriod.set(period, add(byPeriod.get(period) ?? ZERO, row));
      total = add(total, row);
    }
    return {
      from: query.from,
      to: query.to,
      by: query.by,
      totals: figures(total),
      periods: periodsBetween(query.from, query.to, query.by).map((period) => ({
        period,
        ...figures(byPeriod.get(period) ?? ZERO),
      })),
      products: products.map((row) => ({ product: row.product, ...figures(row) })),
      agents: agents
        .map((row) => ({ agent: { id: row.agent_id, email: row.agent_email }, ...figures(row) }))
        .sort((a, b) =>
          Number(BigInt(b.margin.amount.replace('.', '')) - BigInt(a.margin.amount.replace('.', ''))),
        ),
    };
  }
}

/** A report's lines as CSV: one table of it (periods, products or agents). */
export const REPORT_TABLES = ['periods', 'products', 'agents'] as const;
export function reportCsv(report: Report, table: (typeof REPORT_TABLES)[number]): string {
  const head = [
    'bookings',
    'net',
    'client',
    'margin',
    'cancelled',
    'cancelled_net',
    'lapsed',
    'lapsed_net',
    'currency',
  ];
  const figuresOf = (f: ReportFigures) => [
    f.bookings,
    f.net.amount,
    f.client.amount,
    f.margin.amount,
    f.cancelled,
    f.cancelled_net.amount,
    f.lapsed,
    f.lapsed_net.amount,
    'USD',
  ];
  const rows =
    table === 'periods'
      ? [[report.by, ...head], ...report.periods.map((p) => [p.period, ...figuresOf(p)])]
      : table === 'products'
        ? [['product', ...head], ...report.products.map((p) => [p.product, ...figuresOf(p)])]
        : [['agent', ...head], ...report.agents.map((a) => [a.agent.email, ...figuresOf(a)])];
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

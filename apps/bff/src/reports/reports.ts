import {
  type Environment,
  fromCents,
  type Report,
  type ReportFigures,
  type ReportPeriod,
  type ReportQuery,
  toCents,
} from '@console/contract';
import { sql } from 'kysely';
import { type Db, historyReads } from '../db/index.ts';
import { csvCell } from '../platform/csv.ts';

/** Sums as the database gives them (PostgreSQL's bigint sums come as text): counts and cents. */
type Sum = number | string | bigint | null;
interface Sums {
  bookings: Sum;
  cancelled: Sum;
  cancelled_net: Sum;
  lapsed: Sum;
  lapsed_net: Sum;
  paid: Sum;
  refunded: Sum;
  client: Sum;
  lost: Sum;
  lost_net: Sum;
  on_hold: Sum;
  on_hold_net: Sum;
}
const big = (v: Sum | undefined) => BigInt(v ?? 0);
const usd = (cents: bigint) => ({ amount: fromCents(cents), currency: 'USD' as const });
const ZERO: Sums = {
  bookings: 0,
  cancelled: 0,
  cancelled_net: 0,
  lapsed: 0,
  lapsed_net: 0,
  paid: 0,
  refunded: 0,
  client: 0,
  lost: 0,
  lost_net: 0,
  on_hold: 0,
  on_hold_net: 0,
};
const KEYS = Object.keys(ZERO) as (keyof Sums)[];

function figures(s: Sums): ReportFigures {
  const netPaid = big(s.paid) - big(s.refunded);
  return {
    bookings: Number(big(s.bookings)),
    paid: usd(big(s.paid)),
    refunded: usd(big(s.refunded)),
    net_paid: usd(netPaid),
    client: usd(big(s.client)),
    margin: usd(big(s.client) - netPaid),
    lost: Number(big(s.lost)),
    lost_net: usd(big(s.lost_net)),
    on_hold: Number(big(s.on_hold)),
    on_hold_net: usd(big(s.on_hold_net)),
    cancelled: Number(big(s.cancelled)),
    cancelled_net: usd(big(s.cancelled_net)),
    lapsed: Number(big(s.lapsed)),
    lapsed_net: usd(big(s.lapsed_net)),
  };
}
function add(a: Partial<Sums>, b: Partial<Sums>): Sums {
  const out: Sums = { ...ZERO };
  for (const key of KEYS) out[key] = big(a[key]) + big(b[key]);
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

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const lastDayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
function monthAfter(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 7);
}

/**
 * A range as the totals keep it: its whole months (from `month_totals`) and the days at its edges outside them (from
 * `day_totals`); a range with no whole month is all days.
 */
export function rangeParts(
  from: string,
  to: string,
): { days: [string, string][]; months: [string, string] | null } {
  const first = from.endsWith('-01') ? from.slice(0, 7) : monthAfter(from.slice(0, 7));
  const last = nextDay(to).endsWith('-01')
    ? to.slice(0, 7)
    : lastDayBefore(`${to.slice(0, 7)}-01`).slice(0, 7);
  if (first > last) return { days: [[from, to]], months: null };
  const days: [string, string][] = [];
  if (from < `${first}-01`) days.push([from, lastDayBefore(`${first}-01`)]);
  const after = `${monthAfter(last)}-01`;
  if (after <= to) days.push([after, to]);
  return { days, months: [first, last] };
}

/**
 * The grouped reads a report makes (by period, by product, by agent), on the history readers: a range's whole months
 * from `month_totals`, its edge days from `day_totals` (by day and by week the periods read every day of the range).
 */
export function reportReads(
  db: Db,
  query: Pick<ReportQuery, 'from' | 'to' | 'by'>,
  environment: Environment,
) {
  const reads = historyReads(db);
  // What the bookings made in the range became (decision 033)…
  const made = {
    bookings: sql<string>`sum(bookings)`.as('bookings'),
    cancelled: sql<string>`sum(cancelled)`.as('cancelled'),
    cancelled_net: sql<string>`sum(cancelled_net_cents)`.as('cancelled_net'),
    lapsed: sql<string>`sum(lapsed)`.as('lapsed'),
    lapsed_net: sql<string>`sum(lapsed_net_cents)`.as('lapsed_net'),
  };
  // …and what the money did on the range's days (decision 039): the wallet's moves, as the statement lists them.
  const money = {
    paid: sql<string>`sum(paid_cents)`.as('paid'),
    refunded: sql<string>`sum(refunded_cents)`.as('refunded'),
    client: sql<string>`sum(client_cents)`.as('client'),
    lost: sql<string>`sum(losses)`.as('lost'),
    lost_net: sql<string>`sum(lost_cents)`.as('lost_net'),
    on_hold: sql<string>`sum(open_holds)`.as('on_hold'),
    on_hold_net: sql<string>`sum(open_hold_cents)`.as('on_hold_net'),
  };
  // One table keeps both (decision 039, "speed"), and its sums per month beside it.
  const sums = [...Object.values(made), ...Object.values(money)];
  const email = sql<string>`max(agent_email)`.as('agent_email');
  const days = ([from, to]: [string, string]) =>
    reads
      .selectFrom('day_totals')
      .where('environment', '=', environment)
      .where('day', '>=', from)
      .where('day', '<=', to);
  const parts = rangeParts(query.from, query.to);
  const months = parts.months
    ? reads
        .selectFrom('month_totals')
        .where('environment', '=', environment)
        .where('month', '>=', parts.months[0])
        .where('month', '<=', parts.months[1])
    : null;
  return {
    periods: [
      ...(query.by === 'month' ? parts.days : [[query.from, query.to] as [string, string]]).map((range) =>
        days(range)
          .select(['day', ...sums])
          .groupBy('day'),
      ),
      ...(query.by === 'month' && months
        ? [months.select([sql<string>`month`.as('day'), ...sums]).groupBy('month')]
        : []),
    ],
    products: [
      ...parts.days.map((range) =>
        days(range)
          .select(['product', ...sums])
          .groupBy('product'),
      ),
      ...(months ? [months.select(['product', ...sums]).groupBy('product')] : []),
    ],
    agents: [
      ...parts.days.map((range) =>
        days(range)
          .select(['agent_id', email, ...sums])
          .groupBy('agent_id'),
      ),
      ...(months ? [months.select(['agent_id', email, ...sums]).groupBy('agent_id')] : []),
    ],
  };
}

/**
 * The office's reports (decisions 033, 039), from the totals the database keeps per day, product and agent
 * (`day_totals`, migration 020): the bookings made, kept by triggers, and the wallet's moves (the sums of what the
 * statement lists), kept with each move, and their sums per month (`month_totals`, kept from the day's by triggers):
 * a long range reads its whole months and its edge days, through the tables' keys, on the history readers; never the
 * ledger nor the moves themselves.
 */
export class Reports {
  constructor(private readonly db: Db) {}

  async report(query: ReportQuery, environment: Environment): Promise<Report> {
    const r = reportReads(this.db, query, environment);
    const [days, products, agents] = await Promise.all([
      Promise.all(r.periods.map((read) => read.execute())).then((rows) => rows.flat()),
      Promise.all(r.products.map((read) => read.execute())).then((rows) => rows.flat()),
      Promise.all(r.agents.map((read) => read.execute())).then((rows) => rows.flat()),
    ]);
    const byPeriod = new Map<string, Sums>();
    let total = ZERO;
    for (const row of days) {
      const period = periodOf(row.day, query.by);
      byPeriod.set(period, add(byPeriod.get(period) ?? ZERO, row));
      total = add(total, row);
    }
    const byProduct = new Map<string, Sums>();
    for (const row of products) byProduct.set(row.product, add(byProduct.get(row.product) ?? ZERO, row));
    const byAgent = new Map<string, { email: string; sums: Sums }>();
    for (const row of agents)
      byAgent.set(row.agent_id, {
        email: row.agent_email,
        sums: add(byAgent.get(row.agent_id)?.sums ?? ZERO, row),
      });
    return {
      from: query.from,
      to: query.to,
      by: query.by,
      totals: figures(total),
      periods: periodsBetween(query.from, query.to, query.by).map((period) => ({
        period,
        ...figures(byPeriod.get(period) ?? ZERO),
      })),
      products: [...byProduct]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([product, sums]) => ({ product, ...figures(sums) })),
      agents: [...byAgent]
        .map(([id, { email, sums }]) => ({ agent: { id, email }, ...figures(sums) }))
        .sort((a, b) => Number(toCents(b.margin.amount) - toCents(a.margin.amount))),
    };
  }
}

/** A report's lines as CSV: one table of it (periods, products or agents). */
export const REPORT_TABLES = ['periods', 'products', 'agents'] as const;
export function reportCsv(report: Report, table: (typeof REPORT_TABLES)[number]): string {
  const head = [
    'bookings',
    'paid',
    'refunded',
    'net_paid',
    'client',
    'margin',
    'lost',
    'lost_net',
    'on_hold',
    'on_hold_net',
    'cancelled',
    'cancelled_net',
    'lapsed',
    'lapsed_net',
    'currency',
  ];
  const figuresOf = (f: ReportFigures) => [
    f.bookings,
    f.paid.amount,
    f.refunded.amount,
    f.net_paid.amount,
    f.client.amount,
    f.margin.amount,
    f.lost,
    f.lost_net.amount,
    f.on_hold,
    f.on_hold_net.amount,
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

import {
  fromCents,
  type Statement,
  type StatementLine,
  toCents,
  type Wallet,
  type WalletAlert,
} from '@console/contract';
import type { Db } from '../db/index.ts';
import { csvCell } from './audit.ts';
import type { Actor } from './intents.ts';

const THRESHOLD = 'wallet.low_balance_threshold';

/** The office's wallet alert: a low-balance threshold the admin sets, kept in the database for every instance. */
export class WalletAlerts {
  constructor(private readonly db: Db) {}

  async threshold(): Promise<string | null> {
    const row = await this.db
      .selectFrom('office_settings')
      .select('value')
      .where('name', '=', THRESHOLD)
      .executeTakeFirst();
    return row?.value ?? null;
  }

  async setThreshold(amount: string | null, who: Actor): Promise<void> {
    if (amount === null) {
      await this.db.deleteFrom('office_settings').where('name', '=', THRESHOLD).execute();
      return;
    }
    const at = new Date().toISOString();
    await this.db
      .insertInto('office_settings')
      .values({ name: THRESHOLD, value: amount, updated_by: who.email, updated_at: at })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet({ value: amount, updated_by: who.email, updated_at: at }),
      )
      .execute();
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

/** The audit log's actions that move money, and which way (decision 020). */
function kindOf(action: string): StatementLine['kind'] | null {
  if (action.endsWith('.create')) return 'hold';
  if (action === 'flight.order.ticket' || action.endsWith('.confirm')) return 'payment';
  if (action.endsWith('.cancel')) return 'release';
  if (action.endsWith('.refund')) return 'refund';
  return null;
}

/**
 * The wallet statement over a period: the money moves the console made (holds, payments, releases, refunds) as its
 * audit log recorded them, day by day. A release is the booking's total as the ledger has it; a hotel cancelled with
 * a penalty shows the penalty as a payment beside it.
 */
export async function statement(db: Db, from: string, to: string): Promise<Statement> {
  const rows = await db
    .selectFrom('audit_log')
    .leftJoin('bookings', 'bookings.id', 'audit_log.resource_id')
    .select([
      'audit_log.at',
      'audit_log.action',
      'audit_log.resource_id',
      'audit_log.user_email',
      'audit_log.amount',
      'bookings.total_amount',
    ])
    .where('audit_log.result', 'in', ['succeeded', 'reconciled'])
    .where('audit_log.at', '>=', from)
    .where('audit_log.at', '<', `${to}T99`)
    .orderBy('audit_log.at')
    .orderBy('audit_log.id')
    .execute();
  const lines: StatementLine[] = [];
  for (const row of rows) {
    const kind = kindOf(row.action);
    if (!kind || !row.action.match(/^(flight|hotel|activity)\./)) continue;
    const add = (k: StatementLine['kind'], amount: string | null) => {
      if (amount === null || toCents(amount) === 0n) return;
      lines.push({
        at: row.at,
        kind: k,
        action: row.action,
        booking_id: row.resource_id,
        user: row.user_email,
        amount: { amount, currency: 'USD' },
      });
    };
    if (kind === 'release') {
      add('release', row.total_amount ?? null);
      if (row.action === 'hotel.order.cancel') add('payment', row.amount);
    } else add(kind, row.amount ?? row.total_amount ?? null);
  }
  const empty = () => ({ hold: 0n, payment: 0n, release: 0n, refund: 0n });
  const byDay = new Map<string, ReturnType<typeof empty>>();
  const totals = empty();
  for (const line of lines) {
    const day = line.at.slice(0, 10);
    const sums = byDay.get(day) ?? empty();
    sums[line.kind] += toCents(line.amount.amount);
    totals[line.kind] += toCents(line.amount.amount);
    byDay.set(day, sums);
  }
  const text = (s: ReturnType<typeof empty>) => ({
    hold: fromCents(s.hold),
    payment: fromCents(s.payment),
    release: fromCents(s.release),
    refund: fromCents(s.refund),
  });
  return {
    from,
    to,
    lines,
    days: [...byDay.entries()].map(([day, sums]) => ({ day, ...text(sums) })),
    totals: text(totals),
  };
}

/** The statement as CSV, cells as the audit log's export writes them. */
export function statementCsv(s: Statement): string {
  const header = ['at', 'kind', 'action', 'booking_id', 'user', 'amount', 'currency'];
  const body = s.lines.map((l) =>
    [l.at, l.kind, l.action, l.booking_id, l.user, l.amount.amount, l.amount.currency].map(csvCell).join(','),
  );
  return `${header.join(',')}\r\n${body.map((l) => `${l}\r\n`).join('')}`;
}

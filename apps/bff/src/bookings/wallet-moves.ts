import { type Environment, type Money, type Product, toCents } from '@console/contract';
import { type Db, sql } from '../db/index.ts';

/**
 * The wallet's moves (decision 039), written by the ledger in the same transaction as the booking's new status, so
 * every path that learns of a change (the console's own action, a reconciliation, the watch reading a booking the
 * supplier cancelled) records the money the same way: what the wallet statement lists and the reports sum.
 */

/** The audit log's name of each product's create: the action of a hold's move. */
export const CREATE_ACTIONS: Record<Product, string> = {
  flight: 'flight.order.create',
  hotel: 'hotel.order.create',
  activity: 'activity.booking.create',
};

/** Where a status leaves the office's money: reserved, paid, or ended (let go, refunded, or lost). */
type MoneyState = 'held' | 'paid' | 'ended';
const PAID = new Set(['ticketing', 'ticketed', 'confirming', 'confirmed', 'issued']);
const ENDED = new Set(['cancelled', 'refunded', 'expired']);
export function moneyState(status: string | null): MoneyState | null {
  if (status === 'held') return 'held';
  if (status !== null && PAID.has(status)) return 'paid';
  if (status !== null && ENDED.has(status)) return 'ended';
  return null;
}

/** The booking a move is about, as the ledger holds it. */
export interface MovedBooking {
  id: string;
  environment: Environment;
  product: Product;
  agent_id: string;
  agent_email: string;
  /** When it was made (its hold counts on that day until paid or let go). */
  created_at: string;
  total: Money;
  /** What the client pays for it (its net when no fee was set). */
  client: Money;
}

/** Who moved the money, when (the service's clock), by which action; and what the service gave back, when known. */
export interface MoveContext {
  at: string;
  who: string;
  action: string;
  /** What the service returned to the wallet for this action (a refund, a paid cancellation's refundable part). */
  refunded?: Money | null;
}

/** Who made a move the console did not: the service (a supplier's cancellation, a hold that lapsed). */
export const SERVICE = 'service';

/** What the console's own action tells the ledger about the money: who, which action, what came back. */
export interface MoneyContext {
  who: string;
  action: string;
  refunded?: Money | null;
}

type Kind = 'hold' | 'release' | 'payment' | 'refund' | 'cancelled' | 'fee';
interface Move {
  kind: Kind;
  amount: bigint;
  client: bigint;
  lost: bigint;
}

/**
 * The moves of one booking going from `from` to `to` (null: it was not in the ledger). A paid booking that ends
 * takes its client price off what clients owe, and what the office paid for it and did not get back is a loss.
 */
export async function writeMoves(
  trx: Db,
  booking: MovedBooking,
  from: string | null,
  to: string,
  context: MoveContext,
): Promise<void> {
  const before = moneyState(from);
  const after = moneyState(to);
  const total = toCents(booking.total.amount);
  const client = toCents(booking.client.amount);
  const refunded = context.refunded ? toCents(context.refunded.amount) : 0n;
  const moves: Move[] = [];
  let openHolds = 0;
  if (from === null && after === 'held') {
    moves.push({ kind: 'hold', amount: total, client: 0n, lost: 0n });
    openHolds = 1;
  } else if (from === null && after === 'paid')
    moves.push({ kind: 'payment', amount: total, client, lost: 0n });
  else if (before === 'held' && after === 'paid') {
    moves.push({ kind: 'payment', amount: total, client, lost: 0n });
    openHolds = -1;
  } else if (before === 'held' && after === 'ended') {
    moves.push({ kind: 'release', amount: total, client: 0n, lost: 0n });
    openHolds = -1;
  } else if (before === 'paid' && after === 'ended') {
    // What it was sold at (with any fee changed since it was paid) comes off; what did not come back is lost.
    const earlier = await soFar(trx, booking.id);
    const lost = total - earlier.refunded - refunded > 0n ? total - earlier.refunded - refunded : 0n;
    moves.push({
      kind: refunded > 0n ? 'refund' : 'cancelled',
      amount: refunded,
      client: -earlier.client,
      lost,
    });
  } else if (before === 'paid' && after === 'paid' && refunded > 0n)
    // Part of a paid booking refunded (some of a flight's tickets): money back, the booking still sold.
    moves.push({ kind: 'refund', amount: refunded, client: 0n, lost: 0n });
  if (moves.length === 0) return;

  const day = context.at.slice(0, 10);
  const row = {
    environment: booking.environment,
    product: booking.product,
    agent_id: booking.agent_id,
    agent_email: booking.agent_email,
  };
  await trx
    .insertInto('wallet_moves')
    .values(
      moves.map((m) => ({
        ...row,
        at: context.at,
        day,
        booking_id: booking.id,
        user_email: context.who,
        action: context.action,
        kind: m.kind,
        amount_cents: m.amount.toString(),
        client_cents: m.client.toString(),
        lost_cents: m.lost.toString(),
      })),
    )
    .execute();
  const sums = { ...ZERO };
  for (const m of moves) {
    if (m.kind === 'hold') sums.held_cents += m.amount;
    if (m.kind === 'release') sums.released_cents += m.amount;
    if (m.kind === 'payment') sums.paid_cents += m.amount;
    if (m.kind === 'refund') sums.refunded_cents += m.amount;
    if (m.kind !== 'cancelled' && m.kind !== 'fee') sums[COUNT[m.kind]] += 1n;
    sums.client_cents += m.client;
    sums.lost_cents += m.lost;
    if (m.lost > 0n) sums.losses += 1n;
  }
  await addDay(trx, { ...row, day }, sums);
  // A hold counts as open on the day it was made, until it is paid or let go.
  if (openHolds !== 0)
    await addDay(
      trx,
      { ...row, day: booking.created_at.slice(0, 10) },
      { ...ZERO, open_holds: BigInt(openHolds), open_hold_cents: BigInt(openHolds) * total },
    );
}

const ZERO = {
  held_cents: 0n,
  holds: 0n,
  released_cents: 0n,
  releases: 0n,
  paid_cents: 0n,
  payments: 0n,
  refunded_cents: 0n,
  refunds: 0n,
  client_cents: 0n,
  lost_cents: 0n,
  losses: 0n,
  open_holds: 0n,
  open_hold_cents: 0n,
};
type DaySums = typeof ZERO;
const COUNT = { hold: 'holds', release: 'releases', payment: 'payments', refund: 'refunds' } as const;

/** One booking's moves so far: what the service gave back, and what clients owe for it. */
async function soFar(trx: Db, bookingId: string): Promise<{ refunded: bigint; client: bigint }> {
  const row = await trx
    .selectFrom('wallet_moves')
    .select([
      sql<string | number | null>`sum(case when kind = 'refund' then amount_cents else 0 end)`.as('refunded'),
      sql<string | number | null>`sum(client_cents)`.as('client'),
    ])
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
  return { refunded: BigInt(row?.refunded ?? 0), client: BigInt(row?.client ?? 0) };
}

/**
 * A paid booking's fee changed (decision 032): what clients owe moves by the difference, on the day it changed. No
 * money moved; a booking not paid yet owes nothing until it is.
 */
export async function writeFeeChange(
  trx: Db,
  booking: MovedBooking & { status: string },
  clientDelta: bigint,
  context: MoveContext,
): Promise<void> {
  if (moneyState(booking.status) !== 'paid' || clientDelta === 0n) return;
  const day = context.at.slice(0, 10);
  const row = {
    environment: booking.environment,
    product: booking.product,
    agent_id: booking.agent_id,
    agent_email: booking.agent_email,
  };
  await trx
    .insertInto('wallet_moves')
    .values({
      ...row,
      at: context.at,
      day,
      booking_id: booking.id,
      user_email: context.who,
      action: context.action,
      kind: 'fee',
      amount_cents: '0',
      client_cents: clientDelta.toString(),
      lost_cents: '0',
    })
    .execute();
  await addDay(trx, { ...row, day }, { ...ZERO, client_cents: clientDelta });
}

async function addDay(
  trx: Db,
  key: { environment: Environment; day: string; product: Product; agent_id: string; agent_email: string },
  sums: DaySums,
): Promise<void> {
  const text = (v: bigint) => v.toString();
  await trx
    .insertInto('day_totals')
    .values({
      ...key,
      held_cents: text(sums.held_cents),
      holds: text(sums.holds),
      released_cents: text(sums.released_cents),
      releases: text(sums.releases),
      paid_cents: text(sums.paid_cents),
      payments: text(sums.payments),
      refunded_cents: text(sums.refunded_cents),
      refunds: text(sums.refunds),
      client_cents: text(sums.client_cents),
      lost_cents: text(sums.lost_cents),
      losses: text(sums.losses),
      open_holds: text(sums.open_holds),
      open_hold_cents: text(sums.open_hold_cents),
    })
    .onConflict((oc) =>
      oc.columns(['environment', 'day', 'product', 'agent_id']).doUpdateSet((eb) => {
        const plus = (column: keyof DaySums) =>
          eb(eb.ref(`day_totals.${column}`), '+', eb.ref(`excluded.${column}`));
        return {
          held_cents: plus('held_cents'),
          holds: plus('holds'),
          released_cents: plus('released_cents'),
          releases: plus('releases'),
          paid_cents: plus('paid_cents'),
          payments: plus('payments'),
          refunded_cents: plus('refunded_cents'),
          refunds: plus('refunds'),
          client_cents: plus('client_cents'),
          lost_cents: plus('lost_cents'),
          losses: plus('losses'),
          open_holds: plus('open_holds'),
          open_hold_cents: plus('open_hold_cents'),
        };
      }),
    )
    .execute();
}

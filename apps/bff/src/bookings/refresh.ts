import { ServiceError } from '@console/client';
import type { ActivityBooking, FlightOrder, HotelOrder, Product } from '@console/contract';
import type { ScheduledJob } from '../platform/scheduler.ts';
import type { Upstream } from '../upstream/index.ts';
import type { BookingChanges } from './change-log.ts';
import { activityFacts, type Facts, flightFacts, hotelFacts } from './facts.ts';
import type { Ledger } from './ledger.ts';
import type { MoneyContext } from './wallet-moves.ts';

/** A booking as the service answers for it now, by product. */
export type ServiceBooking =
  | { product: 'flight'; answer: FlightOrder }
  | { product: 'hotel'; answer: HotelOrder }
  | { product: 'activity'; answer: ActivityBooking };

/**
 * How a read is recorded. `byConsole`: the read after the console's own move (a refund, a new deadline), so what it
 * moved is no news to anyone (decision 037); `money`: who moved and what the service gave back, for the wallet's moves
 * (decision 039).
 */
export interface ReadOptions {
  byConsole?: boolean;
  money?: MoneyContext;
}

/**
 * Reads one booking from the service now and refreshes the ledger's row from it: the one "read it and refresh the
 * ledger" (decision 058) of every path that reads a booking — a product's page, the read after a money move, the
 * proof before a payment, the running clocks' round, the watch, a trip's parts, a change's action. The answer, for
 * the caller. Throws the service's error (a 404: the service no longer knows it).
 */
export async function readAndRefresh(
  d: { upstream: Upstream; ledger: Ledger },
  booking: { product: Product; id: string },
  options: ReadOptions = {},
): Promise<ServiceBooking> {
  const { op } = d.upstream.service;
  // The service's time as its answer told it, for whether a hold that ended had lapsed (decision 037).
  const seen = () => ({ ...options, serviceNow: d.upstream.clock.now() });
  if (booking.product === 'flight') {
    const answer = await op.getFlightOrder({ id: booking.id });
    await d.ledger.refresh(flightFacts(answer), seen());
    return { product: 'flight', answer };
  }
  if (booking.product === 'hotel') {
    const answer = await op.getHotelOrder({ id: booking.id });
    await d.ledger.refresh(hotelFacts(answer), seen());
    return { product: 'hotel', answer };
  }
  const answer = await op.getActivityBooking({ id: booking.id });
  await d.ledger.refresh(activityFacts(answer), seen());
  return { product: 'activity', answer };
}

/** The ledger's facts of a booking as read. */
export function factsOf(read: ServiceBooking): Facts {
  if (read.product === 'flight') return flightFacts(read.answer);
  if (read.product === 'hotel') return hotelFacts(read.answer);
  return activityFacts(read.answer);
}

/**
 * Every booking with a running clock read again from the service (soonest first, four at a time), so the ledger shows
 * what is true now: a hold past its deadline reads as expired or cancelled, not held. A booking the service no longer
 * knows (404) has no clock for anyone; any other failure keeps the last known state until the next round.
 */
export function refreshRunningClocks(d: { upstream: Upstream; ledger: Ledger }): ScheduledJob<{
  read: number;
  failed: number;
}> {
  return {
    name: 'clocks',
    async run(keep) {
      const figures = { read: 0, failed: 0 };
      for await (const batch of d.ledger.runningBatches(d.upstream.service.environment, 200)) {
        let kept = true;
        const worker = async () => {
          for (let entry = batch.shift(); entry; entry = batch.shift()) {
            // A long round renews its lease as it goes, and stops if another instance has taken it.
            if (!(await keep())) {
              kept = false;
              return;
            }
            try {
              await readAndRefresh(d, entry);
              figures.read += 1;
            } catch (error) {
              if (error instanceof ServiceError && error.status === 404) await d.ledger.markMissing(entry.id);
              figures.failed += 1;
            }
          }
        };
        await Promise.all(Array.from({ length: 4 }, worker));
        if (!kept) break;
      }
      return figures;
    },
  };
}

/**
 * Holds about to lapse (decision 037): each e-mailed to its agent once for its deadline, `aheadMs` before it (60
 * minutes by default), from the running clocks' own index.
 */
export function remindHolds(
  d: { upstream: Upstream; ledger: Ledger; changes: BookingChanges },
  aheadMs: number,
): ScheduledJob<number> {
  return {
    name: 'reminders',
    async run() {
      const { service } = d.upstream;
      const until = new Date(d.upstream.clock.now() + aheadMs).toISOString();
      const now = new Date(d.upstream.clock.now()).toISOString();
      let queued = 0;
      for await (const batch of d.ledger.runningBatches(service.environment, 200)) {
        for (const entry of batch) {
          if (entry.status !== 'held' || entry.deadline === null || entry.deadline <= now) continue;
          if (entry.deadline > until) return queued;
          queued += await d.changes.remindHold({
            id: entry.id,
            environment: entry.environment,
            product: entry.product,
            agent_id: entry.agent.id,
            agent_email: entry.agent.email,
            travel_on: null,
            reference: entry.reference ?? null,
            summary: entry.summary,
            deadline: entry.deadline,
            total: `${entry.total.amount} ${entry.total.currency}`,
          });
        }
      }
      return queued;
    },
  };
}

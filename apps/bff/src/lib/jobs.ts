import { ServiceError } from '@console/client';
import type { Product } from '@console/contract';
import type { Deps } from '../deps.ts';
import { activityFacts, flightFacts, hotelFacts } from './ledger-facts.ts';
import { reconcileIntent } from './settle.ts';

export const JOBS_LEASE = 'ledger-jobs';

export interface JobsReport {
  /** False when another instance holds the lease: this one did nothing. */
  ran: boolean;
  clocks: { read: number; failed: number };
  intents: { done: number; failed: number; open: number };
  swept: number;
}

/**
 * Reads every booking with a running clock again from the service, so the ledger shows what is true now: a hold past
 * its deadline reads as expired or cancelled, not held. A booking the service cannot answer for keeps its last state.
 */
async function refreshRunning(d: Deps, keep: () => Promise<boolean>): Promise<JobsReport['clocks']> {
  const { service } = d.upstream;
  const figures = { read: 0, failed: 0 };
  // Every running clock, a batch at a time (soonest first): never only the first.
  for await (const batch of d.ledger.runningBatches(service.environment, 200))
    if (!(await refreshBatch(d, batch, keep, figures))) break;
  return figures;
}

/** Reads one batch again, four at a time; false when the lease was lost. */
async function refreshBatch(
  d: Deps,
  queue: { id: string; product: Product }[],
  keep: () => Promise<boolean>,
  figures: JobsReport['clocks'],
): Promise<boolean> {
  const { service } = d.upstream;
  let kept = true;
  const worker = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      // A long round renews its lease as it goes, and stops if another instance has taken it.
      if (!(await keep())) {
        kept = false;
        return;
      }
      try {
        if (entry.product === 'flight')
          await d.ledger.refresh(flightFacts(await service.op.getFlightOrder({ id: entry.id })));
        else if (entry.product === 'hotel')
          await d.ledger.refresh(hotelFacts(await service.op.getHotelOrder({ id: entry.id })));
        else await d.ledger.refresh(activityFacts(await service.op.getActivityBooking({ id: entry.id })));
        figures.read += 1;
      } catch (error) {
        // The service no longer knows the booking (404): its clock no longer runs for anyone. Anything else keeps
        // the last known state until the next round.
        if (error instanceof ServiceError && error.status === 404) await d.ledger.markMissing(entry.id);
        figures.failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return kept;
}

/**
 * The console's scheduled work, done by one instance at a time under a database lease (decision 014): the running
 * clocks read again, open booking intents reconciled with their Idempotency-Key, old sign-in counts swept. Runs on
 * start and every `JOBS_INTERVAL_SECONDS`; a round still running is not started twice.
 */
export function startJobs(d: Deps) {
  const everyMs = d.env.JOBS_INTERVAL_SECONDS * 1000;
  const reconcileAfterMs = d.env.INTENT_RECONCILE_AFTER_SECONDS * 1000;
  let running: Promise<JobsReport> | null = null;
  let stopped = false;

  async function round(): Promise<JobsReport> {
    const report: JobsReport = {
      ran: false,
      clocks: { read: 0, failed: 0 },
      intents: { done: 0, failed: 0, open: 0 },
      swept: 0,
    };
    // The lease lapses soon after its holder dies (three rounds, at least 10 s), and is renewed as a round goes on.
    const keep = () => d.leases.acquire(JOBS_LEASE, Math.max(everyMs * 3, 10_000));
    if (!(await keep())) return report;
    report.ran = true;
    for (const intent of await d.intents.stale(reconcileAfterMs)) {
      if (!(await keep())) return report;
      report.intents[await reconcileIntent(d, intent)] += 1;
    }
    report.clocks = await refreshRunning(d, keep);
    report.swept = await d.throttle.sweep();
    return report;
  }

  /** One round now (or the one already running). */
  function runOnce(): Promise<JobsReport> {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  }

  const onError = (error: unknown) =>
    d.log.warn({ err: error }, 'scheduled jobs failed; trying again next round');
  const timer = setInterval(() => {
    if (!stopped) runOnce().catch(onError);
  }, everyMs);
  timer.unref();
  // On start: intents left open by an instance that crashed are settled now, not a round later.
  runOnce().catch(onError);

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      await d.leases.release(JOBS_LEASE).catch(() => undefined);
    },
  };
}
export type Jobs = ReturnType<typeof startJobs>;

import type { Leases } from './lease.ts';
import type { Logger } from './log.ts';

/**
 * One piece of the console's scheduled work: its name (the round's report carries its result under it) and what it
 * does; `keep` renews the round's lease and says false once another instance holds it (then the job stops).
 */
export interface ScheduledJob<R = unknown> {
  name: string;
  /** `stopping` is aborted when the console stops: a job that waits (to pace its calls) ends its wait then. */
  run(keep: () => Promise<boolean>, stopping: AbortSignal): Promise<R>;
}

/**
 * A round's report: whether this instance ran it (it held the lease), the jobs that failed, and each job's result by
 * its name.
 */
export type RoundReport = { ran: boolean; failed: string[] } & Record<string, unknown>;

/**
 * The console's scheduled work (decision 014): every `everyMs`, one instance at a time under a database lease, the
 * jobs in their order. Runs on start and then on its interval; a round still running is not started twice; a job
 * that fails is logged, counted (`onFailure`) and named in the report, and the round goes on with the next. A round
 * stops where the lease is lost (another instance holds it: its round does the rest).
 */
export function startScheduler(options: {
  everyMs: number;
  lease: string;
  leases: Leases;
  log: Logger;
  jobs: readonly ScheduledJob[];
  onFailure?: (job: string) => void;
}) {
  const { everyMs, lease, leases, log, jobs, onFailure } = options;
  let running: Promise<RoundReport> | null = null;
  let stopped = false;
  const stopping = new AbortController();

  async function round(): Promise<RoundReport> {
    const report: RoundReport = { ran: false, failed: [] };
    // The lease lapses soon after its holder dies (three rounds, at least 10 s), and is renewed as a round goes on.
    const keep = () => leases.acquire(lease, Math.max(everyMs * 3, 10_000));
    if (!(await keep())) return report;
    report.ran = true;
    for (const job of jobs) {
      if (!(await keep())) return report;
      try {
        report[job.name] = await job.run(keep, stopping.signal);
      } catch (error) {
        report.failed.push(job.name);
        onFailure?.(job.name);
        log.warn({ err: error, job: job.name }, 'a scheduled job failed; it runs again next round');
      }
    }
    return report;
  }

  /** One round now (or the one already running). */
  function runOnce(): Promise<RoundReport> {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  }

  const onError = (error: unknown) =>
    log.warn({ err: error }, 'scheduled jobs failed; trying again next round');
  const timer = setInterval(() => {
    if (!stopped) runOnce().catch(onError);
  }, everyMs);
  timer.unref();
  // On start: work left by an instance that crashed is done now, not a round later.
  runOnce().catch(onError);

  return {
    runOnce,
    async stop() {
      stopped = true;
      stopping.abort();
      clearInterval(timer);
      await running?.catch(() => undefined);
      await leases.release(lease).catch(() => undefined);
    },
  };
}
export type Scheduler = ReturnType<typeof startScheduler>;

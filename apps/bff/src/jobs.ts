import { wakeSnoozedChanges } from './bookings/change-queue.ts';
import { refreshRunningClocks, remindHolds } from './bookings/refresh.ts';
import { reconcileOpenIntents } from './bookings/settle.ts';
import { mailsOnTimeline } from './bookings/timeline-write.ts';
import { watchBookings } from './bookings/watch.ts';
import type { Deps } from './deps.ts';
import { sweepSignInCounts } from './identity/throttle.ts';
import { sendOutbox } from './platform/mailer.ts';
import type { MailOutbox } from './platform/outbox.ts';
import { type ScheduledJob, startScheduler } from './platform/scheduler.ts';

/** One job of the round as the map lists it: the domain whose function it is, and what it does. */
export interface ListedJob {
  owner: 'bookings' | 'identity' | 'mail';
  does: string;
  /** Its `name` is the key of its result in the round's report. */
  job: ScheduledJob;
}

/**
 * What the console does on a schedule, in the order a round runs it. Every job runs every round: every
 * JOBS_INTERVAL_SECONDS (15 s by default), on the one instance holding the `ledger-jobs` lease (decision 014); a job
 * paces itself within the round where it must (the watch's calls a second, an intent's age, a hold's hour ahead).
 */
export function consoleJobs(deps: Deps, outbox: MailOutbox): ListedJob[] {
  const { env } = deps;
  return [
    {
      owner: 'bookings',
      does: 'sends again, with its Idempotency-Key, each booking intent whose answer was lost',
      job: reconcileOpenIntents(deps, env.INTENT_RECONCILE_AFTER_SECONDS * 1000),
    },
    {
      owner: 'bookings',
      does: 'reads again the bookings whose clocks run (ticketing, payment, hold deadlines)',
      job: refreshRunningClocks(deps),
    },
    {
      owner: 'bookings',
      does: 'reads the live bookings whose next check has come and records what changed',
      job: watchBookings(deps, {
        ratePerSecond: env.CHANGE_WATCH_RATE,
        roundMs: env.JOBS_INTERVAL_SECONDS * 1000,
      }),
    },
    {
      owner: 'bookings',
      does: 'queues the e-mail for each hold about to lapse, once per deadline',
      job: remindHolds(deps, env.HOLD_REMINDER_MINUTES * 60_000),
    },
    {
      owner: 'bookings',
      does: 'opens again the snoozed changes whose time has come',
      job: wakeSnoozedChanges(deps),
    },
    {
      owner: 'mail',
      does: 'sends the outbox’s e-mails that are due, per person, to whoever they go to now',
      job: sendOutbox({
        outbox,
        mailer: deps.mailer,
        people: deps.people,
        stillWanted: deps.changes.stillWanted,
        onSent: mailsOnTimeline(deps.timeline, deps.ledger.now.bind(deps.ledger)),
      }),
    },
    {
      owner: 'identity',
      does: 'sweeps the sign-in counts whose windows have passed',
      job: sweepSignInCounts(deps.throttle),
    },
  ];
}

/** The scheduler over the list: started with the console, stopped with it (app.ts). */
export function startJobs(deps: Deps, outbox: MailOutbox) {
  return startScheduler({
    everyMs: deps.env.JOBS_INTERVAL_SECONDS * 1000,
    lease: 'ledger-jobs',
    leases: deps.leases,
    log: deps.log,
    jobs: consoleJobs(deps, outbox).map((listed) => listed.job),
    onFailure: (job) => deps.metrics.jobFailures.inc({ job }),
  });
}

import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, type Db, databaseInfo, openDatabase } from '../db/index.ts';
import { freshDatabaseUrl, testDatabase } from '../testing/console.ts';
import { Leases } from './lease.ts';
import { type ScheduledJob, startScheduler } from './scheduler.ts';

/**
 * One round of the scheduled jobs, on a real store with real leases: two instances share the database as two
 * consoles do, each with its own `Leases` (its own holder). The clock the leases read is moved by hand.
 */
let db: Db;
let now = 1_000_000;
beforeAll(async () => {
  db = await openDatabase(await freshDatabaseUrl());
});
afterAll(() => closeDatabase(db));

/** A logger whose lines the test reads. */
function capturedLog() {
  const lines: { msg: string; job?: string }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: 'warn' }, sink), lines };
}

/** A job that notes it ran, then does what it is given. */
function job(
  name: string,
  ran: string[],
  work: (keep: () => Promise<boolean>) => Promise<unknown> = async () => name,
) {
  return {
    name,
    async run(keep: () => Promise<boolean>) {
      ran.push(name);
      return work(keep);
    },
  } satisfies ScheduledJob;
}

const EVERY_MS = 3_600_000;
/** The lease a round holds: three rounds (decision 014). */
const LEASE_MS = EVERY_MS * 3;

function scheduler(
  lease: string,
  jobs: ScheduledJob[],
  extra: { leases?: Leases; onFailure?: (job: string) => void } = {},
) {
  const { log, lines } = capturedLog();
  const leases = extra.leases ?? new Leases(db, () => now);
  const started = startScheduler({ everyMs: EVERY_MS, lease, leases, log, jobs, onFailure: extra.onFailure });
  return { ...started, leases, lines };
}

describe('the scheduler’s round', () => {
  it('runs on the store this test run names', () => {
    expect(databaseInfo(db).kind).toBe(testDatabase());
  });

  it('runs every job once, in its order, and reports each one’s result under its name', async () => {
    const ran: string[] = [];
    const s = scheduler('every-job', [job('a', ran), job('b', ran), job('c', ran)]);
    // The round that starts with the scheduler, or the one still running: never two at once.
    const report = await s.runOnce();
    expect(report).toEqual({ ran: true, failed: [], a: 'a', b: 'b', c: 'c' });
    expect(ran).toEqual(['a', 'b', 'c']);
    await s.stop();
  });

  it('goes on past a job that fails: the others run, and the failure is logged, counted and named', async () => {
    const ran: string[] = [];
    const counted: string[] = [];
    const s = scheduler(
      'a-failure',
      [
        job('a', ran),
        job('b', ran, async () => {
          throw new Error('the service is away');
        }),
        job('c', ran),
      ],
      { onFailure: (name) => counted.push(name) },
    );
    const report = await s.runOnce();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(report).toEqual({ ran: true, failed: ['b'], a: 'a', c: 'c' });
    expect(counted).toEqual(['b']);
    expect(s.lines).toEqual([expect.objectContaining({ job: 'b', msg: expect.stringContaining('failed') })]);
    // It runs again the next round.
    expect((await s.runOnce()).failed).toEqual(['b']);
    expect(ran).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
    await s.stop();
  });

  it('runs on one instance at a time: the other’s round runs nothing while the lease is held', async () => {
    const ranA: string[] = [];
    const ranB: string[] = [];
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const a = scheduler('one-at-a-time', [job('slow', ranA, () => held), job('after', ranA)]);
    await expect.poll(() => ranA).toEqual(['slow']);
    const b = scheduler('one-at-a-time', [job('slow', ranB), job('after', ranB)]);
    expect(await b.runOnce()).toEqual({ ran: false, failed: [] });
    expect(ranB).toEqual([]);
    letGo();
    expect((await a.runOnce()).ran).toBe(true);
    expect(ranA).toEqual(['slow', 'after']);
    // Stopping gives the lease up: the other instance's next round runs at once.
    await a.stop();
    expect(await b.runOnce()).toMatchObject({ ran: true, slow: 'slow', after: 'after' });
    await b.stop();
  });

  it('keeps the lease while a long job renews it, and stops the round where the lease was lost', async () => {
    const ran: string[] = [];
    const other = new Leases(db, () => now);
    const s = scheduler('kept', [
      job('long', ran, async (keep) => {
        // Most of the lease's time passes, it is renewed, and most of it passes again: it is still this round's.
        now += LEASE_MS - 1_000;
        expect(await keep()).toBe(true);
        now += LEASE_MS - 1_000;
        expect(await other.acquire('kept', LEASE_MS)).toBe(false);
        return 'kept';
      }),
      job('lapsing', ran, async () => {
        // Now the round forgets to renew it: the lease lapses and another instance takes it.
        now += LEASE_MS + 1_000;
        expect(await other.acquire('kept', LEASE_MS)).toBe(true);
        return 'lost';
      }),
      job('never', ran),
    ]);
    const report = await s.runOnce();
    expect(report).toEqual({ ran: true, failed: [], long: 'kept', lapsing: 'lost' });
    expect(ran).toEqual(['long', 'lapsing']);
    expect(await s.leases.holderOf('kept')).toBe(other.holder);
    await s.stop();
    // Stopping gives up only a lease it holds.
    expect(await s.leases.holderOf('kept')).toBe(other.holder);
  });
});

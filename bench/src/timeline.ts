import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { closeDatabase, openDatabase, seedHistory, sql, startThrowawayPostgres } from '@console/bff/testing';
import { MeSchema, TimelinePageSchema } from '@console/contract';
import { startConsole } from './console-process.ts';
import { signIn } from './relay.ts';

/**
 * Every booking's timeline (decision 052): for each store, a console whose `booking_events` holds `events` rows over
 * `bookings` bookings (written with SQL), one of the agent's bookings among them with 500 events of its own; then that
 * booking's first page (its latest events) and a page further back, each timed end to end over HTTP, p50 / p99.
 */
export interface TimelineFigures {
  store: 'sqlite' | 'postgres';
  bookings: number;
  events: number;
  seed_s: number;
  first_page: { p50: number; p99: number };
  later_page: { p50: number; p99: number };
}

const READS = 50;
const ON_ONE = 500;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

async function get(base: string, cookie: string, path: string): Promise<Response> {
  const ask = () => fetch(`${base}/api${path}`, { headers: { cookie, 'accept-encoding': 'gzip' } });
  const response = await ask().catch(ask);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

async function timed(base: string, cookie: string, path: string) {
  for (let i = 0; i < 10; i++) await (await get(base, cookie, path)).arrayBuffer();
  const samples: number[] = [];
  for (let i = 0; i < READS; i++) {
    const started = performance.now();
    await (await get(base, cookie, path)).arrayBuffer();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: quantile(samples, 0.5), p99: quantile(samples, 0.99) };
}

async function oneStore(
  store: 'sqlite' | 'postgres',
  url: string,
  size: { bookings: number; events: number },
  log: (line: string) => void,
): Promise<TimelineFigures> {
  const app = await startConsole(3231, 5331, {
    DATABASE_URL: url,
    ...(store === 'postgres' ? { SANDBOX_WITH_POSTGRES: 'true' } : {}),
    JOBS_INTERVAL_SECONDS: '3600',
    LOG_LEVEL: 'warn',
  });
  try {
    const agent = await signIn(app.base, 'agent@demo.test', 'demo-agent');
    const me = MeSchema.parse(await (await get(app.base, agent, '/me')).json()).user;
    const db = await openDatabase(url, { readers: 1 });
    const started = performance.now();
    let target: string;
    try {
      log(`  ${store}: seeding ${size.bookings.toLocaleString('en-US')} bookings…`);
      await seedHistory(db, { bookings: size.bookings, audit: 0, agents: [{ id: me.id, email: me.email }] });
      // The office's events: events / bookings on every booking (a million over 10,000: 100 each), one statement a round.
      const each = Math.max(1, Math.ceil(size.events / size.bookings));
      log(`  ${store}: seeding ${(each * size.bookings).toLocaleString('en-US')} events…`);
      for (let round = 0; round < each; round++)
        await sql`insert into booking_events (booking_id, at, kind, actor_kind, actor_id, actor_email, summary, data, dedupe)
          select id, created_at, 'console_move', 'agent', agent_id, agent_email, 'Ticketing asked by ' || agent_email || '; now ticketing', null, null
          from bookings`.execute(db);
      const row = await db
        .selectFrom('bookings')
        .select('id')
        .where('agent_id', '=', me.id)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      target = row.id;
      // 500 events on one booking, a second apart.
      const from = Date.now() - ON_ONE * 1000;
      for (let start = 0; start < ON_ONE; start += 100)
        await db
          .insertInto('booking_events')
          .values(
            Array.from({ length: 100 }, (_, k) => ({
              booking_id: target,
              at: new Date(from + (start + k) * 1000).toISOString(),
              kind: 'remark',
              actor_kind: 'agent' as const,
              actor_id: me.id,
              actor_email: me.email,
              summary: `Remark ${start + k}: called the client about the seat and the meal`,
              data: null,
              dedupe: null,
            })),
          )
          .execute();
      if (store === 'postgres') await sql`vacuum analyze`.execute(db);
    } finally {
      await closeDatabase(db);
    }
    const seed_s = (performance.now() - started) / 1000;
    log(`  ${store}: seeded in ${seed_s.toFixed(0)} s, reading…`);
    const path = `/bookings/${encodeURIComponent(target)}/timeline`;
    // A page five back from the latest: the cursor the "Earlier events" button sends.
    let cursor = '';
    for (let back = 0; back < 5; back++) {
      const page = TimelinePageSchema.parse(
        await (
          await get(app.base, agent, cursor ? `${path}?after=${encodeURIComponent(cursor)}` : path)
        ).json(),
      );
      cursor = page.earlier_cursor ?? cursor;
    }
    return {
      store,
      bookings: size.bookings,
      events: size.bookings * Math.max(1, Math.ceil(size.events / size.bookings)) + ON_ONE,
      seed_s,
      first_page: await timed(app.base, agent, path),
      later_page: await timed(app.base, agent, `${path}?after=${encodeURIComponent(cursor)}`),
    };
  } finally {
    await app.stop();
  }
}

/** Each store, PostgreSQL on a throwaway server of its own. */
export async function timelineBench(
  size: { bookings: number; events: number },
  stores: ('sqlite' | 'postgres')[],
  log: (line: string) => void,
): Promise<TimelineFigures[]> {
  const figures: TimelineFigures[] = [];
  for (const store of stores) {
    const postgres = store === 'postgres' ? await startThrowawayPostgres() : null;
    const url = postgres
      ? await postgres.createDatabase()
      : join(mkdtempSync(join(tmpdir(), 'console-timeline-')), 'console.db');
    try {
      figures.push(await oneStore(store, url, size, log));
    } finally {
      if (!postgres) rmSync(dirname(url), { recursive: true, force: true });
      await postgres?.stop();
    }
  }
  return figures;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { closeDatabase, openDatabase, seedHistory, sql, startThrowawayPostgres } from '@console/bff/testing';
import { ChangeListSchema, MeSchema, QueuePeopleSchema } from '@console/contract';
import { startConsole } from './console-process.ts';
import { get, type Timing, timed } from './history.ts';
import { signIn } from './relay.ts';

/**
 * A team's queue of changes (issue 57, decision 053) at an office's scale: `bookings` bookings (a million by default)
 * and one change for every ten (100,000), written with SQL over twenty people (eight in ten open, one in ten of all
 * unassigned, one in ten snoozed, one in ten handled); then each view and count of the queue, timed end to end over
 * HTTP against the console as `pnpm start` runs it, on SQLite and PostgreSQL.
 */
export interface QueueFigures {
  store: 'sqlite' | 'postgres';
  bookings: number;
  changes: number;
  seed_s: number;
  reads: Record<string, Timing>;
}

async function oneStore(
  store: 'sqlite' | 'postgres',
  bookings: number,
  databaseUrl: string,
  log: (line: string) => void,
): Promise<QueueFigures> {
  const app = await startConsole(3321, 4331, {
    DATABASE_URL: databaseUrl,
    ...(store === 'postgres' ? { SANDBOX_WITH_POSTGRES: 'true' } : {}),
    JOBS_INTERVAL_SECONDS: '3600',
    LOG_LEVEL: 'warn',
  });
  try {
    const admin = await signIn(app.base, 'admin@demo.test', 'demo-admin');
    const agent = await signIn(app.base, 'agent@demo.test', 'demo-agent');
    const me = async (cookie: string) =>
      MeSchema.parse(await (await get(app.base, cookie, '/me')).json()).user;
    const [agentUser, adminUser] = [await me(agent), await me(admin)];
    const changes = bookings / 10;
    const db = await openDatabase(databaseUrl, { readers: 1 });
    let seed: number;
    try {
      log(`  queue on ${store}: seeding ${bookings.toLocaleString('en-US')} bookings…`);
      // Eighteen colleagues besides the demo agent and admin, as people of the office (the per-person view lists them).
      const people = Array.from({ length: 18 }, (_, k) => ({
        id: `usr_seed_${String(k).padStart(2, '0')}`,
        email: `agent${k}@seed.test`,
        name: `Seed Agent ${String(k).padStart(2, '0')}`,
      }));
      const at = new Date().toISOString();
      await db
        .insertInto('users')
        .values(
          people.map((p) => ({
            ...p,
            role: 'agent' as const,
            password_hash: '!',
            disabled: 0,
            time_zone: null,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      const agents = [
        { id: agentUser.id, email: agentUser.email },
        { id: adminUser.id, email: adminUser.email },
        ...people.map((p) => ({ id: p.id, email: p.email })),
      ];
      seed = (await seedHistory(db, { bookings, audit: 1000, running: 200, agents, changes })).ms / 1000;
      // As autovacuum would have after years of inserts (the visibility map index-only counts rely on).
      if (store === 'postgres') await sql`vacuum analyze`.execute(db);
      else await sql`analyze`.execute(db);
    } finally {
      await closeDatabase(db);
    }
    log(`  queue on ${store}: seeded in ${seed.toFixed(0)} s, reading…`);

    const reads: Record<string, Timing> = {};
    const mine = ChangeListSchema.parse(await (await get(app.base, agent, '/changes?assignee=me')).json());
    reads['mine (an agent), first page'] = await timed(app.base, agent, '/changes?assignee=me');
    reads['mine, next page'] = await timed(
      app.base,
      agent,
      `/changes?assignee=me&after=${encodeURIComponent(mine.next_cursor ?? '')}`,
    );
    reads['mine, one product'] = await timed(app.base, agent, '/changes?assignee=me&product=hotel');
    reads['mine, snoozed'] = await timed(app.base, agent, '/changes?assignee=me&state=snoozed');
    reads['mine, handled'] = await timed(app.base, agent, '/changes?assignee=me&state=handled');
    reads["all an agent reaches (own bookings' and assigned)"] = await timed(app.base, agent, '/changes');
    reads['unassigned (office)'] = await timed(app.base, admin, '/changes?assignee=none');
    reads['unassigned (an agent)'] = await timed(app.base, agent, '/changes?assignee=none');
    reads["one person's queue (admin)"] = await timed(app.base, admin, `/changes?assignee=${agentUser.id}`);
    const everyone = QueuePeopleSchema.parse(
      await (await get(app.base, admin, '/changes/people?limit=10')).json(),
    );
    reads["everyone's, first page (count and oldest per person)"] = await timed(
      app.base,
      admin,
      '/changes/people?limit=10',
    );
    reads["everyone's, next page"] = await timed(
      app.base,
      admin,
      `/changes/people?limit=10&after=${encodeURIComponent(everyone.next_cursor ?? '')}`,
    );
    reads['the top bar’s counts (an agent: in reach, mine, unassigned)'] = await timed(
      app.base,
      agent,
      '/changes/count',
    );
    reads['the top bar’s counts (admin)'] = await timed(app.base, admin, '/changes/count');
    return { store, bookings, changes, seed_s: seed, reads };
  } finally {
    await app.stop();
  }
}

/** Each store at `bookings` bookings; PostgreSQL on a throwaway server of its own. */
export async function queueBench(
  bookings: number,
  stores: ('sqlite' | 'postgres')[],
  log: (line: string) => void,
): Promise<QueueFigures[]> {
  const figures: QueueFigures[] = [];
  for (const store of stores) {
    const postgres = store === 'postgres' ? await startThrowawayPostgres() : null;
    const url = postgres
      ? await postgres.createDatabase()
      : join(mkdtempSync(join(tmpdir(), 'console-queue-')), 'console.db');
    try {
      figures.push(await oneStore(store, bookings, url, log));
    } finally {
      if (!postgres) rmSync(dirname(url), { recursive: true, force: true });
      await postgres?.stop();
    }
  }
  return figures;
}

import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  closeDatabase,
  openDatabase,
  seededReference,
  seedHistory,
  sql,
  startThrowawayPostgres,
} from '@console/bff/testing';
import { AuditListSchema, ChangeListSchema, LedgerListSchema, MeSchema } from '@console/contract';
import { rssMiB, startConsole } from './console-process.ts';
import { signIn } from './relay.ts';

/**
 * An office's history (issue 27, decision 023): for each store and size, a fresh console whose store gets `size`
 * bookings and `size` audit entries written with SQL (apps/bff/src/testing/history-seed.ts), then the reads agents and
 * admins make, each timed end to end over HTTP against the console as `pnpm start` runs it; and an unrelated request's
 * latency while an admin pages and searches the desk.
 */
export interface Timing {
  p50: number;
  p99: number;
}
export interface HistoryFigures {
  store: 'sqlite' | 'postgres';
  size: number;
  seed_s: number;
  reads: Record<string, Timing>;
  /** GET /api/me by an agent at a steady rate while two admin loops page and search the desk. */
  unrelated: Timing & { requests: number; errors: number; desk_requests: number };
  /** The whole audit log as CSV (the largest size only). */
  export?: { rows: number; seconds: number; rss_growth_mib: number };
}

const READS = 25;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
const timing = (samples: number[]): Timing => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
};

export async function get(base: string, cookie: string, path: string): Promise<Response> {
  const ask = () => fetch(`${base}/api${path}`, { headers: { cookie, 'accept-encoding': 'gzip' } });
  // A kept-alive connection the console closed while the bench was seeding fails once: asked again on a new one.
  const response = await ask().catch(ask);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** `n` sequential reads of one path (after two to warm up), in ms each, the body read in full. */
export async function timed(
  base: string,
  cookie: string,
  path: string | (() => string),
  n = READS,
): Promise<Timing> {
  const at = () => (typeof path === 'string' ? path : path());
  for (let i = 0; i < 2; i++) await (await get(base, cookie, at())).arrayBuffer();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await (await get(base, cookie, at())).arrayBuffer();
    samples.push(performance.now() - started);
  }
  return timing(samples);
}

async function oneSize(
  store: 'sqlite' | 'postgres',
  size: number,
  databaseUrl: string,
  ports: { bff: number; sandbox: number },
  withExport: boolean,
  log: (line: string) => void,
): Promise<HistoryFigures> {
  const app = await startConsole(ports.bff, ports.sandbox, {
    DATABASE_URL: databaseUrl,
    ...(store === 'postgres' ? { SANDBOX_WITH_POSTGRES: 'true' } : {}),
    // The bench reads the ledger as it stands: no refresh round in the middle of a figure.
    JOBS_INTERVAL_SECONDS: '3600',
    LOG_LEVEL: 'warn',
  });
  try {
    const admin = await signIn(app.base, 'admin@demo.test', 'demo-admin');
    const agent = await signIn(app.base, 'agent@demo.test', 'demo-agent');
    const me = async (cookie: string) =>
      MeSchema.parse(await (await get(app.base, cookie, '/me')).json()).user;
    const [agentUser, adminUser] = [await me(agent), await me(admin)];

    const db = await openDatabase(databaseUrl, { readers: 1 });
    let seed: number;
    let deep: string;
    try {
      log(`  ${store} ${size.toLocaleString('en-US')}: seeding…`);
      const agents = [
        { id: agentUser.id, email: agentUser.email },
        { id: adminUser.id, email: adminUser.email },
        ...Array.from({ length: 18 }, (_, k) => ({ id: `usr_seed_${k}`, email: `agent${k}@seed.test` })),
      ];
      // One change recorded by the watch for every ten bookings (decision 037): 100,000 at a million.
      seed =
        (await seedHistory(db, { bookings: size, audit: size, running: 200, agents, changes: size / 10 }))
          .ms / 1000;
      // A million rows arrive over years, and PostgreSQL's autovacuum (which runs after inserts since version 13) keeps
      // the visibility map that index-only scans, such as a capped count, rely on; right after a bulk seed it is not
      // set yet, so the bench vacuums as autovacuum would have.
      if (store === 'postgres') await sql`vacuum analyze`.execute(db);
      // A row nine tenths of the way down the desk: where "a page of 500 far down the list" starts.
      const row = await db
        .selectFrom('bookings')
        .select(['created_at', 'id'])
        .orderBy('created_at')
        .orderBy('id')
        .offset(Math.floor(size / 10))
        .limit(1)
        .executeTakeFirstOrThrow();
      deep = Buffer.from(JSON.stringify({ o: 'bookings.newest', k: [row.created_at, row.id] })).toString(
        'base64url',
      );
    } finally {
      await closeDatabase(db);
    }
    log(`  ${store} ${size.toLocaleString('en-US')}: seeded in ${seed.toFixed(0)} s, reading…`);

    const first = LedgerListSchema.parse(await (await get(app.base, admin, '/bookings')).json());
    const next = first.next_cursor ?? '';
    const reads: Record<string, Timing> = {};
    reads['the desk, first page (50, newest first)'] = await timed(app.base, admin, '/bookings');
    reads['the desk, next page'] = await timed(
      app.base,
      admin,
      `/bookings?after=${encodeURIComponent(next)}`,
    );
    reads['a page of 500 far down the desk'] = await timed(
      app.base,
      admin,
      `/bookings?limit=500&after=${encodeURIComponent(deep)}`,
    );
    let k = 0;
    reads['search by one PNR'] = await timed(app.base, admin, () => {
      k += 1;
      return `/bookings?q=${seededReference(Math.max(1, Math.floor((size * k) / (READS + 3))))}`;
    });
    reads['free text matching a tenth of the desk ("hart")'] = await timed(
      app.base,
      admin,
      '/bookings?q=hart',
    );
    reads['two words matching 1 in 120 ("noor hart")'] = await timed(
      app.base,
      admin,
      '/bookings?q=noor%20hart',
    );
    reads['product + status'] = await timed(app.base, admin, '/bookings?product=hotel&status=confirmed');
    reads['the radar (200 clocks, at-risk over all)'] = await timed(app.base, admin, '/bookings/radar');
    reads["an agent's own desk"] = await timed(app.base, agent, '/bookings');
    reads['the desk by margin, biggest first'] = await timed(app.base, admin, '/bookings?sort=margin_desc');
    reads['the desk with a margin of at least 20.00'] = await timed(
      app.base,
      admin,
      '/bookings?sort=margin_desc&margin_min=20',
    );
    reads["the audit log's first page"] = await timed(app.base, admin, '/admin/audit');
    // The office's reports (decision 033), from the totals the database keeps: the seed's four years of bookings.
    const day = (daysBack: number) => new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);
    reads['the report, 30 days by day'] = await timed(
      app.base,
      admin,
      `/admin/reports?from=${day(30)}&to=${day(0)}&by=day`,
    );
    reads['the report, a year by week'] = await timed(
      app.base,
      admin,
      `/admin/reports?from=${day(365)}&to=${day(0)}&by=week`,
    );
    reads['the report, three years by month'] = await timed(
      app.base,
      admin,
      `/admin/reports?from=${day(3 * 365)}&to=${day(0)}&by=month`,
    );
    // The wallet statement (decision 039): a page of moves, the days' sums and the running balance, for the same days.
    reads['the wallet statement, 30 days'] = await timed(
      app.base,
      admin,
      `/wallet/statement?from=${day(30)}&to=${day(0)}`,
    );
    reads['the wallet statement, a year'] = await timed(
      app.base,
      admin,
      `/wallet/statement?from=${day(365)}&to=${day(0)}`,
    );
    reads['the audit log, one result'] = await timed(app.base, admin, '/admin/audit?result=failed');

    // The watch's changes (decision 037): the list nearest travel first, its next page, an agent's own, and the top
    // bar's count, which every screen asks once a minute.
    const changes = ChangeListSchema.parse(await (await get(app.base, admin, '/changes')).json());
    reads['the changes list, first page (50, nearest travel first)'] = await timed(
      app.base,
      admin,
      '/changes',
    );
    reads['the changes list, next page'] = await timed(
      app.base,
      admin,
      `/changes?after=${encodeURIComponent(changes.next_cursor ?? '')}`,
    );
    reads['the changes list, one product'] = await timed(app.base, admin, '/changes?product=hotel');
    reads['the changes list, handled'] = await timed(app.base, admin, '/changes?state=handled');
    reads["an agent's changes"] = await timed(app.base, agent, '/changes');
    reads["the top bar's count of changes (office)"] = await timed(app.base, admin, '/changes/count');
    reads["the top bar's count of changes (an agent)"] = await timed(app.base, agent, '/changes/count');

    const unrelated = await underLoad(app.base, admin, agent, size);

    let exported: HistoryFigures['export'];
    if (withExport) {
      const count = AuditListSchema.parse(
        await (await get(app.base, admin, '/admin/audit?limit=1')).json(),
      ).matched;
      const before = await rssMiB(app.pid);
      let peak = before;
      const sampler = setInterval(() => {
        void rssMiB(app.pid).then((rss) => {
          peak = Math.max(peak, rss);
        });
      }, 100);
      const started = performance.now();
      const response = await get(app.base, admin, '/admin/audit?format=csv');
      let lines = 0;
      const reader = response.body?.getReader();
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        for (const byte of chunk.value) if (byte === 10) lines += 1;
      }
      clearInterval(sampler);
      exported = {
        rows: lines - 1,
        seconds: (performance.now() - started) / 1000,
        rss_growth_mib: peak - before,
      };
      if (count && !count.at_least && count.count !== lines - 1)
        throw new Error(`the audit CSV held ${lines - 1} rows, the log ${count.count}`);
    }
    return { store, size, seed_s: seed, reads, unrelated, ...(exported ? { export: exported } : {}) };
  } finally {
    await app.stop();
  }
}

/**
 * An agent's `GET /api/me` at 50 a second for five seconds while two admin loops page through the desk and search it
 * (first pages, next pages, a PNR, a common word): the unrelated request's latency is what other agents feel.
 */
async function underLoad(base: string, admin: string, agent: string, size: number) {
  const until = performance.now() + 5000;
  let deskRequests = 0;
  const loop = async (offset: number) => {
    let cursor = '';
    for (let i = offset; performance.now() < until; i++) {
      const paths = [
        `/bookings${cursor ? `?after=${encodeURIComponent(cursor)}` : ''}`,
        `/bookings?q=${seededReference(1 + ((i * 7919) % size))}`,
        '/bookings?q=hart',
        '/bookings?product=flight&status=ticketed',
      ];
      const response = await get(base, admin, paths[i % paths.length] ?? '/bookings');
      const body = await response.json();
      if (i % paths.length === 0) cursor = LedgerListSchema.parse(body).next_cursor ?? '';
      deskRequests += 1;
    }
  };
  const samples: number[] = [];
  let errors = 0;
  const probe = async () => {
    const pending: Promise<void>[] = [];
    while (performance.now() < until) {
      pending.push(
        (async () => {
          const started = performance.now();
          try {
            await (await get(base, agent, '/me')).arrayBuffer();
            samples.push(performance.now() - started);
          } catch {
            errors += 1;
          }
        })(),
      );
      await new Promise((r) => setTimeout(r, 20));
    }
    await Promise.all(pending);
  };
  await Promise.all([loop(0), loop(1), probe()]);
  return { ...timing(samples), requests: samples.length, errors, desk_requests: deskRequests };
}

/** Every store at every size; PostgreSQL on a throwaway server of its own. */
export async function historyBench(
  sizes: number[],
  stores: ('sqlite' | 'postgres')[],
  log: (line: string) => void,
): Promise<HistoryFigures[]> {
  const figures: HistoryFigures[] = [];
  const largest = Math.max(...sizes);
  for (const store of stores) {
    const postgres = store === 'postgres' ? await startThrowawayPostgres() : null;
    try {
      for (const size of sizes) {
        const url = postgres
          ? await postgres.createDatabase()
          : join(
              (await import('node:fs')).mkdtempSync(
                join((await import('node:os')).tmpdir(), 'console-history-'),
              ),
              'console.db',
            );
        try {
          figures.push(await oneSize(store, size, url, { bff: 3305, sandbox: 4315 }, size === largest, log));
        } finally {
          if (!postgres) rmSync(dirname(url), { recursive: true, force: true });
        }
      }
    } finally {
      await postgres?.stop();
    }
  }
  return figures;
}

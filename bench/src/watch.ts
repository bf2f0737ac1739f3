import { closeDatabase, openDatabase, sql, startThrowawayPostgres } from '@console/bff/testing';
import { CSRF_HEADER, FlightOfferSchema, FlightOrderSchema, FlightSearchSchema } from '@console/contract';
import { BENCH_USER, rssMiB, startBff, startSandbox } from './console-process.ts';
import { signIn } from './relay.ts';
import { Tap } from './tap.ts';

/**
 * The watch on every live booking (decision 037), on PostgreSQL: for each size, that many live (ticketed) flight
 * orders the sandbox knows and the ledger holds, all due; then the watch as an office runs it.
 *
 * - At the default rate (CHANGE_WATCH_RATE=5): the calls it makes in a window, as the service counts them (the bench's
 *   tap between the BFF and the sandbox), the most in any one second (the cap), and so the calls an hour and how long
 *   one full sweep of every booking takes at that rate.
 * - As fast as this machine lets it (CHANGE_WATCH_RATE=1000): the time for one full sweep, and the BFF's resident
 *   memory during it: what the console itself costs per booking read, apart from the rate the service allows.
 */
export interface WatchFigures {
  size: number;
  seed_s: number;
  paced: {
    rate: number;
    window_s: number;
    calls: number;
    calls_per_hour: number;
    most_in_one_second: number;
    sweep_hours: number;
  };
  sweep: { seconds: number; reads_per_s: number; rss_start_mib: number; rss_peak_mib: number };
}

const PACED_WINDOW_S = Number(process.env.BENCH_WATCH_WINDOW_SECONDS ?? 30);

async function api(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      cookie,
      [CSRF_HEADER]: '1',
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/** One ticketed flight order made through the console, as an agent makes it. */
async function ticketedOrder(base: string, sandbox: string, cookie: string): Promise<string> {
  const departure = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const search = FlightSearchSchema.parse(
    await api(base, cookie, 'POST', '/flights/searches', {
      slices: [{ origin: 'LHR', destination: 'CDG', departure_date: departure }],
      passengers: { adults: 1 },
    }),
  );
  for (const offer of search.offers) {
    const priced = FlightOfferSchema.parse(await api(base, cookie, 'GET', `/flights/offers/${offer.id}`));
    if (priced.total.amount !== offer.total.amount) continue;
    const order = FlightOrderSchema.parse(
      await api(base, cookie, 'POST', '/flights/orders', {
        offer_id: offer.id,
        passengers: [
          {
            type: 'adult',
            given_name: 'Amelia',
            family_name: 'Hart',
            date_of_birth: '1985-04-12',
            gender: 'female',
          },
        ],
        contact: { email: 'amelia@example.com', phone: '+442071234567' },
      }),
    );
    await api(base, cookie, 'POST', `/flights/orders/${order.id}/ticket`);
    await fetch(`${sandbox}/_sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 60 }),
    });
    const read = FlightOrderSchema.parse(await api(base, cookie, 'GET', `/flights/orders/${order.id}`));
    if (read.status !== 'ticketed') throw new Error(`the order reads ${read.status}, not ticketed`);
    return order.id;
  }
  throw new Error('no offer kept its price');
}

async function oneSize(size: number, log: (line: string) => void): Promise<WatchFigures> {
  const postgres = await startThrowawayPostgres();
  const sandbox = await startSandbox(4410);
  const tap = new Tap(sandbox.origin);
  const service = `${await tap.listen()}/v3`;
  const databaseUrl = await postgres.createDatabase();
  const env = (rate: number) => ({
    DATABASE_URL: databaseUrl,
    JOBS_INTERVAL_SECONDS: '1',
    CHANGE_WATCH_RATE: String(rate),
    LOG_LEVEL: 'warn',
  });
  let bff = await startBff(3410, service, env(5));
  try {
    // The live bookings: one ticketed order, its copies in the sandbox, and as many rows in the ledger, all due.
    const started = performance.now();
    const cookie = await signIn(bff.base, BENCH_USER.email, BENCH_USER.password);
    const id = await ticketedOrder(bff.base, sandbox.origin, cookie);
    await bff.stop();
    const copies = await fetch(`${sandbox.origin}/_sandbox/flights/orders/${id}/copies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: size - 1 }),
    });
    if (!copies.ok) throw new Error(`copies: ${copies.status}`);
    const db = await openDatabase(databaseUrl, { readers: 1 });
    try {
      const columns = (
        await sql<{ column_name: string }>`
          select column_name from information_schema.columns
          where table_name = 'bookings' and is_generated = 'NEVER' and column_name not in ('id', 'idempotency_key', 'next_check_at')
        `.execute(db)
      ).rows.map((r) => sql.ref(r.column_name));
      await sql`
        insert into bookings (id, idempotency_key, next_check_at, ${sql.join(columns)})
        select b.id || 'c' || to_hex(g), null, null, ${sql.join(columns.map((c) => sql`b.${c}`))}
        from bookings b cross join generate_series(1, ${size - 1}) g
        where b.id = ${id}
      `.execute(db);
      await sql`update bookings set next_check_at = ${new Date(0).toISOString()}`.execute(db);
      await sql`vacuum analyze bookings`.execute(db);
    } finally {
      await closeDatabase(db);
    }
    const seed = (performance.now() - started) / 1000;
    log(
      `  watch ${size.toLocaleString('en-US')}: ${size} live bookings in ${seed.toFixed(0)} s; the default rate…`,
    );

    // The default rate: the calls the service sees in a window, once the watch is under way.
    bff = await startBff(3410, service, env(5), false);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    tap.calls.length = 0;
    tap.counting = true;
    const windowStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, PACED_WINDOW_S * 1000));
    tap.counting = false;
    const windowS = (performance.now() - windowStart) / 1000;
    const calls = [...tap.calls];
    let most = 0;
    for (let i = 0, j = 0; i < calls.length; i++) {
      while ((calls[i] ?? 0) - (calls[j] ?? 0) >= 1000) j += 1;
      most = Math.max(most, i - j + 1);
    }
    const perSecond = calls.length / windowS;
    await bff.stop();

    // As fast as it goes: every booking due again, the time until each was read, and the memory meanwhile.
    log(`  watch ${size.toLocaleString('en-US')}: a full sweep as fast as this machine goes…`);
    const db2 = await openDatabase(databaseUrl, { readers: 1 });
    try {
      await sql`update bookings set next_check_at = ${new Date(0).toISOString()}, checked_at = null`.execute(
        db2,
      );
      bff = await startBff(3410, service, env(1000), false);
      const sweepStart = performance.now();
      const rssStart = await rssMiB(bff.pid);
      let peak = rssStart;
      for (;;) {
        peak = Math.max(peak, await rssMiB(bff.pid));
        const left = await sql<{
          n: string;
        }>`select count(*) as n from bookings where checked_at is null`.execute(db2);
        if (Number(left.rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const seconds = (performance.now() - sweepStart) / 1000;
      return {
        size,
        seed_s: seed,
        paced: {
          rate: 5,
          window_s: windowS,
          calls: calls.length,
          calls_per_hour: perSecond * 3600,
          most_in_one_second: most,
          sweep_hours: size / perSecond / 3600,
        },
        sweep: { seconds, reads_per_s: size / seconds, rss_start_mib: rssStart, rss_peak_mib: peak },
      };
    } finally {
      await closeDatabase(db2);
    }
  } finally {
    await bff.stop();
    await tap.close();
    await sandbox.stop();
    await postgres.stop();
  }
}

export async function watchBench(sizes: number[], log: (line: string) => void): Promise<WatchFigures[]> {
  const figures: WatchFigures[] = [];
  for (const size of sizes) figures.push(await oneSize(size, log));
  return figures;
}

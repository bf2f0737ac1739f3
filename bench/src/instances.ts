import {
  buildBff,
  startBffProcess,
  startSandboxProcess,
  startThrowawayPostgres,
  usersCommand,
} from '@console/bff/testing';
import { type LoadResult, load, openLoad } from './load.ts';
import { signIn } from './relay.ts';

const USER = { email: 'bench-pg@agency.test', password: 'violet tram harbour 42' };

/**
 * Several instances on PostgreSQL (decision 014): the built BFF as one and as two processes on one PostgreSQL and
 * one sandbox, and an unrelated read's latency while another product's upstream hangs (the bulkheads).
 */
export async function instancesBench(seconds: number, rate: number) {
  const postgres = await startThrowawayPostgres();
  const sandbox = await startSandboxProcess();
  await buildBff();
  const env = {
    DATABASE_URL: await postgres.createDatabase(),
    SERVICE_BASE_URL: `${sandbox.origin}/v3`,
    SERVICE_CLIENT_ID: 'cid_test_demo',
    SERVICE_CLIENT_SECRET: 'sk_test_demo',
    LOG_REQUESTS: 'false',
    UPSTREAM_TIMEOUT_MS: '2000',
  };
  const [a, b] = await Promise.all([startBffProcess(env), startBffProcess(env)]);
  try {
    await usersCommand(
      env,
      ['create', '--email', USER.email, '--name', 'Bench', '--role', 'agent'],
      USER.password,
    );
    const cookieA = await signIn(a.origin, USER.email, USER.password);
    // The same session on both: a load balancer sends one agent to either instance.
    const headers = { cookie: cookieA };
    const path = '/api/bookings?limit=20';
    const warm = { connections: 10, seconds: 2, headers };
    await load(`${a.origin}${path}`, warm);
    await load(`${b.origin}${path}`, warm);

    const connections = 40;
    const one = await load(`${a.origin}${path}`, { connections, seconds, headers });
    const [twoA, twoB] = await Promise.all([
      load(`${a.origin}${path}`, { connections: connections / 2, seconds, headers }),
      load(`${b.origin}${path}`, { connections: connections / 2, seconds, headers }),
    ]);
    const two = combine(twoA, twoB);

    // Bulkheads: flights places at a steady rate, alone, then while every hotel call hangs and 60 agents keep asking.
    const flights = `${a.origin}/api/flights/places?query=lon&limit=8`;
    await load(flights, warm);
    const calm = await openLoad(flights, { connections: 20, rate, seconds, headers });
    await sandbox.control('/faults', { path: '/v3/hotels/places', mode: 'hang', count: 1000 });
    const hotels = `${a.origin}/api/hotels/places?query=par&limit=8`;
    // Agents asking for hotels at 50 a second, each call hanging (or refused at once once the circuit opens).
    const hung = openLoad(hotels, { connections: 60, rate: 50, seconds: seconds + 1, headers });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stormy = await openLoad(flights, { connections: 20, rate, seconds, headers });
    const hotelFigures = await hung;
    return { one, two, calm, stormy, hotels: hotelFigures };
  } finally {
    await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')]);
    await sandbox.stop();
    await postgres.stop();
  }
}

/** Two closed-loop runs side by side as one: requests and throughput added, p99 the worse of the two. */
function combine(x: LoadResult, y: LoadResult): LoadResult {
  return {
    requests: x.requests + y.requests,
    errors: x.errors + y.errors,
    seconds: Math.max(x.seconds, y.seconds),
    throughput: x.throughput + y.throughput,
    p50: Math.max(x.p50, y.p50),
    p99: Math.max(x.p99, y.p99),
  };
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSRF_HEADER, TokenResponseSchema } from '@console/contract';
import { startConsole } from './console-process.ts';
import { load, openLoad } from './load.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** The steady load for latency: a busy office's agents, well below saturation. */
const RATE = Number(process.env.BENCH_RATE ?? 200);

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
    body: JSON.stringify({ email: 'agent@demo.test', password: 'demo-agent' }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}

async function token(sandbox: string): Promise<string> {
  const response = await fetch(`${sandbox}/v3/auth/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: 'cid_test_demo',
      client_secret: 'sk_test_demo',
      scope: 'flights:read',
    }),
  });
  return TokenResponseSchema.parse(await response.json()).access_token;
}

const ms = (n: number) => `${n.toFixed(2)} ms`;
const rps = (n: number) => `${Math.round(n).toLocaleString('en-US')} req/s`;

async function main() {
  const started = new Date().toISOString();
  const app = await startConsole(3300, 4310);
  const results: Record<string, unknown> = {
    started,
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
  };
  try {
    const cookie = await signIn(app.base);
    const bearer = await token(app.sandbox);
    const path = 'flights/places?query=lon&limit=8';
    const direct = { url: `${app.sandbox}/v3/${path}`, headers: { authorization: `Bearer ${bearer}` } };
    const viaBff = { url: `${app.base}/api/${path}`, headers: { cookie } };
    // Warm both paths: JIT, token cache, keep-alive pools.
    await load(direct.url, { connections: 10, seconds: 2, headers: direct.headers });
    await load(viaBff.url, { connections: 10, seconds: 2, headers: viaBff.headers });
    const rows: Record<string, string | number>[] = [];
    const latency: Record<string, unknown> = {};
    for (const connections of [10, 50]) {
      // Latency at a steady agent-like load, then throughput at saturation.
      const d = await openLoad(direct.url, {
        connections,
        rate: RATE,
        seconds: SECONDS,
        headers: direct.headers,
      });
      const b = await openLoad(viaBff.url, {
        connections,
        rate: RATE,
        seconds: SECONDS,
        headers: viaBff.headers,
      });
      const dMax = await load(direct.url, { connections, seconds: SECONDS, headers: direct.headers });
      const bMax = await load(viaBff.url, { connections, seconds: SECONDS, headers: viaBff.headers });
      const entry = {
        connections,
        rate: RATE,
        direct: d,
        bff: b,
        direct_saturated: dMax,
        bff_saturated: bMax,
        added_p50_ms: b.p50 - d.p50,
        added_p99_ms: b.p99 - d.p99,
        throughput_ratio: bMax.throughput / dMax.throughput,
      };
      latency[`c${connections}`] = entry;
      rows.push(
        {
          figure: `direct p50 / p99 @${connections} conns, ${RATE} req/s`,
          value: `${ms(d.p50)} / ${ms(d.p99)}`,
          target: '',
        },
        {
          figure: `via BFF p50 / p99 @${connections} conns, ${RATE} req/s`,
          value: `${ms(b.p50)} / ${ms(b.p99)}`,
          target: '',
        },
        { figure: `BFF added p50 @${connections}`, value: ms(entry.added_p50_ms), target: '<= 1 ms' },
        { figure: `BFF added p99 @${connections}`, value: ms(entry.added_p99_ms), target: '<= 5 ms' },
        {
          figure: `max throughput direct / BFF @${connections}`,
          value: `${rps(dMax.throughput)} / ${rps(bMax.throughput)} (${entry.throughput_ratio.toFixed(2)}x)`,
          target: '>= 0.5x',
        },
        {
          figure: `errors @${connections}`,
          value: `${d.errors + dMax.errors} direct / ${b.errors + bMax.errors} BFF`,
          target: '0',
        },
      );
    }
    results.bff_latency = latency;
    console.log(
      `\nBFF added latency and throughput (GET ${path}; ${SECONDS} s per run; latency open-loop at ${RATE} req/s, throughput closed-loop)\n`,
    );
    const width = Math.max(...rows.map((r) => String(r.figure).length));
    for (const row of rows)
      console.log(`${String(row.figure).padEnd(width)}  ${String(row.value).padEnd(44)}  ${row.target}`);
  } finally {
    await app.stop();
  }
  const out = resolve(here, '../results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'bench.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWritten to bench/results/bench.json`);
}

await main();

import { CSRF_HEADER } from '@console/contract';
import { Agent, request } from 'undici';
import { rssMiB } from './console-process.ts';
import { percentile } from './load.ts';
import type { StreamLog, Tap } from './tap.ts';

/**
 * The machine's monotonic clock in milliseconds (CLOCK_MONOTONIC, as `process.hrtime`): the same in every process on
 * the machine, so the bench's readers, its tap and the sandbox's stream log compare directly.
 */
export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

/** Where the figures learn when each event left the service: the bench's tap, or the sandbox's own log. */
export interface StreamLogs {
  /** Forget what was logged (before a round). */
  clear(): Promise<void>;
  list(): Promise<StreamLog[]>;
}

/**
 * The sandbox's stream log (`/_sandbox/stream-log`): each event timed when the sandbox's socket took it, with no proxy
 * of the bench's in between. The tap, in the bench's own process, did its relaying on the same event loop as the
 * hundred readers, so under a burst a reader's timestamp waited for the tap's work on the other streams.
 */
export function sandboxLogs(sandbox: string): StreamLogs {
  return {
    clear: () => control(sandbox, '/settings', { stream_log: true }),
    async list() {
      const response = await fetch(`${sandbox}/_sandbox/stream-log`);
      if (!response.ok) throw new Error(`sandbox stream log: ${response.status}`);
      const body = (await response.json()) as {
        streams: { key: string; headers_at: number; events: number[]; closed_at: number | null }[];
      };
      return body.streams.map((s) => ({
        key: s.key,
        headersAt: s.headers_at,
        events: s.events,
        closedAt: s.closed_at,
        flushed: s.events.length,
      }));
    },
  };
}

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}

export async function control(sandbox: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${sandbox}/_sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox control ${path}: ${response.status}`);
}

/**
 * Counts the events a chunk completes (an SSE event ends with a blank line), scanning bytes without copying or
 * decoding, so the bench's own reading costs as little as possible. Carries a trailing newline across chunks.
 */
export function eventEnds(): (chunk: Buffer) => number {
  let previous = 0;
  return (chunk) => {
    let count = 0;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
      const before = i > 0 ? chunk[i - 1] : previous;
      if (before === 10) count += 1;
    }
    previous = chunk.length > 0 ? (chunk[chunk.length - 1] ?? 0) : previous;
    return count;
  };
}

export interface StreamRun {
  key: string;
  sentAt: number;
  headersAt: number;
  events: number[];
  status: number;
}

/** One search stream through the BFF, read as a browser would; `stopAfter` events, then it goes away. */
export async function openStream(
  base: string,
  cookie: string,
  agent: Agent,
  date: string,
  options: { stopAfter?: number; onStop?: (at: number) => void; pauseReading?: number } = {},
): Promise<StreamRun> {
  const abort = new AbortController();
  const sentAt = monotonicMs();
  const response = await request(`${base}/api/flights/searches/stream`, {
    dispatcher: agent,
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', accept: 'text/event-stream', [CSRF_HEADER]: '1' },
    body: JSON.stringify({
      slices: [{ origin: 'LHR', destination: 'JFK', departure_date: date }],
      passengers: { adults: 1 },
    }),
    signal: abort.signal,
  });
  const run: StreamRun = {
    key: date,
    sentAt,
    headersAt: monotonicMs(),
    events: [],
    status: response.statusCode,
  };
  if (options.pauseReading) {
    await sleep(options.pauseReading);
    abort.abort();
    await response.body.dump().catch(() => undefined);
    return run;
  }
  const ends = eventEnds();
  try {
    for await (const chunk of response.body) {
      const at = monotonicMs();
      for (let n = ends(chunk as Buffer); n > 0; n -= 1) run.events.push(at);
      if (options.stopAfter !== undefined && run.events.length >= options.stopAfter) {
        const stopped = monotonicMs();
        abort.abort();
        options.onStop?.(stopped);
        break;
      }
    }
  } catch {
    // aborted on purpose
  }
  return run;
}

function match(logs: StreamLog[], run: StreamRun): StreamLog | undefined {
  return logs.find((s) => s.key === run.key && s.headersAt >= run.sentAt);
}

export interface SseFigures {
  streams: number;
  events: number;
  added_p50_ms: number;
  added_p99_ms: number;
  /** The first event of each stream (it waits for the BFF to answer with headers), and the others. */
  first_event_p99_ms: number;
  later_events_p99_ms: number;
  headers_p50_ms: number;
  headers_p99_ms: number;
  first_event_to_headers_p50_ms: number;
}

/** Added per-event latency: when the browser read an event minus when the service's socket took it (its log). */
export async function sseLatency(
  base: string,
  cookie: string,
  logs: StreamLogs,
  concurrent: number,
  rounds: number,
  /** Spread the starts over this many milliseconds (0: all at once, the worst case). */
  spreadMs = 0,
): Promise<SseFigures> {
  const agent = new Agent({ connections: concurrent + 10, keepAliveTimeout: 30_000 });
  const added: number[] = [];
  const firsts: number[] = [];
  const laters: number[] = [];
  const headers: number[] = [];
  const firstToHeaders: number[] = [];
  let streams = 0;
  for (let round = 0; round < rounds; round += 1) {
    await logs.clear();
    const runs = await Promise.all(
      Array.from({ length: concurrent }, async (_, i) => {
        if (spreadMs > 0) await sleep((spreadMs * i) / concurrent);
        return openStream(base, cookie, agent, inDays(5 + i));
      }),
    );
    const logged = await logs.list();
    for (const run of runs) {
      const log = match(logged, run);
      if (!log || run.status !== 200)
        throw new Error(`stream ${run.key}: status ${run.status}, not in the log`);
      if (log.events.length !== run.events.length)
        throw new Error(
          `stream ${run.key}: the service sent ${log.events.length} events, the browser read ${run.events.length}`,
        );
      streams += 1;
      for (const [i, at] of run.events.entries()) {
        const ms = at - (log.events[i] ?? at);
        added.push(ms);
        (i === 0 ? firsts : laters).push(ms);
      }
      headers.push(run.headersAt - log.headersAt);
      firstToHeaders.push(run.headersAt - (log.events[0] ?? run.headersAt));
    }
  }
  await agent.close();
  const sorted = (xs: number[]) => Float64Array.from(xs).sort();
  return {
    streams,
    events: added.length,
    added_p50_ms: percentile(sorted(added), 50),
    added_p99_ms: percentile(sorted(added), 99),
    first_event_p99_ms: percentile(sorted(firsts), 99),
    later_events_p99_ms: percentile(sorted(laters), 99),
    headers_p50_ms: percentile(sorted(headers), 50),
    headers_p99_ms: percentile(sorted(headers), 99),
    first_event_to_headers_p50_ms: percentile(sorted(firstToHeaders), 50),
  };
}

/** Time from the browser going away to the service seeing the BFF close the upstream stream. */
export async function disconnectToClose(base: string, cookie: string, logs: StreamLogs, runs: number) {
  const agent = new Agent({ connections: 4, keepAliveTimeout: 30_000 });
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await logs.clear();
    let stoppedAt = 0;
    const run = await openStream(base, cookie, agent, inDays(120 + (i % 50)), {
      stopAfter: 1,
      onStop: (at) => {
        stoppedAt = at;
      },
    });
    const deadline = monotonicMs() + 5000;
    let log = match(await logs.list(), run);
    while ((!log || log.closedAt === null) && monotonicMs() < deadline) {
      await sleep(1);
      log = match(await logs.list(), run);
    }
    if (!log || log.closedAt === null) throw new Error('the upstream stream was not closed within 5 s');
    samples.push(log.closedAt - stoppedAt);
  }
  await agent.close();
  const sorted = Float64Array.from(samples).sort();
  return {
    runs,
    p50_ms: percentile(sorted, 50),
    p99_ms: percentile(sorted, 99),
    max_ms: sorted.at(-1) ?? NaN,
  };
}

/** 500 requests at once just after the service's clock passed the token's expiry: how many token calls. */
export async function tokenStorm(
  base: string,
  cookie: string,
  sandbox: string,
  tap: Tap,
  concurrent: number,
) {
  const agent = new Agent({ connections: concurrent, keepAliveTimeout: 30_000 });
  const get = async () => {
    const response = await request(`${base}/api/flights/places?query=par&limit=3`, {
      dispatcher: agent,
      headers: { cookie },
    });
    await response.body.dump();
    return response.statusCode;
  };
  await get();
  await control(sandbox, '/clock/advance', { seconds: 3601 });
  const before = tap.tokenCalls;
  const statuses = await Promise.all(Array.from({ length: concurrent }, get));
  await agent.close();
  return {
    requests: concurrent,
    ok: statuses.filter((s) => s === 200).length,
    token_calls: tap.tokenCalls - before,
  };
}

async function gcSettle() {
  await sleep(1500);
}

/** BFF resident memory: at rest, after 10,000 proxied requests, after 1,000 streams, and under a stalled reader. */
export async function memory(base: string, cookie: string, pid: number, tap: Tap) {
  const agent = new Agent({ connections: 64, keepAliveTimeout: 30_000 });
  await gcSettle();
  const start = await rssMiB(pid);
  let failures = 0;
  const reasons: string[] = [];
  const many = async (total: number, concurrency: number, one: (i: number) => Promise<boolean>) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = next++; i < total; i = next++) if (!(await one(i))) failures += 1;
      }),
    );
  };
  await many(10_000, 32, async (i) => {
    const response = await request(
      `${base}/api/flights/places?query=${['lon', 'par', 'new', 'ber'][i % 4]}&limit=8`,
      {
        dispatcher: agent,
        headers: { cookie },
      },
    );
    await response.body.dump();
    if (response.statusCode !== 200) reasons.push(`GET places: ${response.statusCode}`);
    return response.statusCode === 200;
  });
  await gcSettle();
  const afterRequests = await rssMiB(pid);
  await many(1000, 50, async (i) => {
    const run = await openStream(base, cookie, agent, inDays(5 + (i % 200)));
    if (run.status !== 200 || run.events.length === 0)
      reasons.push(`stream: ${run.status}, ${run.events.length} events`);
    return run.status === 200 && run.events.length > 0;
  });
  await gcSettle();
  const afterStreams = await rssMiB(pid);
  tap.streams.length = 0;
  // A browser that stops reading: 20,000 offers in 5 growing batches (about 75 MB, well over what the sockets'
  // buffers hold) towards a client that reads nothing for 8 s. With back-pressure the BFF stops taking batches.
  tap.synthetic = { total: 20_000, batches: 5, intervalMs: 50 };
  const stalled = openStream(base, cookie, agent, inDays(300), { pauseReading: 8000 });
  await sleep(6000);
  const whileStalled = await rssMiB(pid);
  const delivered = tap.streams[0]?.flushed ?? 0;
  await stalled;
  tap.synthetic = null;
  await gcSettle();
  const afterStalled = await rssMiB(pid);
  await agent.close();
  return {
    rss_start_mib: start,
    rss_after_10k_requests_mib: afterRequests,
    rss_after_1k_streams_mib: afterStreams,
    rss_while_reader_stalled_mib: whileStalled,
    rss_after_stalled_reader_mib: afterStalled,
    stalled_upstream_events_sent: delivered,
    failures,
    failure_reasons: reasons.slice(0, 5),
  };
}

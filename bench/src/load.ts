import { Agent, request } from 'undici';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  throughput: number;
  p50: number;
  p99: number;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** One GET over the pool, its body read; false when it failed or did not answer 200. */
async function sendOnce(
  agent: Agent,
  url: string,
  headers: Record<string, string> | undefined,
): Promise<boolean> {
  try {
    const response = await request(url, { dispatcher: agent, headers });
    await response.body.arrayBuffer();
    return response.statusCode === 200;
  } catch {
    return false;
  }
}

async function summarize(
  agent: Agent,
  latencies: number[],
  errors: number,
  started: number,
): Promise<LoadResult> {
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors,
    seconds,
    throughput: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

/**
 * Closed-loop load: `connections` workers, each sending the next request as soon as the last answered, over a
 * keep-alive pool of that many connections, for `seconds`. Latency from hrtime, in milliseconds.
 */
export async function load(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const agent = new Agent({ connections: options.connections, keepAliveTimeout: 30_000, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const stopAt = started + options.seconds * 1000;
  const worker = async () => {
    while (performance.now() < stopAt) {
      const t0 = process.hrtime.bigint();
      if (!(await sendOnce(agent, url, options.headers))) errors += 1;
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  return summarize(agent, latencies, errors, started);
}

/**
 * Open-loop load at a fixed rate, spread over `connections`: each request has a scheduled send time. When a slow
 * answer delays the next send, latency counts from the scheduled time (no coordinated omission); otherwise from the
 * actual send, so the load generator's own timer lateness is not charged to the server.
 */
export async function openLoad(
  url: string,
  options: { connections: number; rate: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const agent = new Agent({ connections: options.connections, keepAliveTimeout: 30_000, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const started = performance.now();
  const worker = async (index: number) => {
    let previousDone = 0;
    for (let k = index; k < total; k += options.connections) {
      const scheduled = started + k * interval;
      const wait = scheduled - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // Coordinated omission: when the previous answer on this connection made this send late, the wait counts.
      // Lateness of the timer itself (about a millisecond in Node) is not the server's and does not.
      const sent = performance.now();
      const from = previousDone > scheduled ? scheduled : sent;
      if (!(await sendOnce(agent, url, options.headers))) errors += 1;
      previousDone = performance.now();
      latencies.push(previousDone - from);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, i) => worker(i)));
  return summarize(agent, latencies, errors, started);
}

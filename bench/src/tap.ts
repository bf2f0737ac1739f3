import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FlightSearchSchema, newId } from '@console/contract';
import { Agent, request } from 'undici';
import { eventEnds, monotonicMs } from './relay.ts';

/** What the tap saw of one search stream it relayed to the BFF, on the bench's clock (monotonicMs()). */
export interface StreamLog {
  key: string;
  headersAt: number;
  /** When each event (offers, done) was handed to the BFF's socket. */
  events: number[];
  closedAt: number | null;
  /** Synthetic streams: events the BFF's socket has taken (written out, not queued in the tap). */
  flushed: number;
}

/** A synthetic stream for the SPA figures: real sandbox offers, cloned up to `total`, sent in growing batches. */
export interface Synthetic {
  total: number;
  batches: number;
  intervalMs: number;
}

const FORWARDED = ['authorization', 'content-type', 'accept', 'idempotency-key'];
const STREAM_PATH = '/v3/flights/searches/stream';

/**
 * A transparent HTTP relay between the BFF and the sandbox, in the bench's own process, so both ends of the BFF are
 * timed on one clock: it forwards every call unchanged, counts token calls, and logs when each search-stream event
 * left for the BFF and when the BFF closed the stream.
 */
export class Tap {
  readonly streams: StreamLog[] = [];
  tokenCalls = 0;
  /** When each call other than a token's reached the tap (performance.now()), when `counting` (the watch's figures). */
  readonly calls: number[] = [];
  counting = false;
  synthetic: Synthetic | null = null;
  #server: Server | null = null;
  readonly #agent = new Agent({ connections: 512, keepAliveTimeout: 30_000 });

  constructor(private readonly sandbox: string) {}

  async listen(): Promise<string> {
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', code: 'tap_failed', message: String(error) } }));
      });
    });
    this.#server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.#server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async close(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
    await this.#agent.close();
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = req.url ?? '/';
    if (path === '/v3/auth/tokens') this.tokenCalls += 1;
    else if (this.counting) this.calls.push(performance.now());
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    if (path === STREAM_PATH && this.synthetic) return this.#synthetic(body, headers, res, this.synthetic);
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    const upstream = await request(`${this.sandbox}${path}`, {
      dispatcher: this.#agent,
      method: (req.method ?? 'GET') as 'GET',
      headers,
      body: body.length > 0 ? body : undefined,
      signal: abort.signal,
    });
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(upstream.headers))
      if (typeof value === 'string' && name !== 'transfer-encoding' && name !== 'connection')
        out[name] = value;
    res.writeHead(upstream.statusCode, out);
    if (path !== STREAM_PATH || upstream.statusCode !== 200) {
      for await (const chunk of upstream.body) res.write(chunk);
      res.end();
      return;
    }
    res.flushHeaders();
    const log = this.#log(body, res);
    const ends = eventEnds();
    try {
      for await (const chunk of upstream.body) {
        res.write(chunk);
        const at = monotonicMs();
        for (let n = ends(chunk as Buffer); n > 0; n -= 1) log.events.push(at);
      }
      res.end();
    } catch {
      // The BFF went away and the abort reached the sandbox: the close is already logged.
    }
  }

  #log(body: Buffer, res: ServerResponse): StreamLog {
    const key = streamKey(body);
    const log: StreamLog = { key, headersAt: monotonicMs(), events: [], closedAt: null, flushed: 0 };
    res.on('close', () => {
      log.closedAt = monotonicMs();
    });
    this.streams.push(log);
    return log;
  }

  async #synthetic(
    body: Buffer,
    headers: Record<string, string>,
    res: ServerResponse,
    plan: Synthetic,
  ): Promise<void> {
    const search = await request(`${this.sandbox}/v3/flights/searches`, {
      dispatcher: this.#agent,
      method: 'POST',
      headers,
      body,
    });
    const real = FlightSearchSchema.parse(await search.body.json()).offers;
    const offers = Array.from({ length: plan.total }, (_, i) => {
      const source = real[i % real.length];
      if (!source) throw new Error('the sandbox returned no offers to clone');
      return { ...source, id: newId('offer') };
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();
    const log = this.#log(body, res);
    const id = newId('flightSearch');
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    for (let batch = 1; batch <= plan.batches && !closed; batch += 1) {
      // The first batch at once, the rest `intervalMs` apart: the figures are the console's, not a slow provider's.
      if (batch > 1) await new Promise((resolve) => setTimeout(resolve, plan.intervalMs));
      const shown = offers.slice(0, Math.round((plan.total * batch) / plan.batches));
      const data = {
        object: 'flight_offer_batch',
        search_id: id,
        replace: true,
        offer_count: shown.length,
        providers_answered: batch,
        providers_total: plan.batches,
        offers: shown,
      };
      const ok = res.write(`event: offers\ndata: ${JSON.stringify(data)}\n\n`, () => {
        log.flushed += 1;
      });
      log.events.push(monotonicMs());
      if (!ok) await new Promise((resolve) => res.once('drain', resolve));
    }
    if (!closed) {
      const done = {
        object: 'flight_search_done',
        search_id: id,
        status: 'complete',
        offer_count: plan.total,
      };
      res.write(`event: done\ndata: ${JSON.stringify(done)}\n\n`);
      log.events.push(monotonicMs());
    }
    res.end();
  }
}

/** Streams are told apart by their departure date (each concurrent stream of a run asks for a different one). */
function streamKey(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { slices?: { departure_date?: string }[] };
    return parsed.slices?.[0]?.departure_date ?? '';
  } catch {
    return '';
  }
}

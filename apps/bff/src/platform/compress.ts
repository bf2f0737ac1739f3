import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { plainAnswer } from './answer.ts';
import type { AppEnv } from './types.ts';

export const gzip = promisify(gzipCallback);

/** Whether the request's browser takes a gzipped answer. */
export const acceptsGzip = (c: Context) => /\bgzip\b/i.test(c.req.header('Accept-Encoding') ?? '');
const THRESHOLD = 1024;

/**
 * JSON answers of 1 KiB and more are sent gzipped to a browser that accepts it (search results, lists; a hotel page
 * of 50 properties shrinks about tenfold). Smaller ones are not worth the time; the search stream is never touched
 * (its Cache-Control says no-transform, and it is not JSON), nor is anything already encoded.
 *
 * A plain answer (`plainAnswers`: what `c.json` made) has its text at hand, so its size is known and a small one is
 * sent as it was made. Reading the size back from a Response made a full WHATWG Response and read it as a stream,
 * then wrapped it in another: about 60 µs of the main thread on every small answer to a browser (decision 038, ninth
 * pass). An answer made another way (a Response of its own) is read back as before.
 */
export const compressJson = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const answer = plainAnswer(c);
  const headers = answer?.headers ?? c.res.headers;
  if (!/^application\/json/i.test(headers.get('Content-Type') ?? '')) return;
  if (headers.has('Content-Encoding') || /no-transform/i.test(headers.get('Cache-Control') ?? '')) return;
  const vary = headers.get('Vary');
  if (!vary || !/accept-encoding/i.test(vary))
    headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (c.req.method === 'HEAD' || !acceptsGzip(c)) return;
  if (answer) {
    if (Buffer.byteLength(answer.text) < THRESHOLD) return;
    answer.body = new Uint8Array(await gzip(answer.text, { level: 6 }));
    headers.set('Content-Encoding', 'gzip');
    headers.delete('Content-Length');
    return;
  }
  const res = c.res;
  const body = new Uint8Array(await res.arrayBuffer());
  if (body.byteLength < THRESHOLD) {
    c.res = new Response(body, res);
    return;
  }
  const gzipped = new Headers(res.headers);
  gzipped.set('Content-Encoding', 'gzip');
  gzipped.delete('Content-Length');
  c.res = new Response(new Uint8Array(await gzip(body, { level: 6 })), {
    status: res.status,
    headers: gzipped,
  });
});

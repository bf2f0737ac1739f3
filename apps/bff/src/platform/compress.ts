import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
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
 * For such a browser `c.json` keeps the text it wrote (as Hono's own does: the same `JSON.stringify`, the same
 * default Content-Type), so its size is known and a small answer is sent as it was made. Reading the size back from
 * the Response made a full WHATWG Response and read it as a stream, then wrapped it in another: about 60 µs of the
 * main thread on every small answer to a browser, more than the rest of a relayed read (decision 038, ninth pass).
 * An answer made another way (a Response of its own) is read back as before.
 */
export const compressJson = createMiddleware<AppEnv>(async (c, next) => {
  const wanted = c.req.method !== 'HEAD' && acceptsGzip(c);
  // The last answer `c.json` made for this request, and its text.
  let made: Response | undefined;
  let madeText: string | undefined;
  if (wanted) {
    // Hono's `c.json` is `c.body(JSON.stringify(object), arg, { 'Content-Type': 'application/json', ...headers })`.
    const body = c.body as unknown as (
      text: string,
      arg?: unknown,
      headers?: Record<string, unknown>,
    ) => Response;
    c.json = ((object: unknown, arg?: unknown, headers?: Record<string, unknown>) => {
      const text = JSON.stringify(object);
      made = body(text, arg, { 'Content-Type': 'application/json', ...headers });
      madeText = text;
      return made;
    }) as unknown as typeof c.json;
  }
  await next();
  const res = c.res;
  if (!/^application\/json/i.test(res.headers.get('Content-Type') ?? '')) return;
  if (res.headers.has('Content-Encoding') || /no-transform/i.test(res.headers.get('Cache-Control') ?? ''))
    return;
  const vary = res.headers.get('Vary');
  if (!vary || !/accept-encoding/i.test(vary))
    res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (!wanted) return;
  const text = res === made ? madeText : undefined;
  if (text !== undefined && Buffer.byteLength(text) < THRESHOLD) return;
  const body = text !== undefined ? Buffer.from(text) : new Uint8Array(await res.arrayBuffer());
  if (body.byteLength < THRESHOLD) {
    c.res = new Response(body, res);
    return;
  }
  const headers = new Headers(res.headers);
  headers.set('Content-Encoding', 'gzip');
  headers.delete('Content-Length');
  c.res = new Response(new Uint8Array(await gzip(body, { level: 6 })), { status: res.status, headers });
});

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
 */
export const compressJson = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const res = c.res;
  if (!/^application\/json/i.test(res.headers.get('Content-Type') ?? '')) return;
  if (res.headers.has('Content-Encoding') || /no-transform/i.test(res.headers.get('Cache-Control') ?? ''))
    return;
  const vary = res.headers.get('Vary');
  if (!vary || !/accept-encoding/i.test(vary))
    res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (!acceptsGzip(c) || c.req.method === 'HEAD') return;
  const body = new Uint8Array(await res.arrayBuffer());
  if (body.byteLength < THRESHOLD) {
    c.res = new Response(body, res);
    return;
  }
  const headers = new Headers(res.headers);
  headers.set('Content-Encoding', 'gzip');
  headers.delete('Content-Length');
  c.res = new Response(new Uint8Array(await gzip(body, { level: 6 })), { status: res.status, headers });
});

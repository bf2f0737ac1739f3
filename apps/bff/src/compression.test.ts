import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { CSRF_HEADER } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from './test-support.ts';

/** A built SPA as the web build writes it: an asset with its Brotli and gzip copies beside it. */
const script = `export const routes = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `/route/${i}`))};\n`;
const dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Booking console</title><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));

let t: TestConsole;
let cookie = '';
beforeAll(async () => {
  t = await startConsole({ WEB_DIST: dist });
  cookie = (await t.signedIn('agent')).cookie();
});
afterAll(() => t.close());

/** A raw HTTP exchange, bytes as sent (no transparent decompression). */
function raw(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const url = new URL(path, t.origin);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

describe('compressed assets', () => {
  it('serves Brotli to a browser that takes it, gzip to one that takes only gzip, and the file itself otherwise', async () => {
    const br = await raw('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await raw('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await raw('/assets/index-abc123.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('keeps index.html revalidated', async () => {
    const page = await raw('/flights', { 'Accept-Encoding': 'br' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('compressed JSON', () => {
  it('gzips a JSON answer of 1 KiB or more for a browser that takes gzip, and leaves a small one as it is', async () => {
    const big = await raw('/api/activities/products?city=Paris', {
      Cookie: cookie,
      'Accept-Encoding': 'gzip, br',
    });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.body).toString())).toMatchObject({ data: expect.any(Array) });
    expect(big.headers.vary).toContain('Accept-Encoding');

    const small = await raw('/api/me', { Cookie: cookie, 'Accept-Encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ user: { email: 'agent@demo.test' } });

    const identity = await raw('/api/activities/products?city=Paris', { Cookie: cookie });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses the search stream', async () => {
    const stream = await raw(
      '/api/flights/searches/stream',
      {
        Cookie: cookie,
        'Accept-Encoding': 'gzip, br',
        'Content-Type': 'application/json',
        [CSRF_HEADER]: '1',
      },
      'POST',
      JSON.stringify({
        slices: [
          {
            origin: 'LHR',
            destination: 'CDG',
            departure_date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
          },
        ],
        passengers: { adults: 1 },
      }),
    );
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.body.toString()).toContain('event: done');
  });
});

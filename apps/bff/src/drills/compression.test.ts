import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { CSRF_HEADER } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from '../testing/console.ts';

/** A built SPA as the web build writes it: an asset with its Brotli and gzip copies beside it. */
const script = `export const routes = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `/route/${i}`))};\n`;
const dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><head><title>Booking console</title><link rel="modulepreload" crossorigin href="/assets/api-1.js"></head><div id="root"></div>',
);
// What the web build writes beside it: each screen's chunks beyond the entry's.
writeFileSync(
  join(dist, 'route-preloads.json'),
  JSON.stringify({
    '/flights': ['assets/layout-1.js', 'assets/flight-search-page-1.js', 'assets/api-1.js'],
    '/flights/orders/:orderId': ['assets/layout-1.js', 'assets/order-page-1.js', 'assets/page-1.css'],
    '/activities/bookings': ['assets/layout-1.js', 'assets/activity-bookings-page-1.js'],
    '/activities/:productId': ['assets/layout-1.js', 'assets/activity-page-1.js'],
  }),
);
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

describe('the page of each screen', () => {
  const page = async (path: string) => (await raw(path, {})).body.toString();
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin(?: fetchpriority="low")? href="([^"]+)">/g)].map(
      (m) => m[1],
    );

  it('preloads the shell and the screen’s own chunks, not what the entry already has', async () => {
    expect(preloads(await page('/flights/orders/ord_123'))).toEqual([
      '/assets/api-1.js',
      '/assets/layout-1.js',
      '/assets/order-page-1.js',
    ]);
    // A screen's fixed path wins over a pattern; the front door is the flight desk.
    expect(preloads(await page('/activities/bookings'))).toContain('/assets/activity-bookings-page-1.js');
    expect(preloads(await page('/activities/act_1'))).toContain('/assets/activity-page-1.js');
    expect(preloads(await page('/'))).toContain('/assets/flight-search-page-1.js');
    // No known screen: index.html as built.
    expect(preloads(await page('/nowhere/at/all'))).toEqual(['/assets/api-1.js']);
  });

  it('fetches a screen’s own stylesheet early without applying it (its loader applies it)', async () => {
    const html = await page('/flights/orders/ord_123');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/page-1.css">');
    expect(html).not.toContain('rel="stylesheet"');
  });

  it('asks for a signed-in activity page’s product with the scripts, at the address the SPA reads it from', async () => {
    const agent = await t.signedIn('agent');
    const fetched = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const signedIn = async (path: string) => (await raw(path, { cookie: agent.cookie() })).body.toString();
    expect(fetched(await signedIn('/activities/act_1'))).toEqual(['/api/activities/products/act_1']);
    // Any id the service gives: decoded as the router decodes it, encoded as the SPA's client encodes it.
    expect(fetched(await signedIn('/activities/a%20b%22c'))).toEqual([
      `/api/activities/products/${encodeURIComponent('a b"c')}`,
    ]);
    expect(fetched(await signedIn('/activities/bookings'))).toEqual([]);
    expect(fetched(await signedIn('/activities/%E0%A4%A'))).toEqual([]);
    expect(fetched(await signedIn('/flights'))).toEqual([]);
    // Without a session there is nothing the page could read.
    expect(fetched(await page('/activities/act_1'))).toEqual([]);
  });

  it('names a product page’s first picture, as the page shows it, once this instance has read the product', async () => {
    const agent = await t.signedIn('agent');
    const pictures = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/g)].map(
        (m) => m[1],
      );
    const signedIn = async (path: string) => (await raw(path, { cookie: agent.cookie() })).body.toString();
    const list = await agent.get('/activities/products?query=louvre');
    const id = (list.body as { data: { id: string }[] }).data[0]?.id ?? '';
    expect(id).not.toBe('');
    expect(pictures(await signedIn(`/activities/${id}`))).toEqual([]);
    const product = await agent.get(`/activities/products/${id}`);
    expect(product.status).toBe(200);
    const { images } = product.body as { images: string[] };
    expect(images[0]).toMatch(/^\/media\//);
    expect(pictures(await signedIn(`/activities/${id}`))).toEqual([`/api${images[0]}`]);
    // The picture is fetched through the console, as the page's own <img> fetches it.
    expect((await raw(`/api${images[0]}`, { cookie: agent.cookie() })).status).toBe(200);
    // Signed out: no hints at all.
    expect(pictures(await page(`/activities/${id}`))).toEqual([]);
  });
});

describe('who is signed in, in the page', () => {
  const carried = (html: string) => {
    const m = /<script id="console-me" type="application\/json">(.*?)<\/script>/.exec(html);
    return m?.[1] === undefined ? null : (JSON.parse(m[1]) as unknown);
  };

  it('carries the signed-in agent’s /api/me answer in their page, never stored; a page without a session carries none', async () => {
    const agent = await t.signedIn('agent');
    const me = await agent.get('/me');
    const page = await raw('/flights', { cookie: agent.cookie() });
    expect(carried(page.body.toString())).toEqual(me.body);
    expect(page.headers['cache-control']).toBe('no-store');
    // Any page of the SPA, a path of no known screen too.
    expect(carried((await raw('/nowhere/at/all', { cookie: agent.cookie() })).body.toString())).toEqual(
      me.body,
    );

    // Without the cookie, nothing is said either way: a page reached from another site (the office's provider, a link
    // in an e-mail) comes without the SameSite=Strict cookie although its person is signed in, and the SPA asks /api/me.
    const signedOut = await raw('/flights', {});
    expect(signedOut.body.toString()).not.toContain('id="console-me"');
    expect(signedOut.headers['cache-control']).toBe('no-cache');
    const ended = await raw('/flights', { cookie: 'console_session=not-a-session' });
    expect(carried(ended.body.toString())).toBeNull();
  });

  it('cannot be broken out of by a name an admin typed', async () => {
    const admin = await t.signedIn('admin');
    const me = (await admin.get('/me')).body as { user: { id: string } };
    const name = '</script><script>alert(1)</script><!-- \u2028 -->';
    expect((await admin.patch(`/admin/users/${me.user.id}`, { name })).status).toBe(200);
    const html = (await raw('/bookings', { cookie: admin.cookie() })).body.toString();
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(carried(html)).toMatchObject({ user: { name } });
  });

  it("carries a name with the replacement patterns $' $` $& $$ as typed, in one head", async () => {
    const admin = await t.signedIn('admin');
    const me = (await admin.get('/me')).body as { user: { id: string } };
    const name = "Ana $' Lee $` Ng $& O $$ P";
    expect((await admin.patch(`/admin/users/${me.user.id}`, { name })).status).toBe(200);
    for (const path of ['/bookings', '/activities/act_1', '/nowhere/at/all']) {
      const html = (await raw(path, { cookie: admin.cookie() })).body.toString();
      expect(html.match(/<head>/g)).toHaveLength(1);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.match(/id="console-me"/g)).toHaveLength(1);
      expect(carried(html)).toMatchObject({ user: { name } });
    }
  });
});

describe('compressed pages', () => {
  it('sends a page gzipped to a browser that takes it, and as it is otherwise', async () => {
    const plain = await raw('/flights', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await raw('/flights', { 'Accept-Encoding': 'gzip, br' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
    // A signed-in page too, who is signed in included.
    const agent = await raw('/flights', { 'Accept-Encoding': 'gzip', cookie });
    expect(gunzipSync(agent.body).toString()).toContain('id="console-me"');
  });
});

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

import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { plainAnswers } from './answer.ts';
import { compressJson } from './compress.ts';
import type { AppEnv } from './types.ts';

const small = { user: { email: 'agent@demo.test' } };
const big = { data: Array.from({ length: 60 }, (_, i) => ({ id: `plc_${i}`, name: `Place number ${i}` })) };

/** An app whose handlers answer with `c.json` as the routes do (plain answers, as `/api` has), and remember what they made. */
function app() {
  const made: Response[] = [];
  const keep = (res: Response) => {
    made.push(res);
    return res;
  };
  const api = new Hono<AppEnv>()
    .use('*', plainAnswers)
    .use('*', compressJson)
    .get('/small', (c) => keep(c.json(small)))
    .get('/big', (c) => keep(c.json(big)))
    .get('/created', (c) => keep(c.json(small, 201, { Location: '/small/1' })))
    .get('/problem', (c) =>
      keep(
        c.json(
          { error: { code: 'x' } },
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    )
    .get('/nothing', (c) => keep(c.json(undefined as never)))
    .get('/own', () =>
      keep(new Response(JSON.stringify(big), { headers: { 'Content-Type': 'application/json' } })),
    );
  return { api, made };
}

const asBrowser = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

describe('JSON answers and gzip', () => {
  it('sends a small answer to a browser that takes gzip as it was made, not read back and made again', async () => {
    const { api, made } = app();
    const res = await api.request('/small', { headers: asBrowser });
    // Its body was never read back out of the Response the handler made.
    expect(made[0]?.bodyUsed).toBe(false);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await res.json()).toEqual(small);
  });

  it('gzips an answer of 1 KiB or more from the text c.json wrote, and sends it whole to a client without gzip', async () => {
    const { api } = app();
    const gz = await api.request('/big', { headers: asBrowser });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gz.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString())).toEqual(big);
    const plain = await api.request('/big');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await plain.json()).toEqual(big);
  });

  it('gives an answer the status, headers and content type Hono’s own c.json gives it', async () => {
    const { api } = app();
    for (const path of ['/created', '/problem']) {
      // Without gzip the handler's c.json is Hono's own.
      const own = await api.request(path);
      const ours = await api.request(path, { headers: asBrowser });
      expect(ours.status).toBe(own.status);
      expect([...ours.headers]).toEqual([...own.headers]);
      expect(await ours.text()).toBe(await own.text());
    }
    const created = await api.request('/created', { headers: asBrowser });
    expect(created.status).toBe(201);
    expect(created.headers.get('Location')).toBe('/small/1');
  });

  it('reads back an answer a handler made as a Response of its own, and gzips it when it is large', async () => {
    const { api } = app();
    const res = await api.request('/own', { headers: asBrowser });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(new Uint8Array(await res.arrayBuffer())).toString())).toEqual(big);
  });

  it('answers c.json(undefined) to a browser as Hono does, not with a failure', async () => {
    const { api } = app();
    const ours = await api.request('/nothing', { headers: asBrowser });
    const own = await new Hono().get('/nothing', (c) => c.json(undefined as never)).request('/nothing');
    expect(ours.status).toBe(own.status);
    expect(await ours.text()).toBe(await own.text());
  });
});

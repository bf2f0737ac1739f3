import { getEventListeners } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepAliveAgent, send } from './http.ts';

/** A server that answers at once with headers and a first line, then keeps the body open until the client leaves. */
let server: Server;
let url = '';
const closed: Promise<void>[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/whole') {
      response.end('{}');
      return;
    }
    closed.push(new Promise((done) => response.on('close', () => done())));
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('event: offers\ndata: {}\n\n');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', () => listening()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

describe('a call with a deadline and its caller’s signal', () => {
  it('ends the answer’s body when the caller goes away after the headers came, not only before them', async () => {
    const caller = new AbortController();
    const response = await send(
      keepAliveAgent(),
      { method: 'GET', url, headers: {}, timeoutMs: 5_000, deadlineMs: 5_000, signal: caller.signal },
      false,
    );
    expect(response.statusCode).toBe(200);
    const reading = response.body.text().catch((error: Error) => error.name);
    caller.abort();
    expect(await reading).toBe('AbortError');
    await closed[0];
  });

  it('lets go of the caller’s signal once the answer is read whole', async () => {
    const caller = new AbortController();
    const response = await send(
      keepAliveAgent(),
      {
        method: 'GET',
        url: `${url}whole`,
        headers: {},
        timeoutMs: 5_000,
        deadlineMs: 5_000,
        signal: caller.signal,
      },
      false,
    );
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(1);
    expect(await response.body.text()).toBe('{}');
    await new Promise((done) => setImmediate(done));
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });
});

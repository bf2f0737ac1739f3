import { ErrorEnvelopeSchema, TokenResponseSchema } from '@console/contract';
import { serve } from '@hono/node-server';
import { expect } from 'vitest';
import type { z } from 'zod';
import { createSandbox, type SandboxOptions } from './app.ts';

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Starts the sandbox as a real HTTP server on a free port, for one test file. */
export async function startSandbox(options: SandboxOptions = {}) {
  const sandbox = createSandbox({ streamIntervalMs: 0, ...options });
  const server = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the sandbox did not bind a TCP port');
  const { port } = address;
  const origin = `http://127.0.0.1:${port}`;

  async function call(
    method: string,
    path: string,
    init: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.raw !== undefined) body = init.raw;
    else if (init.body !== undefined) body = JSON.stringify(init.body);
    if (body !== undefined) headers['Content-Type'] ??= 'application/json';
    const response = await fetch(`${origin}${path}`, { method, headers, body });
    const type = response.headers.get('Content-Type') ?? '';
    const parsed: unknown = type.includes('json') ? await response.json() : await response.text();
    return { status: response.status, body: parsed, headers: response.headers };
  }

  async function token(
    clientId = 'cid_test_demo',
    clientSecret = clientId.replace('cid_', 'sk_'),
    scope?: string,
  ) {
    const reply = await call('POST', '/v3/auth/tokens', {
      body: {
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
        ...(scope ? { scope } : {}),
      },
    });
    expect(reply.status).toBe(201);
    return TokenResponseSchema.parse(reply.body).access_token;
  }

  return {
    origin,
    store: sandbox.store,
    state: sandbox.state,
    call,
    token,
    get: (path: string, tok?: string) => call('GET', `/v3${path}`, { token: tok }),
    post: (path: string, tok?: string, body?: unknown, headers?: Record<string, string>) =>
      call('POST', `/v3${path}`, { token: tok, body, headers }),
    control: (path: string, body?: unknown) => call('POST', `/_sandbox${path}`, { body }),
    advance: (seconds: number) => call('POST', '/_sandbox/clock/advance', { body: { seconds } }),
    /** Stops the server, then writes the kept state a last time (a clean stop). */
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.state?.close();
    },
  };
}
export type TestSandbox = Awaited<ReturnType<typeof startSandbox>>;

/** Asserts a reply has a status and parses with a contract schema, and returns the parsed body. */
export function expectOk<S extends z.ZodType>(reply: Reply, schema: S, status = 200): z.output<S> {
  if (reply.status !== status)
    throw new Error(`expected ${status}, got ${reply.status}: ${JSON.stringify(reply.body)}`);
  return schema.parse(reply.body);
}

/** Asserts a reply is the v3 error envelope with a status and code, and returns its error. */
export function expectError(reply: Reply, status: number, code: string) {
  const envelope = ErrorEnvelopeSchema.parse(reply.body);
  expect({ status: reply.status, code: envelope.error.code }).toEqual({ status, code });
  expect(envelope.error.request_id).toMatch(/^req_/);
  return envelope.error;
}

/** A date `days` from the sandbox's today, YYYY-MM-DD. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

import { ServiceClient, SessionClient } from '@console/client';
import { createSandbox, type Sandbox } from '@console/sandbox';
import { type ServerType, serve } from '@hono/node-server';
import type { BffEnv } from './env.ts';

export interface Upstream {
  service: ServiceClient;
  session: SessionClient | null;
  /** The service's origin, for relaying media paths it returns (/media/...). */
  origin: string;
  embedded: { server: ServerType; port: number; store: Sandbox['store'] } | null;
  close(): Promise<void>;
}

/**
 * The service the console talks to: the one configured, or, when none is, the sandbox started in-process with its
 * demo credentials (`pnpm start` on a fresh machine).
 */
export async function connectUpstream(env: BffEnv): Promise<Upstream> {
  let embedded: Upstream['embedded'] = null;
  let baseUrl = env.SERVICE_BASE_URL;
  let clientId = env.SERVICE_CLIENT_ID;
  let clientSecret = env.SERVICE_CLIENT_SECRET;
  let sessionLogin =
    env.SESSION_BASE_URL && env.SESSION_OFFICE_ID && env.SESSION_USER_NAME && env.SESSION_PASSWORD
      ? {
          baseUrl: env.SESSION_BASE_URL,
          officeId: env.SESSION_OFFICE_ID,
          userName: env.SESSION_USER_NAME,
          password: env.SESSION_PASSWORD,
        }
      : null;
  if (!baseUrl || !clientId || !clientSecret) {
    const sandbox = createSandbox({ streamIntervalMs: env.SANDBOX_STREAM_INTERVAL_MS });
    const server = serve({ fetch: sandbox.app.fetch, port: env.SANDBOX_PORT, hostname: '127.0.0.1' });
    const port = await new Promise<number>((resolve, reject) => {
      server.once('listening', () => {
        const address = server.address();
        resolve(address !== null && typeof address === 'object' ? address.port : env.SANDBOX_PORT);
      });
      server.once('error', (error) =>
        reject(
          new Error(
            `The embedded sandbox could not listen on 127.0.0.1:${env.SANDBOX_PORT}: ${error.message}. Set SANDBOX_PORT.`,
          ),
        ),
      );
    });
    embedded = { server, port, store: sandbox.store };
    baseUrl = `http://127.0.0.1:${port}/v3`;
    clientId = 'cid_test_demo';
    clientSecret = 'sk_test_demo';
    sessionLogin ??= {
      baseUrl: `http://127.0.0.1:${port}/rest`,
      officeId: 'OFF-DEMO',
      userName: 'demo',
      password: 'demo-pass',
    };
  }
  const service = new ServiceClient({ baseUrl, clientId, clientSecret, timeoutMs: env.UPSTREAM_TIMEOUT_MS });
  const session = sessionLogin
    ? new SessionClient({ ...sessionLogin, timeoutMs: env.UPSTREAM_TIMEOUT_MS })
    : null;
  const running = embedded;
  return {
    service,
    session,
    origin: new URL(baseUrl).origin,
    embedded,
    async close() {
      await session?.close().catch(() => undefined);
      await service.close().catch(() => undefined);
      if (running) await new Promise<void>((resolve) => running.server.close(() => resolve()));
    },
  };
}

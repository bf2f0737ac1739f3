import { Worker } from 'node:worker_threads';
import { ServiceClient, SessionClient, type SessionStore } from '@console/client';
import { z } from 'zod';
import type { BffEnv } from '../platform/env.ts';
import { currentRequestId } from '../platform/log.ts';
import { ServiceClock, watchServiceClock } from './service-clock.ts';

export interface Upstream {
  service: ServiceClient;
  /** The service's time, from the Date header of its answers (decision 016). */
  clock: ServiceClock;
  session: SessionClient | null;
  /** The service's origin, for relaying media paths it returns (/media/...). */
  origin: string;
  embedded: { port: number; controls: string } | null;
  /** Reads the service's clock now (or joins the read under way): decision 016. */
  readClock(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The service the console talks to: the one configured, or, when none is, the sandbox started in-process with its
 * demo credentials (`pnpm start` on a fresh machine).
 */
export async function connectUpstream(
  env: BffEnv,
  options: {
    sessionStore?: SessionStore;
    onTokenFetched?: () => void;
    onOperation?: (name: string, seconds: number, error: string | null) => void;
    /** The embedded sandbox's own lines (its kept state read, set aside or not written). */
    onSandboxLog?: (level: 'info' | 'warn', message: string) => void;
  } = {},
): Promise<Upstream> {
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
  let worker: Worker | null = null;
  if (!baseUrl || !clientId || !clientSecret) {
    worker = startSandboxWorker(env);
    // Its lines start before it listens (its kept state read at once).
    worker.on('message', (raw: unknown) => {
      const message = WorkerMessage.safeParse(raw).data;
      if (message?.type === 'log') options.onSandboxLog?.(message.level, message.message);
    });
    const port = await sandboxListening(worker, env.SANDBOX_PORT);
    embedded = { port, controls: `http://127.0.0.1:${port}/_sandbox` };
    baseUrl = `http://127.0.0.1:${port}/v3`;
    clientId = env.SANDBOX_ENVIRONMENT === 'live' ? 'cid_live_demo' : 'cid_test_demo';
    clientSecret = env.SANDBOX_ENVIRONMENT === 'live' ? 'sk_live_demo' : 'sk_test_demo';
    sessionLogin ??= {
      baseUrl: `http://127.0.0.1:${port}/rest`,
      officeId: 'OFF-DEMO',
      userName: 'demo',
      password: 'demo-pass',
    };
  }
  const clock = new ServiceClock();
  const service = new ServiceClient({
    baseUrl,
    clientId,
    clientSecret,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    connections: env.UPSTREAM_CONNECTIONS,
    circuitFailures: env.UPSTREAM_CIRCUIT_FAILURES,
    circuitCoolDownMs: env.UPSTREAM_CIRCUIT_COOLDOWN_MS,
    onServiceDate: (date, receivedAt) => clock.observe(date, receivedAt),
    ...(options.onTokenFetched ? { onTokenFetched: options.onTokenFetched } : {}),
    ...(options.onOperation ? { onOperation: options.onOperation } : {}),
    requestHeaders: (): Record<string, string> => {
      const id = currentRequestId();
      return id ? { 'x-request-id': id } : {};
    },
  });
  const session = sessionLogin
    ? new SessionClient({ ...sessionLogin, timeoutMs: env.UPSTREAM_TIMEOUT_MS, store: options.sessionStore })
    : null;
  const running = worker;
  const watch = watchServiceClock(
    clock,
    () => service.op.introspect({}),
    env.SERVICE_CLOCK_REFRESH_SECONDS * 1000,
  );
  running?.on('message', (raw: unknown) => {
    if (WorkerMessage.safeParse(raw).data?.type === 'clock') void watch.now();
  });
  return {
    service,
    clock,
    session,
    origin: new URL(baseUrl).origin,
    embedded,
    readClock: () => watch.now(),
    async close() {
      watch.stop();
      await session?.close().catch(() => undefined);
      await service.close().catch(() => undefined);
      if (running) {
        running.postMessage('close');
        await Promise.race([
          new Promise<void>((resolve) =>
            running.on('message', (raw: unknown) => {
              if (WorkerMessage.safeParse(raw).data?.type === 'closed') resolve();
            }),
          ),
          new Promise((resolve) => setTimeout(resolve, 2000)),
        ]);
        await running.terminate();
      }
    },
  };
}

const WorkerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('listening'), port: z.number() }),
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({ type: z.literal('closed') }),
  z.object({ type: z.literal('clock') }),
  z.object({ type: z.literal('log'), level: z.enum(['info', 'warn']), message: z.string() }),
]);

/**
 * The sandbox worker, loaded only when no service is configured: the built `sandbox-worker.js` beside the built
 * server (`pnpm start`), or under a TypeScript runner (tests, `pnpm dev`) a bootstrap that loads the TypeScript
 * through tsx.
 */
function startSandboxWorker(env: BffEnv): Worker {
  const built = import.meta.url.endsWith('.js');
  return new Worker(new URL(built ? './sandbox-worker.js' : './sandbox-worker.mjs', import.meta.url), {
    workerData: {
      port: env.SANDBOX_PORT,
      streamIntervalMs: env.SANDBOX_STREAM_INTERVAL_MS,
      profile: env.SANDBOX_PROFILE,
      statePath: env.SANDBOX_STATE_PATH,
    },
  });
}

function sandboxListening(worker: Worker, wanted: number): Promise<number> {
  return new Promise((resolve, reject) => {
    worker.on('message', (raw: unknown) => {
      const message = WorkerMessage.safeParse(raw);
      if (!message.success) return;
      if (message.data.type === 'listening') resolve(message.data.port);
      if (message.data.type === 'error')
        reject(
          new Error(
            `The embedded sandbox could not listen on 127.0.0.1:${wanted}: ${message.data.message}. Set SANDBOX_PORT.`,
          ),
        );
    });
    worker.once('error', reject);
  });
}

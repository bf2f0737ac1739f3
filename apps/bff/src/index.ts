import './platform/node/supported.ts';
import { serve } from '@hono/node-server';
import { createConsole, DEMO_USERS } from './app.ts';
import { listeningUrl, loadEnvFile, readEnv } from './platform/env.ts';

loadEnvFile();
const env = readEnv();
const console_ = await createConsole(env);
const { log, upstream } = console_.deps;
const server = serve({ fetch: console_.app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  const url = listeningUrl(env.HOST, info.port);
  // The banner is for the person who ran `pnpm start`; the JSON log line is for the operator's log shipper.
  console.log(`Booking console on ${url}`);
  if (upstream.embedded) {
    console.log(
      `  upstream: the embedded sandbox on http://127.0.0.1:${upstream.embedded.port} (test credentials)`,
    );
    for (const user of DEMO_USERS) console.log(`  sign in as ${user.role}: ${user.email} / ${user.password}`);
    if (env.DEMO_OFFICE)
      console.log(
        '  demo office: booked on a first start, in about a minute (DEMO_OFFICE=false starts empty)',
      );
  } else {
    console.log(`  upstream: ${upstream.origin} (${upstream.service.environment.toUpperCase()})`);
  }
  log.info(
    {
      port: info.port,
      database: console_.databaseKind,
      upstream: upstream.embedded ? 'embedded sandbox' : upstream.origin,
      environment: upstream.service.environment,
    },
    'listening',
  );
});

/**
 * Graceful shutdown (SIGTERM from an orchestrator, SIGINT from a terminal): stop accepting, say not ready, end open
 * search streams with an event the browser reads, let requests in flight finish (up to SHUTDOWN_GRACE_MS), give up
 * the jobs lease, close the database and the upstream, and exit 0.
 */
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'shutting down: finishing requests in flight');
  console_.deps.lifecycle.drain();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections close as soon as they are idle: the ones busy now, once their request is answered.
  const sweep = setInterval(() => {
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  }, 100);
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  const grace = new Promise<'grace'>((resolve) =>
    setTimeout(() => resolve('grace'), env.SHUTDOWN_GRACE_MS).unref(),
  );
  if ((await Promise.race([closed, grace])) === 'grace') {
    log.warn('requests still open after the grace period; closing them');
    if ('closeAllConnections' in server) server.closeAllConnections();
  }
  clearInterval(sweep);
  await console_.close().catch((error: unknown) => log.error({ err: error }, 'closing failed'));
  log.info('stopped');
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));

import { serve } from '@hono/node-server';
import { createSandbox } from './app.ts';
import { loadConfig } from './config.ts';
import { readEnv } from './env.ts';

const env = readEnv();
const { fetch, store } = createSandbox({
  config: loadConfig(env.SANDBOX_CONFIG),
  controls: env.SANDBOX_MODE === 'sandbox',
  streamIntervalMs: env.SANDBOX_STREAM_INTERVAL_MS,
  profile: env.SANDBOX_PROFILE,
});

const server = serve({ fetch, port: env.SANDBOX_PORT, hostname: env.SANDBOX_HOST }, (info) => {
  console.log(`Sandbox of the travel booking service on http://${env.SANDBOX_HOST}:${info.port}`);
  console.log(
    `  v3: http://${env.SANDBOX_HOST}:${info.port}/v3   session-based: http://${env.SANDBOX_HOST}:${info.port}/rest`,
  );
  console.log('  demo credentials: cid_test_demo / sk_test_demo (test), cid_live_demo / sk_live_demo (live)');
  if (env.SANDBOX_MODE === 'sandbox')
    console.log(`  test controls: http://${env.SANDBOX_HOST}:${info.port}/_sandbox`);
});

server.on('connection', () => {
  store.connectionsAccepted += 1;
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}

import { serve } from '@hono/node-server';
import { createConsole, DEMO_USERS } from './app.ts';
import { readEnv } from './env.ts';

const env = readEnv();
const console_ = await createConsole(env);
const server = serve({ fetch: console_.app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  const url = `http://localhost:${info.port}`;
  console.log(`Booking console on ${url}`);
  if (console_.deps.upstream.embedded) {
    console.log(
      `  upstream: the embedded sandbox on http://127.0.0.1:${console_.deps.upstream.embedded.port} (test credentials)`,
    );
    for (const user of DEMO_USERS) console.log(`  sign in as ${user.role}: ${user.email} / ${user.password}`);
  } else {
    console.log(
      `  upstream: ${console_.deps.upstream.origin} (${console_.deps.upstream.service.environment.toUpperCase()})`,
    );
  }
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.close();
    // End the session-based session and close connections before leaving.
    void console_.close().finally(() => process.exit(0));
  });
}

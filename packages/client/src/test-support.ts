import { createSandbox } from '@console/sandbox';
import { serve } from '@hono/node-server';

/** The sandbox on a free port, with a count of TCP connections it accepted. */
export async function startSandbox() {
  const sandbox = createSandbox({ streamIntervalMs: 0 });
  const server = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  const origin = `http://127.0.0.1:${address.port}`;
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${origin}/_sandbox${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    return response.json();
  };
  return {
    origin,
    store: sandbox.store,
    control,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { parentPort, workerData } from 'node:worker_threads';
import { createSandbox } from '@console/sandbox';
import { serve } from '@hono/node-server';
import { z } from 'zod';

/**
 * The embedded sandbox on its own thread: the BFF's event loop then does only the BFF's work, as it would in front
 * of a real service, while `pnpm start` stays one process.
 */
const options = z
  .object({
    port: z.number().int(),
    streamIntervalMs: z.number().int(),
    profile: z.enum(['default', 'variant']),
    /** Where its state is kept across restarts (decision 045); null: in memory only. */
    statePath: z.string().nullable(),
  })
  .parse(workerData);
const sandbox = createSandbox({
  streamIntervalMs: options.streamIntervalMs,
  profile: options.profile,
  // The console reads the service's clock again as soon as a test control moves it (decision 016).
  onClockMoved: () => parentPort?.postMessage({ type: 'clock' }),
  ...(options.statePath
    ? {
        stateFile: {
          path: options.statePath,
          log: (level: 'info' | 'warn', message: string) =>
            parentPort?.postMessage({ type: 'log', level, message }),
        },
      }
    : {}),
});
const server = serve({ fetch: sandbox.fetch, port: options.port, hostname: '127.0.0.1' });
server.once('listening', () => {
  const address = server.address();
  parentPort?.postMessage({
    type: 'listening',
    port: address !== null && typeof address === 'object' ? address.port : options.port,
  });
});
server.once('error', (error) => parentPort?.postMessage({ type: 'error', message: error.message }));
parentPort?.on('message', (message: unknown) => {
  if (message !== 'close') return;
  // The state is written first (the console has closed its connections by now), then the server stops.
  void (sandbox.state?.close() ?? Promise.resolve()).finally(() =>
    server.close(() => parentPort?.postMessage({ type: 'closed' })),
  );
});

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { z } from 'zod';

/** What the client's tests read of /_sandbox/stats. */
const StatsSchema = z.object({
  tokens: z.number(),
  token_scopes: z.array(z.string()),
  flight_orders: z.number(),
  sessions: z.number(),
  connections: z.number(),
});

/**
 * The sandbox as its own process on a free port (`pnpm --filter @console/sandbox start`): packages never import
 * apps, so the client's tests reach the sandbox the way any client does, over HTTP, with its /_sandbox controls.
 */
export async function startSandbox() {
  const child = spawn('pnpm', ['--silent', '--filter', '@console/sandbox', 'start'], {
    env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_STREAM_INTERVAL_MS: '0', SANDBOX_PROFILE: 'default' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) =>
      reject(new Error(`the sandbox exited (${code}) before listening: ${output}`)),
    );
  });
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${origin}/_sandbox${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    return response.json();
  };
  const stats = async () => StatsSchema.parse(await (await fetch(`${origin}/_sandbox/stats`)).json());
  return {
    origin,
    control,
    stats,
    async close() {
      // The whole process group: pnpm, and the sandbox it started.
      if (child.pid !== undefined && child.exitCode === null) {
        process.kill(-child.pid, 'SIGTERM');
        await once(child, 'exit');
      }
    },
  };
}

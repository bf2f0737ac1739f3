import { spawn } from 'node:child_process';
import { once } from 'node:events';

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
  const stats = async (): Promise<{
    tokens: number;
    token_scopes: string[];
    flight_orders: number;
    sessions: number;
    connections: number;
  }> => (await fetch(`${origin}/_sandbox/stats`)).json();
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

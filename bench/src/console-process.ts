import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** Starts the console (BFF + embedded sandbox) as its own process, as `pnpm start` runs it. */
export async function startConsole(port: number, sandboxPort: number) {
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/bff/src/index.ts')],
    {
      cwd: join(root, 'apps/bff'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SANDBOX_PORT: String(sandboxPort),
        DATABASE_PATH: join(dir, 'console.db'),
        COOKIE_SECURE: 'false',
        SANDBOX_STREAM_INTERVAL_MS: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the console did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    sandbox: `http://127.0.0.1:${sandboxPort}`,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process, in MiB, from /proc. */
export async function rssMiB(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

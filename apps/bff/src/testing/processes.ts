import { type ChildProcess, execFile as execFileCb, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BFF_NODE_FLAGS } from '../platform/node/flags.ts';

const execFile = promisify(execFileCb);
const bffDir = fileURLToPath(new URL('../..', import.meta.url));
const sandboxDir = fileURLToPath(new URL('../../../sandbox', import.meta.url));

/** Builds the BFF as production runs it (dist/, plain JavaScript). */
export async function buildBff(): Promise<void> {
  await execFile(process.execPath, ['build.mjs'], { cwd: bffDir, timeout: 120_000 });
}

/**
 * The port a child process says it listens on, read from its standard output by `banner` (its port the first group):
 * told to listen on port 0, it has the port the system gave it, which nothing else can take meanwhile. Its output is
 * drained after, so a full pipe never blocks it. Killed if it has not said so within 30 s.
 */
async function listeningPort(child: ChildProcess, what: string, banner: RegExp): Promise<number> {
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${what} did not listen within 30 s: ${output}`));
    }, 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = banner.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', read);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}) before listening: ${output}`));
    });
  });
  child.stdout?.resume();
  return port;
}

/** The sandbox as a process of its own on a free port: the one service several console instances share. */
export async function startSandboxProcess(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: sandboxDir,
    env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_STREAM_INTERVAL_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = `http://127.0.0.1:${await listeningPort(child, 'the sandbox', /on http:\/\/127\.0\.0\.1:(\d+)/)}`;
  return {
    origin,
    async control(path: string, body?: unknown) {
      const response = await fetch(`${origin}/_sandbox${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
      if (!response.ok)
        throw new Error(`sandbox control ${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<unknown>;
    },
    stats: async () =>
      (await (await fetch(`${origin}/_sandbox/stats`)).json()) as {
        flight_orders: number;
        hotel_orders: number;
        sessions: number;
      },
    stop: () => stop(child, 'SIGTERM'),
  };
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit');
  child.kill(signal);
  const [code] = (await exited) as [number | null];
  return code;
}

/**
 * The built BFF (`node dist/index.js`) as a process on a port the system gives it (PORT=0; the port is read from its
 * banner, so no other process can take it between choosing and listening), started and answering.
 */
export async function startBffProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, [...BFF_NODE_FLAGS, 'dist/index.js'], {
    cwd: bffDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'warn',
      // The drills count what they book: no demo office (decision 045).
      DEMO_OFFICE: 'false',
      // Each drill's sandbox starts empty: its state not kept in a file.
      SANDBOX_STATE_PATH: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const origin = `http://127.0.0.1:${await listeningPort(child, 'the console', /Booking console on http:\/\/\S+:(\d+)\r?\n/)}`;
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`the console exited (${child.exitCode}) before answering`);
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) break;
    if (tries > 150) throw new Error('the console did not answer within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    pid: child.pid ?? 0,
    exited,
    /** SIGTERM: a graceful stop; SIGKILL: a crash. */
    stop: (signal: NodeJS.Signals = 'SIGTERM') => stop(child, signal),
  };
}

/** The users command of the built BFF (`node dist/cli/users.js ...`), a password given on its standard input. */
export async function usersCommand(env: Record<string, string>, args: string[], stdin = ''): Promise<string> {
  const run = execFile(process.execPath, ['dist/cli/users.js', ...args], {
    cwd: bffDir,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    timeout: 60_000,
  });
  run.child.stdin?.end(stdin);
  const { stdout } = await run;
  return stdout;
}

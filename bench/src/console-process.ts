import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BFF_NODE_FLAGS } from '@console/bff/testing';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** A script as production runs it: built JavaScript with plain node and its flags, TypeScript (the sandbox) through tsx. */
function run(
  script: string,
  cwd: string,
  env: Record<string, string>,
  args: string[] = [],
  nodeArgs: string[] = [],
  stdio: StdioOptions = ['ignore', 'ignore', 'inherit'],
): ChildProcess {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  return spawn(process.execPath, [...nodeArgs, ...loader, script, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio,
  });
}

const nodeArgs = (name: string) =>
  process.env[name]?.trim() ? (process.env[name]?.trim().split(/\s+/) ?? []) : [];

async function up(url: string, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start within 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const stopper = (child: ChildProcess) => () =>
  new Promise<void>((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

/** Starts the console (BFF + embedded sandbox) as its own process, as `pnpm start` runs it. */
export async function startConsole(port: number, sandboxPort: number, env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-'));
  const child = run(
    join(root, 'apps/bff/dist/index.js'),
    join(root, 'apps/bff'),
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_PORT: String(sandboxPort),
      DATABASE_URL: join(dir, 'console.db'),
      COOKIE_SECURE: 'false',
      SANDBOX_STREAM_INTERVAL_MS: '0',
      // The bench measures what it books: no demo office (decision 045).
      DEMO_OFFICE: 'false',
      // Nor is the sandbox's state written to a file while it is measured.
      SANDBOX_STATE_PATH: 'off',
      ...env,
    },
    [],
    // BENCH_BFF_NODE_ARGS profiles it too (--cpu-prof --cpu-prof-dir=/tmp/prof: the profile is written at its exit).
    [...BFF_NODE_FLAGS, ...nodeArgs('BENCH_BFF_NODE_ARGS')],
  );
  const base = `http://127.0.0.1:${port}`;
  await up(`${base}/api/health`, 'the console');
  return { base, sandbox: `http://127.0.0.1:${sandboxPort}`, pid: child.pid ?? 0, stop: stopper(child) };
}

/** The sandbox on its own, as a separate process (the service, for a BFF configured with a real base URL). */
export async function startSandbox(port: number) {
  // BENCH_SANDBOX_NODE_ARGS (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof) profiles the sandbox under the bench.
  const child = run(
    join(root, 'apps/sandbox/src/index.ts'),
    join(root, 'apps/sandbox'),
    { SANDBOX_PORT: String(port), SANDBOX_STREAM_INTERVAL_MS: '0' },
    [],
    nodeArgs('BENCH_SANDBOX_NODE_ARGS'),
  );
  const origin = `http://127.0.0.1:${port}`;
  await up(`${origin}/_sandbox/clock`, 'the sandbox');
  return { origin, pid: child.pid ?? 0, stop: stopper(child) };
}

export const BENCH_USER = {
  email: 'bench@demo.test',
  password: 'violet tram harbour 42',
  role: 'admin',
} as const;

/**
 * The BFF alone, configured with a service base URL (here the bench's tap in front of the sandbox), so its resident
 * memory is its own. With a configured service there are no demo users: the bench makes one with the users command.
 */
export async function startBff(
  port: number,
  serviceBaseUrl: string,
  extra: Record<string, string> = {},
  /** False when starting again on a store that has the bench user already. */
  createUser = true,
) {
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-bff-'));
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: join(dir, 'console.db'),
    COOKIE_SECURE: 'false',
    SERVICE_BASE_URL: serviceBaseUrl,
    SERVICE_CLIENT_ID: 'cid_test_demo',
    SERVICE_CLIENT_SECRET: 'sk_test_demo',
    ...extra,
  };
  const cwd = join(root, 'apps/bff');
  if (createUser) await benchUser(env);
  // BENCH_BFF_NODE_OPTIONS (e.g. --max-old-space-size=192) tells lazy garbage collection from a leak in the soak;
  // BENCH_BFF_NODE_ARGS takes what NODE_OPTIONS may not carry (--cpu-prof --cpu-prof-dir=/tmp/prof).
  const child = run(
    join(cwd, 'dist/index.js'),
    cwd,
    { ...env, NODE_OPTIONS: process.env.BENCH_BFF_NODE_OPTIONS ?? '' },
    [],
    [...BFF_NODE_FLAGS, ...nodeArgs('BENCH_BFF_NODE_ARGS')],
  );
  const base = `http://127.0.0.1:${port}`;
  await up(`${base}/api/health`, 'the BFF');
  return { base, pid: child.pid ?? 0, stop: stopper(child) };
}

/** The bench's admin, made with the users command as an operator would. */
async function benchUser(env: Record<string, string>) {
  const cwd = join(root, 'apps/bff');
  const users = run(
    join(cwd, 'dist/cli/users.js'),
    cwd,
    env,
    ['create', '--email', BENCH_USER.email, '--name', 'Bench Admin', '--role', BENCH_USER.role],
    ['--enable-source-maps'],
    ['pipe', 'ignore', 'inherit'],
  );
  // The password on standard input, never on the command line (issue 35).
  users.stdin?.end(BENCH_USER.password);
  const code = await new Promise<number | null>((resolve) => users.once('exit', resolve));
  if (code !== 0) throw new Error(`creating the bench user failed (exit ${code})`);
}

/** Resident memory of a process, in MiB, from /proc. */
export async function rssMiB(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** CPU time a process has used so far (user + system), in ms, from /proc (clock ticks of 10 ms). */
export async function cpuMs(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

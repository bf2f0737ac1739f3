import { execFile as execFileCb } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFile = promisify(execFileCb);

/** PostgreSQL's programs: PG_BIN, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest)
    throw new Error(
      'PostgreSQL is not installed: apt-get install -y postgresql (or set PG_BIN to the folder holding initdb).',
    );
  return join(root, newest, 'bin');
}

/** The ports the system hands to outgoing connections (Linux's `ip_local_port_range`; 32768–60999 by default). */
function ephemeralPorts(): [number, number] {
  try {
    const [first, last] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (Number.isInteger(first) && Number.isInteger(last)) return [first as number, last as number];
  } catch {
    // not Linux: its default
  }
  return [32_768, 60_999];
}

/** Whether nothing listens on this loopback port now. */
const listenable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A TCP port nothing listens on right now, for a server that must be told its port before it starts (PostgreSQL, a
 * console restarted at the same address), other than `except`. Chosen outside the range the system gives outgoing
 * connections (below it, or above it), so no connection can be handed it between this check and the server's
 * listening (which happened once with a port the system had chosen: EADDRINUSE). On a machine whose range leaves no
 * room outside it, a port the system chooses.
 */
export async function freePort(except: readonly number[] = []): Promise<number> {
  const [first, last] = ephemeralPorts();
  const spans = (
    [
      [10_000, first - 1],
      [last + 1, 65_535],
    ] satisfies [number, number][]
  ).filter(([from, to]) => to - from >= 1000);
  const size = spans.reduce((sum, [from, to]) => sum + to - from + 1, 0);
  for (let tries = 0; size > 0 && tries < 100; tries += 1) {
    let pick = Math.floor(Math.random() * size);
    let port = 0;
    for (const [from, to] of spans) {
      if (pick <= to - from) {
        port = from + pick;
        break;
      }
      pick -= to - from + 1;
    }
    if (!except.includes(port) && (await listenable(port))) return port;
  }
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(address !== null && typeof address === 'object' ? address.port : 0));
      });
    });
    if (!except.includes(port)) return port;
  }
}

/** Runs a PostgreSQL program; as root, as the unprivileged `postgres` user (initdb refuses root). */
async function run(program: string, args: string[]): Promise<void> {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  await execFile(file, argv, { timeout: 60_000 });
}

let created = 0;

/** A new, empty database on the server at `adminUrl`; its URL. */
export async function createDatabase(adminUrl: string, name?: string): Promise<string> {
  const database = (name ?? `console_${process.pid}_${++created}_${Date.now().toString(36)}`).replace(
    /[^a-z0-9_]/gi,
    '',
  );
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface ThrowawayPostgres {
  /** The server's admin URL (database `postgres`). */
  url: string;
  /** A new, empty database on the server, for one console or one test file. */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL cluster for tests and benchmarks: `initdb` in a temporary folder, trust auth, 127.0.0.1 on a free
 * port, no fsync (the data is thrown away), removed by `stop()`.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'console-pg-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) await execFile('chown', ['postgres:postgres', dir]);
  const data = join(dir, 'data');
  await run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // A port taken by another server between choosing and starting (a start that could not bind) is tried again on
  // another; any other failure stops the cluster, removes its folder and is thrown as it is.
  let port = 0;
  for (let attempt = 1; ; attempt += 1) {
    port = await freePort();
    try {
      await run(join(bin, 'pg_ctl'), [
        '-D',
        data,
        '-l',
        join(dir, 'server.log'),
        '-w',
        '-o',
        `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
        'start',
      ]);
      break;
    } catch (error) {
      const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : '';
      if (attempt < 3 && /could not bind|address already in use/i.test(log)) continue;
      await run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    createDatabase: (name) => createDatabase(url, name),
    async stop() {
      await run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

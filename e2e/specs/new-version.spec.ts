import { type ChildProcess, spawn } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@console/bff/testing';
import type { Page } from '@playwright/test';
import { DEMO, expect, test } from '../support/fixtures.ts';
import { glimpse } from '../support/glimpse.ts';

/**
 * A tab left open across a deploy (decision 025): the agent opened the console on one build, the office deployed a
 * new one (new chunk names; the old ones are gone), and the agent then opens a screen whose chunk the tab had not
 * loaded. The console says a new version is ready and opens that screen again, in the new version, at the same
 * address. A console of its own runs here (built BFF, a copy of the built SPA), so its build can be replaced.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const WEB_DIST = join(ROOT, 'apps', 'web', 'dist');

/** Every file under a folder. */
function filesIn(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesIn(path) : [path];
  });
}

/**
 * The next build: the same SPA, but the bookings desk's chunk changed, as a rebuild after a change to it gives: it
 * gets a new name, and so does every chunk that names it (its content changed too), up to the entry. The build's
 * compressed copies are left out (they would still name the old chunks).
 */
function nextBuild(from: string, to: string): { gone: string } {
  cpSync(from, to, { recursive: true });
  for (const file of filesIn(to)) if (/\.(br|gz)$/.test(file)) rmSync(file);
  const assets = join(to, 'assets');
  const chunk = readdirSync(assets).find((name) => /^bookings-page-[\w-]+\.js$/.test(name));
  if (!chunk) throw new Error('the build has no bookings-page chunk');
  const renamed = new Map<string, string>();
  let changed = [chunk];
  while (changed.length > 0) {
    for (const name of changed) {
      const next = name.replace(/\.js$/, 'N.js');
      renameSync(join(assets, name), join(assets, next));
      renamed.set(name, next);
    }
    changed = [];
    for (const file of filesIn(to).filter((f) => /\.(js|html|json)$/.test(f))) {
      const text = readFileSync(file, 'utf8');
      let updated = text;
      for (const [old, next] of renamed) updated = updated.replaceAll(old, next);
      if (updated === text) continue;
      writeFileSync(file, updated);
      const name = file.slice(assets.length + 1);
      // A hashed file whose content changed is a new file in a new build; index.html and the JSON keep their names.
      if (file.startsWith(assets) && !renamed.has(name) && ![...renamed.values()].includes(name))
        changed.push(name);
    }
  }
  return { gone: chunk };
}

async function startConsole(port: number, sandboxPort: number, webDist: string, database: string) {
  const child = spawn('node', [join(ROOT, 'apps', 'bff', 'dist', 'index.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      DATABASE_URL: database,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      LOG_REQUESTS: 'false',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`http://localhost:${port}/api/health`)
          .then((r) => r.status)
          .catch(() => 0),
      { timeout: 30_000 },
    )
    .toBe(200);
  return child;
}

/**
 * Signs the agent in on the flight desk and waits for the shell's own extras (the wallet's banner), which come after
 * the first screen: what follows happens on a tab open for a while. (A restart while they load would reload the tab
 * into the new build at once.)
 */
async function signInOnFlights(page: Page, origin: string) {
  await page.goto(`${origin}/flights`);
  await page.getByLabel('Email').fill(DEMO.agent.email);
  await page.getByLabel('Password').fill(DEMO.agent.password);
  const shellIn = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/wallet/alert');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Flights', level: 1 })).toBeVisible();
  await shellIn;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

test('a tab opened before a deploy tells the agent a new version is ready and opens the screen in it, at the same address', async ({
  page,
}) => {
  const work = mkdtempSync(join(tmpdir(), 'console-deploy-'));
  const port = await freePort();
  const sandboxPort = await freePort([port]);
  const database = join(work, 'console.db');
  const live = join(work, 'live');
  cpSync(WEB_DIST, live, { recursive: true });
  let server = await startConsole(port, sandboxPort, live, database);
  try {
    const origin = `http://localhost:${port}`;
    await signInOnFlights(page, origin);

    // The deploy: the new build replaces the old one and the console restarts on it (sessions are in the database).
    await stop(server);
    const next = join(work, 'next');
    const { gone } = nextBuild(WEB_DIST, next);
    rmSync(live, { recursive: true });
    renameSync(next, live);
    server = await startConsole(port, sandboxPort, live, database);
    expect((await fetch(`${origin}/assets/${gone}`)).status).toBe(404);

    // The tab, still on the old build, opens the bookings desk, whose chunk the new build no longer has.
    // The notice is up for about a second before the tab reloads: watched for on every frame from the click on.
    const told = glimpse(page, 'alert', 'A new version of the console is ready');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookings' }).click();
    await told;
    await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(`${origin}/bookings`);
    await expect(page.getByRole('alert').filter({ hasText: 'new version' })).toHaveCount(0);
  } finally {
    await stop(server);
    rmSync(work, { recursive: true, force: true });
  }
});

test('a tab whose console cannot be reached when a screen is opened says so, waits, and opens the screen when it answers again', async ({
  page,
}) => {
  const work = mkdtempSync(join(tmpdir(), 'console-restart-'));
  const port = await freePort();
  const sandboxPort = await freePort([port]);
  const database = join(work, 'console.db');
  let server = await startConsole(port, sandboxPort, WEB_DIST, database);
  try {
    const origin = `http://localhost:${port}`;
    await signInOnFlights(page, origin);

    // The console stops (a restart, a line down) and the agent opens a screen the tab has not loaded yet.
    await stop(server);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trips' }).click();
    const waiting = page.getByRole('alert').filter({ hasText: 'The console cannot be reached just now' });
    await expect(waiting).toBeVisible();
    // No reload into the browser's error page while it is away: the tab is still the console.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    server = await startConsole(port, sandboxPort, WEB_DIST, database);
    await expect(page.getByRole('heading', { name: 'Trips', level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(`${origin}/trips`);
    await expect(page.getByRole('alert').filter({ hasText: 'cannot be reached' })).toHaveCount(0);
  } finally {
    await stop(server);
    rmSync(work, { recursive: true, force: true });
  }
});

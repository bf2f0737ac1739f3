import { closeDatabase, openDatabase } from '@console/bff/testing';
import { InvitationSchema, SERVICE_TIME_HEADER } from '@console/contract';
import { test as base, expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { env } from '../env.ts';

export const DEMO = {
  agent: { email: 'agent@demo.test', password: 'demo-agent' },
  admin: { email: 'admin@demo.test', password: 'demo-admin' },
} as const;

export async function signIn(page: Page, who: keyof typeof DEMO, path = '/') {
  await signInAs(page, DEMO[who], path);
}

/** Calls a sandbox test control (the clock, faults, wallets) directly. */
export async function sandbox(path: string, body: unknown = {}) {
  const response = await fetch(`${env.sandboxUrl}/_sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

/** What the sandbox holds right now (counts of tokens, orders, bookings, open streams). */
/**
 * Moves the service's clock and waits until the console tells that time (it learns of the move with its next call to
 * the service: the watch's round, every second in these runs), so a page's own time check made next hears it.
 */
export async function moveServiceClockAndWait(seconds: number): Promise<void> {
  const moved = (await sandbox('/clock/advance', { seconds })) as { now: string };
  const target = Date.parse(moved.now) - 60_000;
  await expect
    .poll(
      async () => Number((await fetch(`${env.consoleUrl}/api/health`)).headers.get(SERVICE_TIME_HEADER) ?? 0),
      {
        message: 'the console tells the service’s new time',
      },
    )
    .toBeGreaterThanOrEqual(target);
}

export async function sandboxStats(): Promise<{
  flight_orders: number;
  hotel_orders: number;
  activity_bookings: number;
}> {
  const response = await fetch(`${env.sandboxUrl}/_sandbox/stats`);
  return response.json();
}

export const test = base.extend<{
  agentPage: Page;
  /**
   * Moves the service's clock forward; it is set back to the machine's once the journey ends, so no journey after it
   * runs hours ahead of the wall clock (a day's report, a date typed near midnight). The bookings stay as they are.
   */
  advanceServiceClock: (seconds: number) => Promise<void>;
}>({
  // Every journey fails on a request the console's Content-Security-Policy refused (decision 025): a style, script or
  // picture the policy does not allow would otherwise only show as something missing on the screen. And on any
  // complaint of the browser about the console's headers (a Permissions-Policy feature it does not know).
  page: async ({ page }, use) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (!/Content Security Policy|Permissions-Policy|Permissions Policy/i.test(message.text())) return;
      const at = message.location();
      refused.push(`${message.text()} (at ${at.url}:${at.lineNumber}:${at.columnNumber})`);
    });
    await use(page);
    expect(refused, 'what the browser refused or complained of in the console’s headers').toEqual([]);
  },
  agentPage: async ({ page }, use) => {
    await signIn(page, 'agent', '/flights');
    await expect(page.getByRole('heading', { name: 'Flights' })).toBeVisible();
    await use(page);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  advanceServiceClock: async ({}, use) => {
    let moved = false;
    await use(async (seconds) => {
      moved = true;
      await sandbox('/clock/advance', { seconds });
    });
    if (moved) await sandbox('/clock/reset');
  },
});
export { expect };

/** The date `days` after `from` (now by default); a journey that needs two dates to agree counts both from one `from`. */
export const inDays = (days: number, from = Date.now()) =>
  new Date(from + days * 86_400_000).toISOString().slice(0, 10);

/** Enters a YYYY-MM-DD date into a date field (the browser's own date input). */
/** Types a date (any form the date field reads: `2026-12-12`, `12dec`) and checks the date it took (decision 049). */
export async function fillDate(field: import('@playwright/test').Locator, typed: string, date = typed) {
  await field.fill(typed);
  await expect(field).toHaveAttribute('data-date', date);
}

/** Scans the page with axe and fails on serious or critical violations, naming them. */
export async function expectAccessible(page: Page, label: string) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
}

/** A flight search URL for the console, from today. */
export function flightSearchUrl(options: {
  from: string;
  to: string;
  inDays: number;
  adults?: number;
  children?: number;
  /** The moment `inDays` counts from (now by default). */
  countedFrom?: number;
}) {
  const params = new URLSearchParams({
    from: options.from,
    to: options.to,
    depart: inDays(options.inDays, options.countedFrom),
    adults: String(options.adults ?? 1),
    children: String(options.children ?? 0),
    infants: '0',
    cabin: 'economy',
  });
  return `/flights?${params}`;
}

/** The messages the office's mail server was handed for one address, oldest first (the test SMTP server). */
export async function mailbox(to: string): Promise<string[]> {
  const response = await fetch(`${env.mailboxUrl}/messages?${new URLSearchParams({ to })}`);
  return (await response.json()) as string[];
}

/** The one-time link (its path, `/welcome#…`) in the newest e-mail to a person, once one has come. */
export async function linkFromMail(to: string): Promise<string> {
  let path = '';
  await expect
    .poll(
      async () => {
        const mails = (await mailbox(to)).filter((m) => m.includes('/welcome#'));
        path = /\/welcome#[\w-]+/.exec(mails.at(-1) ?? '')?.[0] ?? '';
        return path;
      },
      { message: `a one-time link e-mailed to ${to}` },
    )
    .not.toBe('');
  return path;
}

/**
 * An invitation made by the demo admin through the API (decision 030): the new user and their one-time link's token
 * and path (`/welcome#…`), not yet taken.
 */
export async function invite(name: string, role: 'agent' | 'admin' = 'agent') {
  const signIn = await fetch(`${env.consoleUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-console-csrf': '1' },
    body: JSON.stringify(DEMO.admin),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@demo.test`;
  const invited = await fetch(`${env.consoleUrl}/api/admin/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-console-csrf': '1', cookie },
    body: JSON.stringify({ email, name, role }),
  });
  if (invited.status !== 201) throw new Error(`could not invite: ${invited.status} ${await invited.text()}`);
  const { user, link } = InvitationSchema.parse(await invited.json());
  // The journeys' console has an SMTP server: the link goes to the person alone, and is read from their mail.
  if (link.url) throw new Error('the admin was shown the link: the invitation was not e-mailed');
  const path = await linkFromMail(email);
  return { user, email, token: path.slice('/welcome#'.length), path };
}

/**
 * A new user (an agent unless said), made as the console makes users (decision 030): invited through the admin API,
 * their password chosen through the one-time link; so a spec can start with an empty ledger.
 */
export async function createUser(
  name: string,
  role: 'agent' | 'admin' = 'agent',
): Promise<{ id: string; email: string; password: string }> {
  const { user, email, token } = await invite(name, role);
  const password = 'violet tram harbour 42';
  const accepted = await fetch(`${env.consoleUrl}/api/auth/links/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-console-csrf': '1' },
    body: JSON.stringify({ token, password }),
  });
  if (accepted.status !== 200)
    throw new Error(`could not accept: ${accepted.status} ${await accepted.text()}`);
  // The link signed them in; the spec signs in as it needs.
  await fetch(`${env.consoleUrl}/api/auth/sign-out`, {
    method: 'POST',
    headers: {
      'x-console-csrf': '1',
      cookie: (accepted.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    },
  });
  return { id: user.id, email, password };
}

/** The API as one signed-in person's browser: their cookie and the CSRF header on every call. */
async function apiAs(who: { email: string; password: string }) {
  const signIn = await fetch(`${env.consoleUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-console-csrf': '1' },
    body: JSON.stringify(who),
  });
  if (signIn.status !== 200) throw new Error(`could not sign in: ${signIn.status} ${await signIn.text()}`);
  let cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${env.consoleUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-console-csrf': '1', cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // A completed set-up gives the session a new token (decision 035): the next call carries it.
    const renewed = response.headers.getSetCookie().find((c) => c.includes('console_session='));
    if (renewed) cookie = renewed.split(';')[0] ?? cookie;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
}

/**
 * A new user with an authenticator app set up through the API, its key for the spec to compute codes with. The app
 * was confirmed with the code of the step before the current one (an app's code is taken once per step), so the
 * spec has this step's and the next one's to use at once.
 */
export async function createUserWithApp(name: string, role: 'agent' | 'admin' = 'agent') {
  const user = await createUser(name, role);
  const call = await apiAs({ email: user.email, password: user.password });
  const app = (await call('POST', '/account/factors/totp', { name: 'Work phone' })) as {
    id: string;
    secret: string;
  };
  const confirm = () =>
    call('POST', `/account/factors/totp/${app.id}/confirm`, {
      code: TOTP.generate({ secret: Secret.fromBase32(app.secret), timestamp: Date.now() - 30_000 }),
    });
  // A step that ended between the code and the console's check: the step before the new one is asked once more.
  await confirm().catch(confirm);
  return { ...user, key: app.secret };
}

/** A code of an app's key: this step's, or `ahead` steps on (the console takes one step either side). */
export const appCode = (key: string, ahead = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(key.replace(/\s/g, '')),
    timestamp: Date.now() + ahead * 30_000,
  });

/** A password reset link the demo admin makes for a person, as it reaches them by e-mail: its path. */
export async function resetLink(user: { id: string; email: string }): Promise<string> {
  const call = await apiAs(DEMO.admin);
  const before = (await mailbox(user.email)).length;
  const link = (await call('POST', `/admin/users/${user.id}/reset-link`)) as { url: string | null };
  if (link.url) throw new Error('the admin was shown the reset link: it was not e-mailed');
  await expect.poll(async () => (await mailbox(user.email)).length).toBeGreaterThan(before);
  return linkFromMail(user.email);
}

/**
 * Puts the office's two-step policy back to its default (nobody, on a TEST credential) in the console's store: the
 * journeys after one that changed it sign in without an app, even when that journey stopped half-way.
 */
export async function resetSignInPolicy(): Promise<void> {
  const db = await openDatabase(env.serverEnv.DATABASE_URL, { readers: 1 });
  try {
    await db.deleteFrom('office_settings').where('name', '=', 'sign_in.two_factor').execute();
  } finally {
    await closeDatabase(db);
  }
}

/** Makes a person's sign-in proofs older than five minutes, in the console's store, as time would. */
export async function ageProofs(userId: string): Promise<void> {
  const db = await openDatabase(env.serverEnv.DATABASE_URL, { readers: 1 });
  try {
    await db
      .updateTable('sessions')
      .set((eb) => ({ proved_at: eb('proved_at', '-', 6 * 60_000) }))
      .where('user_id', '=', userId)
      .execute();
  } finally {
    await closeDatabase(db);
  }
}

/**
 * Chromium's own virtual authenticator on this page (CDP `WebAuthn`): a platform authenticator that keeps
 * discoverable credentials and verifies the user, as a laptop's fingerprint reader does. The console's pages make and
 * use passkeys with it exactly as with a real one.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** Signs in with any email and password, then waits for the shell. */
export async function signInAs(page: Page, who: { email: string; password: string }, path = '/flights') {
  await page.goto(path);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

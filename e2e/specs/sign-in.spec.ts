import { DEMO, expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

test('the demo agent signs in, sees the TEST badge, and signs out', async ({ page }) => {
  await signIn(page, 'agent');
  await expect(page.getByRole('heading', { name: 'Flights' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Environment: TEST')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account: Demo Agent' })).toBeVisible();
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Booking console' })).toBeVisible();
  await expectAccessible(page, 'sign-in');
  await page.goto('/flights');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fflights/);
});

test('a wrong password is refused in plain words', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(DEMO.agent.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('The email or password is wrong.');
});

test('signing in from a deep link returns the agent to where they were going', async ({ page }) => {
  await page.goto('/flights?from=LON&to=PAR&depart=2030-01-10&adults=1&children=0&infants=0&cabin=economy');
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.getByLabel('Email').fill(DEMO.agent.email);
  await page.getByLabel('Password').fill(DEMO.agent.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/flights\?from=LON&to=PAR/);
});

test('when the sign-in ends mid-task, the agent signs in again and returns to the same screen', async ({
  page,
  context,
}) => {
  await signIn(page, 'agent', '/flights');
  await expect(page.getByRole('heading', { name: 'Flights' })).toBeVisible();
  const url = `/flights?from=LHR&to=DUB&depart=${new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10)}&adults=1&children=0&infants=0&cabin=economy`;
  // The shell reads the wallet's alert and the radar once the first screen has settled (then each only once a
  // minute); after both, what meets the ended sign-in is the agent's own click (a background read meeting it first
  // sends them to sign in just the same).
  const shellReads = Promise.all(
    ['/api/wallet/alert', '/api/bookings/radar'].map((path) =>
      page.waitForResponse((r) => new URL(r.url()).pathname === path),
    ),
  );
  await page.goto(url);
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 20_000 });
  await shellReads;
  await context.clearCookies();
  // Whatever meets the ended sign-in first — the agent's own click or a read the page makes by itself — leads to the
  // sign-in page with the way back: the outcome is the same either way, so the clicks may find the page gone.
  const clicks = (async () => {
    await page
      .getByRole('button', { name: /^Details of / })
      .first()
      .click({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Show fare conditions' }).click({ timeout: 15_000 });
  })();
  await Promise.race([page.waitForURL(/\/sign-in\?expired=1&next=/), clicks.catch(() => undefined)]);
  await expect(page).toHaveURL(/\/sign-in\?expired=1&next=/);
  await clicks.catch(() => undefined);
  // The address changes before the sign-in screen has drawn (its code may still be loading, the last screen shown
  // meanwhile): wait for its message itself.
  await expect(page.getByRole('status').filter({ hasText: 'Your sign-in ended' })).toBeVisible();
  await page.getByLabel('Email').fill(DEMO.agent.email);
  await page.getByLabel('Password').fill(DEMO.agent.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${url.replace(/[?]/g, '\\?')}$`));
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 20_000 });
});

test('a browser with no sign-in opens the sign-in screen without asking who is signed in, so nothing is refused in its console', async ({
  page,
}) => {
  const asked: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/me') asked.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/flights');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fflights/);
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

test('a sign-in ended elsewhere leaves no trace: the screen asks once, is refused, sends the agent to sign in, and asks no more', async ({
  page,
  context,
}) => {
  await signIn(page, 'agent', '/flights');
  await expect(page.getByRole('heading', { name: 'Flights' })).toBeVisible();
  // The console's tab is left, then the session is gone (ended on another device, say); the cookie that says there is
  // one is still here. (A console still open could meet the ended sign-in first, by a read of its own, and forget that
  // cookie: the page opened next would then rightly ask nothing. The journey below follows that way.)
  // (Over HTTPS, and on localhost, which Chromium counts as secure, the cookies carry the `__Host-` prefix.)
  await page.goto('about:blank');
  await context.clearCookies({ name: /^(__Host-)?console_session$/ });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/me') asked.push(request.url());
  });
  await page.goto('/bookings');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fbookings/);
  expect(asked).toHaveLength(1);
  expect((await context.cookies()).map((cookie) => cookie.name).join(' ')).not.toContain('console_signed_in');
  await page.reload();
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(asked).toHaveLength(1);
});

test('a read that meets a sign-in ended elsewhere sends the agent to sign in without asking who is signed in again', async ({
  page,
  context,
}) => {
  await signIn(page, 'agent', '/flights');
  await expect(page.getByRole('heading', { name: 'Flights' })).toBeVisible();
  await context.clearCookies({ name: /^(__Host-)?console_session$/ });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/me') asked.push(request.url());
  });
  // The agent opens the bookings: the list's read is refused (or a read the shell makes by itself is, first, and the
  // click finds the page gone). Either way the refusal said it all: the sign-in page, and no /api/me to be refused.
  const click = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Bookings' })
    .click({ timeout: 15_000 });
  await Promise.race([page.waitForURL(/\/sign-in\?expired=1&next=/), click.catch(() => undefined)]);
  await expect(page).toHaveURL(/\/sign-in\?expired=1&next=/);
  await click.catch(() => undefined);
  await expect(page.getByRole('status').filter({ hasText: 'Your sign-in ended' })).toBeVisible();
  expect((await context.cookies()).map((cookie) => cookie.name).join(' ')).not.toContain('console_signed_in');
  // Whatever the page asked before it was left is counted by now.
  await page.reload();
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(asked).toEqual([]);
});

test('signing out leaves no way back for whoever signs in next on this browser', async ({ page }) => {
  await signIn(page, 'admin', '/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  // The next person lands on their own start, not on the admin's screen.
  await page.getByLabel('Email').fill(DEMO.agent.email);
  await page.getByLabel('Password').fill(DEMO.agent.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Flights' })).toBeVisible();
  await expect(page).toHaveURL(/\/flights$/);
});

test('the way back of a sign-in that ended is followed only for the person it was for', async ({
  page,
  context,
}) => {
  await signIn(page, 'admin', '/admin/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await context.clearCookies({ name: /^(__Host-)?console_session$/ });
  // The admin's next click, or a read the page makes by itself, meets the ended sign-in: the sign-in page, with the
  // way back (the click may find the page gone).
  const click = page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Audit log' })
    .click({ timeout: 15_000 });
  await Promise.race([page.waitForURL(/\/sign-in\?expired=1&next=/), click.catch(() => undefined)]);
  await expect(page).toHaveURL(/\/sign-in\?expired=1&next=%2Fadmin%2F/);
  await click.catch(() => undefined);
  await expect(page.getByRole('status').filter({ hasText: 'Your sign-in ended' })).toBeVisible();
  // Someone else signs in at this browser: their own start.
  await page.getByLabel('Email').fill(DEMO.agent.email);
  await page.getByLabel('Password').fill(DEMO.agent.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Flights' })).toBeVisible();
  await expect(page).toHaveURL(/\/flights$/);
});

test('a sign-in address with a way back that this tab did not make is not followed', async ({ page }) => {
  // A link or a bookmark made for someone else's sign-in, opened afresh.
  await page.goto('/sign-in?expired=1&next=%2Fadmin%2Faudit');
  await page.getByLabel('Email').fill(DEMO.admin.email);
  await page.getByLabel('Password').fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Flights' })).toBeVisible();
  await expect(page).toHaveURL(/\/flights$/);
});

import type { Page } from '@playwright/test';
import {
  createUser,
  expect,
  expectAccessible,
  flightSearchUrl,
  mailbox,
  sandbox,
  signInAs,
  test,
} from '../support/fixtures.ts';
import { fillContact, fillPassenger, searchAndWait, selectFirstOffer } from '../support/flights.ts';
import { holdActivity } from '../support/holds.ts';

/**
 * The watch (decision 037): the service moves bookings by itself and tells no one; the console reads them again and
 * what an agent must act on reaches that agent. Each journey has an agent of its own, so its list starts empty.
 * Where time must pass, the sandbox's clock moves; the watch's rounds (every second in these runs) are waited for by
 * polling the API, never by a sleep.
 */

/** How many changes wait for the signed-in person, as the top bar asks. */
async function openChanges(page: Page): Promise<number> {
  const response = await page.request.get('/api/changes/count');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { open: number }).open;
}

/** The list's results bar. */
const results = (page: Page) => page.locator('.results-bar');
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a ticketed flight left alone reads ticketed on the desk; the airline moves it, and the change reaches its agent on the Changes list, the top bar and the booking page, where it is handled with a note', async ({
  page,
  advanceServiceClock,
}) => {
  test.setTimeout(120_000);
  const agent = await createUser('Watch Agent');
  await signInAs(page, agent, '/changes');
  await expect(page.getByRole('heading', { name: 'Changes', level: 1 })).toBeVisible();
  await expect(results(page)).toContainText('Nothing to act on');

  await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 30, adults: 1 }));
  await selectFirstOffer(page);
  await fillPassenger(page, 1, 'Wanda', 'Watch', '1981-03-04');
  await fillContact(page);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
  const orderPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: /^Ticket · / }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Ticket for/ })
    .click();
  await expect(page.getByText('Ticketing started')).toBeVisible();

  // The agent leaves for the desk before the airline is done; the airline takes its time (a minute of the service's
  // clock covers both profiles). Nobody opens the order again: the watch reads it and the desk says ticketed.
  await page.goto('/bookings');
  await advanceServiceClock(60);
  const row = page.getByRole('region', { name: 'Bookings found' }).getByRole('row').nth(1);
  await expect(async () => {
    await page.reload();
    await expect(row.locator('.status-pill')).toHaveText('ticketed', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('read ');
  expect(await openChanges(page)).toBe(0);

  // The airline moves the flight a day later and tells no one. An hour on, the watch reads the order again.
  const orderId = decodeURIComponent(orderPath.split('/').pop() ?? '');
  await sandbox(`/flights/orders/${encodeURIComponent(orderId)}/schedule`, { days: 1 });
  await advanceServiceClock(61 * 60);
  await expect.poll(() => openChanges(page), { timeout: 30_000 }).toBe(1);

  // The agent is e-mailed at once, through the office's mail server: the booking, and the new time as the service
  // wrote it (by its own names on a service whose segments have a shape of their own).
  const changed = (await (
    await page.request.get(`/api/changes?booking=${encodeURIComponent(orderId)}`)
  ).json()) as {
    data: Array<{
      after: { segments?: Array<{ departing_at: string | null; as_written?: Record<string, unknown> }> };
    }>;
  };
  const now = changed.data[0]?.after.segments?.[0];
  const departs = String(
    now?.departing_at ?? Object.entries(now?.as_written ?? {}).find(([key]) => /depart/i.test(key))?.[1],
  );
  const reference = (
    await page.request.get(`/api/bookings?ids=${encodeURIComponent(orderId)}`).then((r) => r.json())
  ).data[0].reference as string;
  const mails = async () => (await mailbox(agent.email)).filter((m) => m.includes(orderId));
  await expect.poll(async () => (await mails()).length).toBe(1);
  const [mail] = await mails();
  // By its PNR where the service gave one, else by its id.
  expect(mail).toContain(`Subject: Booking ${reference ?? orderId}`);
  expect(mail).toContain(`Now: `);
  expect(mail).toContain(departs);
  expect(mail).toContain(`${orderPath}`);

  // It is on the Changes list, with its count in the top bar, nearest travel first.
  await page.goto('/changes');
  await expect(mainNav(page).getByRole('link', { name: 'Changes (1 to act on)' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Schedule change' });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(/Schedule change|changed the itinerary/);
  await expect(card.getByRole('columnheader', { name: 'Was' })).toBeVisible();
  await expect(card.getByRole('columnheader', { name: 'Now' })).toBeVisible();
  await expectAccessible(page, 'changes list');

  // The booking's page shows it too, and the agent marks it handled there with what was done.
  await card.getByRole('link', { name: /^Flight / }).click();
  await expect(page).toHaveURL(new RegExp(`${orderPath}$`));
  const changes = page.getByRole('region', { name: 'Changed by itself: 1 to act on' });
  await expect(changes.getByRole('article', { name: 'Schedule change' })).toBeVisible();
  await expectAccessible(page, 'order page with a change');
  await changes.getByLabel('What you did (optional)').fill('Told Wanda; she takes the new times.');
  await changes.getByRole('button', { name: 'Mark handled' }).click();
  const handled = page.getByRole('region', { name: 'Changes, handled' });
  await handled.getByText('1 handled change').click();
  await expect(handled).toContainText('Told Wanda; she takes the new times.');
  await expect(mainNav(page).getByRole('link', { name: 'Changes', exact: true })).toBeVisible();

  // The list keeps it among the handled ones, the filter in the URL.
  await page.goto('/changes');
  await expect(results(page)).toContainText('Nothing to act on');
  await page.getByLabel('Show').selectOption('Handled');
  await expect(page).toHaveURL(/view=handled/);
  await expect(page.getByRole('article', { name: 'Schedule change' })).toContainText(
    `by ${agent.email}: Told Wanda; she takes the new times.`,
  );
});

test('a hold that lapses unpaid reaches its agent as a change, and the agent chooses how to hear of changes by e-mail', async ({
  page,
  advanceServiceClock,
}) => {
  const agent = await createUser('Lapse Agent');
  await signInAs(page, agent, '/account');

  // By e-mail at once, a daily digest, or not at all: saved when chosen, there after a reload.
  const emails = page.getByRole('region', { name: 'E-mails about your bookings’ changes' });
  await expect(emails.getByRole('radio', { name: /^At once/ })).toBeChecked();
  await emails.getByRole('radio', { name: /^A daily digest/ }).check();
  await expect(emails.getByRole('status')).toHaveText('Saved.');
  await page.reload();
  await expect(emails.getByRole('radio', { name: /^A daily digest/ })).toBeChecked();

  await holdActivity(page, 'lapse.visitor@example.com');
  // Half an hour on, the hold has lapsed unpaid; the running clocks' round reads it and records the change.
  await advanceServiceClock(31 * 60);
  await expect.poll(() => openChanges(page), { timeout: 30_000 }).toBe(1);
  await page.goto('/changes?product=activity');
  const card = page.getByRole('article', { name: 'Hold lapsed' });
  await expect(card).toContainText('The hold lapsed unpaid');
  await expect(card.getByRole('link', { name: /^Activity / })).toBeVisible();
  await page.getByLabel('Product').selectOption('Hotel');
  await expect(results(page)).toContainText('Nothing to act on');

  // On a phone the count is on the Menu button, in sight while the destinations are put away; the page is no
  // wider than the screen.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/changes');
  await expect(mainNav(page).getByRole('button', { name: 'Menu (1 to act on)' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBe(0);
});

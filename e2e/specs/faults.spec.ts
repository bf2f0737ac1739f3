import { env } from '../env.ts';
import { expect, flightSearchUrl, sandbox, sandboxStats, signIn, test } from '../support/fixtures.ts';
import { fillContact, fillPassenger, searchAndWait, selectFirstOffer } from '../support/flights.ts';

// The drills count injected faults exactly: the variant profile's own 429s and token revocations are paused for
// each of them (no effect on the default profile) and restored after.
let chaos: unknown = {};
test.beforeEach(async () => {
  const { variant_rate_limit_every, variant_revoke_every } = await sandbox('/settings', {});
  chaos = { variant_rate_limit_every, variant_revoke_every };
  await sandbox('/settings', { variant_rate_limit_every: 0, variant_revoke_every: 0 });
});

test.afterEach(async () => {
  await fetch(`${env.sandboxUrl}/_sandbox/faults`, { method: 'DELETE' });
  await sandbox('/settings', chaos);
});

test('a booking whose answer is lost every time the console asks is reconciled with the same key and made once', async ({
  agentPage: page,
  browser,
}) => {
  await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 55, adults: 1 }));
  await selectFirstOffer(page);
  await fillPassenger(page, 1, 'Lost', 'Answer', '1979-03-03');
  await fillContact(page);
  await page.getByLabel('Client reference (optional)').fill('LOST-ANSWER-1');
  const before = await sandboxStats();
  // The service books, then the connection drops, for each of the console's three tries: the console answers
  // "outcome unknown", and the page asks again with the same key, which replays the booking already made.
  await sandbox('/faults', { path: '/v3/flights/orders', method: 'POST', mode: 'drop_after', count: 3 });
  // The toast is raised before the order page opens and goes after 6 s: watched for from the click on.
  const reconciled = expect(page.getByText('Booking reconciled')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: /^Hold booking/ }).click();

  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible({ timeout: 20_000 });
  await reconciled;
  expect((await sandboxStats()).flight_orders).toBe(before.flight_orders + 1);

  await page.goto('/bookings?q=LOST-ANSWER-1');
  await expect(page.getByRole('region', { name: 'Bookings found' }).getByRole('status')).toHaveText(
    '1 booking',
  );

  const admin = await browser.newPage();
  await signIn(admin, 'admin', '/admin/audit?result=reconciled');
  const rows = admin.getByRole('row').filter({ hasText: 'flight.order.create' });
  await expect(rows).toHaveCount(1);
  await admin.goto('/admin/audit?result=unknown&action=flight.order.create');
  await expect(admin.getByRole('row').filter({ hasText: 'flight.order.create' })).toHaveCount(1);
  await admin.close();
});

test('a search stream cut mid-way keeps the offers found, says so, and searches again on request', async ({
  agentPage: page,
}) => {
  await sandbox('/faults', { path: '/v3/flights/searches/stream', mode: 'cut_stream', after_events: 1 });
  await page.goto(flightSearchUrl({ from: 'LHR', to: 'JFK', inDays: 60, adults: 1 }));
  const problem = page.getByRole('alert').filter({ hasText: 'The search ran into a problem' });
  await expect(problem).toContainText('stopped before it finished');
  await expect(page.getByRole('button', { name: /^Select / }).first()).toBeVisible();
  await problem.getByRole('button', { name: 'Search again' }).click();
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 20_000 });
  await expect(problem).toHaveCount(0);
});

test('a service that keeps failing a read gets a clear message and a working "Try again"', async ({
  agentPage: page,
}) => {
  // Enough failures for every try: the page's own two retries, each with the console's three.
  await sandbox('/faults', { path: '/v3/activities/products', mode: 'status', status: 503, count: 9 });
  await page.goto('/activities?q=canal');
  const problem = page.getByRole('alert').filter({ hasText: 'Could not load activities' });
  await expect(problem).toContainText('Try again in a moment', { timeout: 20_000 });
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(problem).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Canal/i }).first()).toBeVisible();
});

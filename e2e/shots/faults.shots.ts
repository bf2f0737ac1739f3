import { env } from '../env.ts';
import { expect, flightSearchUrl, sandbox, test } from '../support/fixtures.ts';
import { fillContact, fillPassenger, searchAndWait, selectFirstOffer } from '../support/flights.ts';

const shot = (name: string) => `screenshots/faults-${name}.png`;

test.afterEach(async () => {
  await fetch(`${env.sandboxUrl}/_sandbox/faults`, { method: 'DELETE' });
});

test('fault screens', async ({ agentPage: page }) => {
  await sandbox('/faults', { path: '/v3/flights/searches/stream', mode: 'cut_stream', after_events: 2 });
  await page.goto(flightSearchUrl({ from: 'LHR', to: 'JFK', inDays: 60, adults: 1 }));
  await expect(page.getByRole('button', { name: 'Search again' })).toBeVisible();
  await page.screenshot({ path: shot('stream-cut') });

  await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 58, adults: 1 }));
  await selectFirstOffer(page);
  await fillPassenger(page, 1, 'Lost', 'Answer', '1979-03-03');
  await fillContact(page);
  await sandbox('/faults', { path: '/v3/flights/orders', method: 'POST', mode: 'drop_after', count: 3 });
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByText('Booking reconciled')).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: shot('reconciled') });

  await sandbox('/faults', { path: '/v3/activities/products', mode: 'status', status: 503, count: 9 });
  await page.goto('/activities?q=canal');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: shot('read-failed') });
});

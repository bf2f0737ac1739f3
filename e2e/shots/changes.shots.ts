import { createUser, expect, flightSearchUrl, sandbox, signInAs, test } from '../support/fixtures.ts';
import { fillContact, fillPassenger, searchAndWait, selectFirstOffer } from '../support/flights.ts';
import { holdActivity } from '../support/holds.ts';

const shot = (name: string, fullPage = false) => ({ path: `screenshots/${name}.png`, fullPage });

test('the watch: the changes list, the count in the top bar, a change on its booking page, the e-mail choice', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const agent = await createUser('Shots Watcher');
  await signInAs(page, agent, '/changes');
  await expect(page.locator('.results-bar')).toContainText('Nothing to act on');
  await page.screenshot(shot('changes-empty'));

  await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 30, adults: 1 }));
  await selectFirstOffer(page);
  await fillPassenger(page, 1, 'Wanda', 'Watch', '1981-03-04');
  await fillContact(page);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await page.getByRole('button', { name: /^Ticket · / }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Ticket for/ })
    .click();
  await sandbox('/clock/advance', { seconds: 60 });
  await expect(page.getByText('ticketed', { exact: true })).toBeVisible();
  await holdActivity(page, 'shots.watch@example.com');
  await sandbox(`/flights/orders/${encodeURIComponent(orderId)}/schedule`, { days: 1 });
  await sandbox('/clock/advance', { seconds: 61 * 60 });
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/changes/count')).json()) as { open: number }).open,
      {
        timeout: 30_000,
      },
    )
    .toBe(2);
  await page.goto('/changes');
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Changes (2 to act on)' })).toBeVisible();
  await page.screenshot(shot('changes-list', true));
  await page.goto('/bookings');
  await expect(page.getByRole('region', { name: 'Bookings found' })).toBeVisible();
  await page.screenshot(shot('changes-desk-read'));
  await page.goto(`/flights/orders/${encodeURIComponent(orderId)}`);
  await expect(page.getByRole('article', { name: 'Schedule change' })).toBeVisible();
  await page.screenshot(shot('changes-on-order', true));
  await page.goto('/account');
  await expect(page.getByRole('radio', { name: /^At once/ })).toBeChecked();
  await page.getByRole('region', { name: 'E-mails about your bookings’ changes' }).scrollIntoViewIfNeeded();
  await page.screenshot(shot('changes-email-choice'));
});

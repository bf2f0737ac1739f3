import { expect, flightSearchUrl, signIn, test } from '../support/fixtures.ts';
import { searchAndWait, selectFirstOffer } from '../support/flights.ts';
import { holdFlight } from '../support/holds.ts';

const shot = (name: string, fullPage = false) => ({ path: `screenshots/${name}.png`, fullPage });

test('service fees, client prices and the office’s reports', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin', '/admin/pricing');
  const form = admin.getByRole('form', { name: 'Add a fee rule' });
  await form.getByLabel('Percent of the net').fill('5');
  await form.getByLabel('Fixed amount (USD)').fill('3');
  await form.getByLabel('Fixed amount is').selectOption('passenger');
  await form.getByRole('button', { name: 'Add the rule' }).click();
  await expect(admin.getByRole('region', { name: 'Rules' })).toContainText('Flights (every booking)');
  await admin.screenshot(shot('pricing', true));
  await signIn(page, 'agent', '/flights');
  await holdFlight(page, 63);
  await expect(page.getByRole('region', { name: 'What the client pays' })).toBeVisible();
  await page.screenshot(shot('order-client-price'));
  await page.goto('/bookings');
  await page.screenshot(shot('desk-margin'));
  await admin.goto('/admin/reports');
  await expect(admin.locator('.report-chart canvas')).toBeVisible();
  await admin.screenshot(shot('reports', true));
  const rules = admin.getByRole('region', { name: 'Rules' });
  await admin.goto('/admin/pricing');
  await rules.getByRole('button', { name: 'Remove' }).first().click();
  await admin.getByRole('button', { name: 'Remove', exact: true }).last().click();
});

test('a quote: gathering, the quote page', async ({ page }) => {
  await signIn(page, 'agent', '/flights');
  await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 67, adults: 1 }));
  await selectFirstOffer(page);
  await page.getByRole('button', { name: 'Add to a quote' }).click();
  await page.screenshot(shot('book-add-to-quote'));
  await page.goto('/quotes');
  const form = page.getByRole('form', { name: 'New quote' });
  await form.getByLabel("Client's name").fill('Noor Haddad');
  await page.screenshot(shot('quotes-new', true));
  await form.getByRole('button', { name: /^Make the quote/ }).click();
  await expect(page.getByRole('heading', { name: 'Quote for Noor Haddad' })).toBeVisible();
  await page.screenshot(shot('quote', true));
});

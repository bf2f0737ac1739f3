import { expect, signIn, test } from '../support/fixtures.ts';
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
  await expect(page.getByRole('region', { name: 'Client price' })).toBeVisible();
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

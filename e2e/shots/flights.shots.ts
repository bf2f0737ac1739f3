import { expect, flightSearchUrl, test } from '../support/fixtures.ts';

const shot = (name: string) => ({ path: `screenshots/${name}.png`, fullPage: false });

test('flight screens', async ({ agentPage: page }) => {
  await page.screenshot(shot('flights-empty'));
  await page.goto(flightSearchUrl({ from: 'LON', to: 'PAR', inDays: 30, adults: 2 }));
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 20_000 });
  await page.screenshot(shot('flights-results'));
  await page.getByRole('combobox', { name: 'From' }).fill('rom');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.screenshot(shot('flights-combobox'));
  await page.keyboard.press('Escape');
  await page
    .getByRole('article')
    .first()
    .getByRole('button', { name: /^Details of / })
    .click();
  await page.getByRole('button', { name: 'Show fare conditions' }).click();
  await page.screenshot(shot('flights-offer-detail'));
  await page.getByRole('button', { name: 'Select this offer' }).click();
  const accept = page.getByRole('button', { name: /^Accept the new/ });
  await expect(page.getByRole('form', { name: 'Passengers and contact' }).or(accept)).toBeVisible();
  if (await accept.isVisible()) await accept.click();
  await page.screenshot(shot('flights-booking-form'));
});

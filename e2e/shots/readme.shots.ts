import { expect, flightSearchUrl, signIn, test } from '../support/fixtures.ts';

// The README's picture (docs/images/console.png, committed): an admin's flight results at 1366x768, the most common
// office laptop, with the whole top bar.
test('the README picture', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin', '/flights');
  await page.goto(flightSearchUrl({ from: 'LON', to: 'PAR', inDays: 30, adults: 2 }));
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: '../docs/images/console.png' });
});

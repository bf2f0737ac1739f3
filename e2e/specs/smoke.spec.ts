import { expect, test } from '@playwright/test';

// Proves the browser setup itself: Chromium starts headless with our flags and Playwright reads the page by role.
// Replaced by the console's own journeys as the screens land.
test('Chromium renders a page that Playwright can read by role and label', async ({ page }) => {
  await page.setContent(`
    <main>
      <h1>Booking console</h1>
      <label>Origin <input name="origin" /></label>
      <button type="button" onclick="document.querySelector('output').textContent = 'Searching'">Search</button>
      <output></output>
    </main>`);
  await expect(page.getByRole('heading', { name: 'Booking console' })).toBeVisible();
  await page.getByLabel('Origin').fill('LHR');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status')).toHaveText('Searching');
});

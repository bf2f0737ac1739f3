import { expect, signIn, test } from '../support/fixtures.ts';

// The top bar with all eight destinations (an admin): at a small laptop and the common office laptop (one line), at
// 1024 and 800 px (the destinations on a line of their own) and on a phone.
for (const [width, height] of [
  [1280, 720],
  [1366, 768],
  [1024, 768],
  [800, 600],
  [412, 823],
] as const) {
  test(`the top bar at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, 'admin', '/bookings');
    await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
    await page.screenshot({
      path: `screenshots/topbar-${width}.png`,
      clip: { x: 0, y: 0, width, height: 160 },
    });
    if (width !== 1366) return;
    await page.getByRole('button', { name: /^Account: / }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.screenshot({
      path: 'screenshots/topbar-account.png',
      clip: { x: width - 400, y: 0, width: 400, height: 200 },
    });
  });
}

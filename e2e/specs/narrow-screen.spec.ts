import { expect, flightSearchUrl, test } from '../support/fixtures.ts';
import { parisUrl } from '../support/hotels.ts';

// A phone held upright (Lighthouse's mobile screen): the console lays itself out in one column.
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

test('on a phone-wide screen every main screen fits the width: nothing to scroll sideways but the menu', async ({
  agentPage: page,
}) => {
  const fits = async (what: string) => {
    await expect
      .poll(
        () =>
          page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        { message: `${what} is wider than the screen` },
      )
      .toBe(0);
  };
  await page.goto(flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 30 }));
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 20_000 });
  const offer = page.locator('article.offer').first();
  // An offer's row holds all it shows: its price and buttons beside the airline, its flight beneath.
  await expect(offer.getByRole('button', { name: /^Select / })).toBeVisible();
  expect(await offer.evaluate((row) => row.scrollHeight - row.clientHeight)).toBeLessThanOrEqual(0);
  await fits('flight results');

  await page.goto(parisUrl('2'));
  await expect(page.getByRole('link', { name: /^See rooms at / }).first()).toBeVisible();
  await fits('hotel results');
  await page
    .getByRole('link', { name: /^See rooms at / })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /^Rates for/ })).toBeVisible();
  await fits('a hotel and its rates');

  for (const [path, heading] of [
    ['/activities', 'Activities'],
    ['/bookings', 'Bookings'],
    ['/radar', 'Deadline radar'],
    ['/travellers', 'Travellers'],
    ['/trips', 'Trips'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await fits(path);
  }
  // The menu scrolls on its own line and every screen is still one tap away.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Travellers' }).click();
  await expect(page.getByRole('heading', { name: 'Travellers', level: 1 })).toBeVisible();
});

import { expect, flightSearchUrl, sandbox, test } from '../support/fixtures.ts';
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

test('on a phone, a flight search’s controls stay where they are while its offers stream in and when it ends', async ({
  agentPage: page,
}) => {
  // Batches 1.5 s apart: the search is seen under way, with offers and its providers counted, before it ends.
  await sandbox('/settings', { stream_interval_ms: 1500 });
  try {
    await page.goto(flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 33 }));
    const status = page.getByRole('status').filter({ hasText: /Still searching/ });
    // On a phone the filters are a button above the list that opens them in a sheet.
    const filters = page.getByRole('button', { name: /^Filters/ });
    // Nothing found yet: the filters' button waits, so the first offers do not push it down the screen. Read in one
    // look at the page, as the first offers may come at any moment between two reads.
    await expect(status).toBeVisible();
    const filtersWaitWhileNothingShown = await page.evaluate(
      () =>
        document.querySelector('article') !== null ||
        !Array.from(document.querySelectorAll('button')).some((b) => b.textContent?.startsWith('Filters')),
    );
    expect(filtersWaitWhileNothingShown).toBe(true);
    await expect(status).toContainText(/providers\)/);
    await expect(page.getByRole('article').first()).toBeVisible();
    const sort = page.getByLabel('Sort by');
    const under = await sort.boundingBox();
    await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({
      timeout: 20_000,
    });
    // The status line's words went from two lines to one; the sort under it did not move.
    expect(Math.abs(((await sort.boundingBox())?.y ?? 0) - (under?.y ?? -100))).toBeLessThanOrEqual(1);
    await expect(filters).toBeVisible();
  } finally {
    await sandbox('/settings', { stream_interval_ms: 250 });
  }
});

import { expect, fillDate, flightSearchUrl, inDays, sandbox, test } from '../support/fixtures.ts';
import { searchAndWait } from '../support/flights.ts';
import { glimpse } from '../support/glimpse.ts';

test('an agent searches flights and watches offers stream in, then sorts and filters them in the URL', async ({
  agentPage: page,
}) => {
  await page.getByRole('combobox', { name: 'From' }).fill('lond');
  await page.getByRole('option', { name: /London \(all airports\) \(LON\)/ }).click();
  await page.getByRole('combobox', { name: 'To' }).fill('paris');
  await page.getByRole('option', { name: /Paris \(all airports\) \(PAR\)/ }).click();
  await page.getByText('One way', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'One way' })).toBeChecked();
  const depart = inDays(30);
  const [year, month, day] = depart.split('-');
  // Typed as a keyboard user types a date in en-US: month, day, year (decision 049).
  await page.getByLabel('Depart').pressSequentially(`${month}/${day}/${year}`);
  await expect(page.getByLabel('Depart')).toHaveAttribute('data-date', depart);
  // The search streams for about a second here: "Still searching" is watched for on every frame from the click on.
  const searching = glimpse(page, 'status', 'Still searching');
  await page.getByRole('button', { name: 'Search flights' }).click();

  await searching;
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`from=LON&to=PAR&depart=${depart}`));

  await page
    .getByRole('complementary', { name: 'Filters' })
    .getByRole('checkbox', { name: /^Direct/ })
    .click();
  await expect(page).toHaveURL(/stops=0/);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('checkbox', { name: /^Direct/ })).toBeChecked();
  await expect(page.getByRole('article').first()).toContainText('Direct');
});

test('an agent searches a multi-city trip and gets offers that fly every leg', async ({
  agentPage: page,
}) => {
  await page.getByText('Multi-city', { exact: true }).click();
  const pick = async (label: string, text: string, option: RegExp) => {
    await page.getByRole('combobox', { name: label }).fill(text);
    await page.getByRole('option', { name: option }).click();
  };
  await pick('Flight 1 from', 'paris', /Paris \(all airports\) \(PAR\)/);
  await pick('Flight 1 to', 'rome', /Rome \(all airports\) \(ROM\)/);
  // Each day read once: the address is checked against the days typed, whatever the time when it is checked.
  const [firstDay, secondDay] = [inDays(30), inDays(34)];
  await fillDate(page.getByLabel('Flight 1 date'), firstDay);
  await expect(page.getByRole('combobox', { name: 'Flight 2 from' })).toHaveValue(/ROM/);
  await pick('Flight 2 to', 'madrid', /Madrid.*\(MAD\)/);
  await fillDate(page.getByLabel('Flight 2 date'), secondDay);
  await page.getByRole('button', { name: 'Search flights' }).click();
  await expect(page).toHaveURL(new RegExp(`legs=PAR-ROM-${firstDay}%2CROM-MAD-${secondDay}`));
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 20_000 });
  const first = page.getByRole('article').first();
  await expect(first).toContainText(/FCO|CIA/);
  await expect(first).toContainText('MAD');
});

test('offers the agent is reading stay put while later batches arrive', async ({ agentPage: page }) => {
  // Batches 6 s apart: the place read is taken while later ones are still to come, however slow the machine.
  test.setTimeout(120_000);
  await sandbox('/settings', { stream_interval_ms: 6000 });
  try {
    await page.goto(
      `/flights?from=LON&to=NYC&depart=${inDays(45)}&return=${inDays(52)}&adults=1&children=0&infants=0&cabin=economy`,
    );
    const list = page.getByRole('region', { name: 'Offers' });
    await expect(list.getByRole('article').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Still searching' })).toBeVisible();
    // The list is on the page's own scroll: the agent scrolls the page a thousand pixels into it, the pointer over it.
    await list.hover();
    await list.evaluate((element) =>
      window.scrollTo({
        top: element.getBoundingClientRect().top + window.scrollY + 1000,
        behavior: 'instant',
      }),
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    // The row at the top of the screen, under the sticky top bar, and where it is.
    const topOf = () =>
      page.evaluate(() => {
        const bar = Number.parseFloat(
          getComputedStyle(document.documentElement).getPropertyValue('--topbar-height'),
        );
        const row = Array.from(document.querySelectorAll('article')).find(
          (a) => a.getBoundingClientRect().bottom > bar + 1,
        );
        return {
          label: row?.getAttribute('aria-label') ?? '',
          index: Number(row?.parentElement?.dataset.index ?? -1),
          top: Math.round(row?.getBoundingClientRect().top ?? 0),
        };
      });
    const before = await topOf();
    expect(before.index).toBeGreaterThan(5);
    await expect(page.getByRole('status').filter({ hasText: 'Still searching' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({
      timeout: 60_000,
    });
    const after = await topOf();
    // The same offer is still where the agent was reading, though cheaper offers arrived above it.
    expect(after.label).toBe(before.label);
    expect(Math.abs(after.top - before.top)).toBeLessThanOrEqual(2);
    expect(after.index).toBeGreaterThan(before.index);
  } finally {
    await sandbox('/settings', { stream_interval_ms: 250 });
  }
});

test('a flight that lands on a later day says so beside its arrival time', async ({ agentPage: page }) => {
  await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'SYD', inDays: 50 }));
  // London to Sydney lands at least a day later, local time.
  const shift = page.getByRole('article').first().locator('.day-shift');
  await expect(shift).toHaveText(/^\+[12] \([12] days? later\)$/);
});

test('a number typed past what can be booked is said, not silently changed', async ({ agentPage: page }) => {
  const adults = page.getByRole('spinbutton', { name: 'Adults (12+)' });
  await adults.fill('12');
  await expect(adults).toHaveValue('9');
  await expect(page.getByText('At most 9 here: 12 was made 9.')).toBeVisible();
});

import type { Page } from '@playwright/test';
import { expect, expectAccessible, fillDate, inDays, test } from '../support/fixtures.ts';
import { searchAndWait } from '../support/flights.ts';

/** London to New York and back for two adults: cities of several airports, a dozen airlines, open jaws among them. */
const londonNewYork = (extra = '') =>
  `/flights?from=LON&to=NYC&depart=${inDays(40)}&return=${inDays(47)}&adults=2&children=0&infants=0&cabin=economy${extra}`;

const rows = (page: Page) => page.locator('article.offer');
const showing = async (page: Page) =>
  Number(
    /showing ([\d,]+)/
      .exec(
        (await page.getByRole('region', { name: 'Results' }).getByRole('status').textContent()) ?? '',
      )?.[1]
      ?.replace(/,/g, '') ?? -1,
  );
const cents = (text: string) => BigInt(text.replace(/[,.]/g, ''));

test.describe('at 1440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a dozen offers and more are read at once on the page’s own scroll, each with its flights, days, stops and the party’s price', async ({
    agentPage: page,
  }) => {
    await searchAndWait(page, londonNewYork());
    const list = page.getByRole('region', { name: 'Offers' });
    await expect(rows(page).first()).toBeVisible();
    // One scrollbar: the page's. The list is as tall as its rows and does not scroll itself.
    const scroll = await list.evaluate((element) => ({
      overflow: getComputedStyle(element).overflowY,
      inner: element.scrollHeight - element.clientHeight,
      page: document.documentElement.scrollHeight - document.documentElement.clientHeight,
    }));
    expect(['visible', 'clip']).toContain(scroll.overflow);
    expect(scroll.inner).toBeLessThanOrEqual(0);
    expect(scroll.page).toBeGreaterThan(2000);
    // The list scrolled to the top of the screen, under the top bar: twelve rows or more are wholly in view.
    await rows(page)
      .first()
      .evaluate((row) => {
        const bar = Number.parseFloat(
          getComputedStyle(document.documentElement).getPropertyValue('--topbar-height'),
        );
        window.scrollTo({ top: row.getBoundingClientRect().top + window.scrollY - bar, behavior: 'instant' });
      });
    const whole = await page.evaluate(() => {
      const bar = Number.parseFloat(
        getComputedStyle(document.documentElement).getPropertyValue('--topbar-height'),
      );
      return Array.from(document.querySelectorAll('article.offer')).filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= bar - 0.5 && box.bottom <= window.innerHeight + 0.5;
      }).length;
    });
    expect(whole).toBeGreaterThanOrEqual(12);

    const first = rows(page).first();
    // Rows the shell's j/k walk, their Select what Enter opens.
    await expect(first).toHaveAttribute('data-row');
    await expect(first).toHaveAttribute('tabindex', '-1');
    await expect(first.locator('[data-row-open]')).toHaveAccessibleName(/^Select /);
    // Flight numbers, the day each flight leaves in its airport's calendar, its time, stops and how long.
    const slice = first.locator('.offer-slice').first();
    await expect(slice.locator('.offer-flights')).toHaveText(/^[A-Z0-9]{2}\d{1,4}/);
    await expect(slice.locator('.offer-when')).toHaveText(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{2}:\d{2} [A-Z]{3}/,
    );
    await expect(slice.locator('.offer-stops')).toHaveText(/^(Direct|\d stops? [A-Z]{3})/);
    await expect(slice.locator('.offer-duration')).toHaveText(/^\d+h \d{2}m$/);
    // The total for the two, and each one's share of it, said as such and adding up to the cent.
    const price = ((await first.locator('.offer-price').textContent()) ?? '').replace(/\s+/g, ' ');
    const said = /^([\d,]+\.\d{2}) USD.*total for 2 · ([\d,]+\.\d{2}) USD each$/.exec(price);
    expect(said, price).not.toBeNull();
    expect(cents(said?.[2] ?? '0') * 2n).toBe(cents(said?.[1] ?? '1'));
    await expectAccessible(page, 'flight results');
  });

  test('filters for airports, price, trip length and airlines change the list and the link, and a reload keeps them', async ({
    agentPage: page,
  }) => {
    await searchAndWait(page, londonNewYork());
    const all = await showing(page);
    const filters = page.getByRole('complementary', { name: 'Filters' });

    // Gatwick only, at London's end: each offer leaves from it and comes back to it.
    const gatwick = filters
      .getByRole('group', { name: 'Airports for LON' })
      .getByRole('checkbox', { name: /^LGW \(\d+\)$/ });
    const gatwickCount = Number(
      /\((\d+)\)/.exec((await gatwick.locator('xpath=..').textContent()) ?? '')?.[1],
    );
    await gatwick.click();
    await expect(page).toHaveURL(/airports=LGW/);
    await expect.poll(() => showing(page)).toBe(gatwickCount);
    for (const row of await rows(page).all()) {
      await expect(row.locator('.offer-when').first()).toContainText('LGW');
      await expect(row.locator('.offer-when').last()).toContainText(/LGW$/);
    }

    // An airline, by its count.
    const airline = filters
      .getByRole('group', { name: 'Airlines' })
      .getByRole('checkbox', { name: /\([1-9]\d*\)$/ })
      .first();
    await airline.click();
    await expect(page).toHaveURL(/airlines=[A-Z0-9]{2}/);
    const airlineCount = Number(
      /\((\d+)\)$/.exec((await airline.locator('xpath=..').textContent()) ?? '')?.[1],
    );
    await expect.poll(() => showing(page)).toBe(airlineCount);
    await airline.click();
    await gatwick.click();
    await expect.poll(() => showing(page)).toBe(all);

    // A price range: nothing above the top of it is left.
    const prices = await rows(page).locator('.offer-price strong').allTextContents();
    const top = Math.floor(Number((prices[4] ?? '0').replace(/[^\d.]/g, '')));
    await filters.getByLabel('Total up to').fill(String(top));
    await expect(page).toHaveURL(new RegExp(`price_max=${top}(&|$)`));
    await expect.poll(() => showing(page)).toBeLessThan(all);
    for (const text of await rows(page).locator('.offer-price strong').allTextContents())
      expect(Number(text.replace(/[^\d.]/g, ''))).toBeLessThanOrEqual(top);

    // Trip length: the slider down by an hour from the longest.
    const length = filters.getByRole('slider');
    await length.focus();
    for (let i = 0; i < 4; i += 1) await length.press('ArrowLeft');
    await expect(page).toHaveURL(/max_minutes=\d+/);

    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({
      timeout: 20_000,
    });
    await expect(filters.getByLabel('Total up to')).toHaveValue(String(top));
    await expect(filters.getByRole('slider')).not.toHaveValue((await length.getAttribute('max')) ?? '');
  });

  test('a cell of the airline × stops grid filters the list to its airline and stops, and chosen again clears them', async ({
    agentPage: page,
  }) => {
    await searchAndWait(page, londonNewYork());
    const grid = page.getByRole('table', { name: /Lowest total by airline and stops/ });
    const cell = grid.getByRole('button', { name: /, 1 stop, from / }).first();
    const label = (await cell.getAttribute('aria-label')) ?? '';
    const [airline = '', , lowest = ''] = label.split(', ');
    await cell.click();
    await expect(cell).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/airlines=[A-Z0-9]{2}&stops=1|stops=1&airlines=[A-Z0-9]{2}/);
    // The cheapest row left is the cell's price, on its airline, with one stop.
    const first = rows(page).first();
    await expect(first.locator('.offer-airline strong')).toHaveText(airline);
    await expect(first.locator('.offer-price strong')).toHaveText(lowest.replace('from ', ''));
    await expect(first.locator('.offer-stops', { hasText: /^1 stop [A-Z]{3}$/ }).first()).toBeVisible();
    await cell.click();
    await expect(cell).toHaveAttribute('aria-pressed', 'false');
    await expect(page).not.toHaveURL(/stops=|airlines=/);
  });

  test('an open jaw, out to one New York airport and back from another, is said on its row', async ({
    agentPage: page,
  }) => {
    await searchAndWait(page, londonNewYork());
    const flagged = rows(page)
      .filter({ has: page.locator('.offer-flag', { hasText: /^Out to [A-Z]{3}, back from [A-Z]{3}/ }) })
      .first();
    await expect(flagged).toBeVisible();
    const [, out, back] =
      /Out to ([A-Z]{3}), back from ([A-Z]{3})/.exec(
        (await flagged.locator('.offer-flag').textContent()) ?? '',
      ) ?? [];
    expect(out).not.toBe(back);
    // Its flights say the same: the outbound lands at one, the return leaves from the other.
    await expect(flagged.locator('.offer-when').first()).toContainText(new RegExp(`${out}$`));
    await expect(flagged.locator('.offer-when').last()).toContainText(new RegExp(`\\d ${back} `));
  });

  test('a return date is proposed a week after the outbound date, kept in the link, and the agent may change it', async ({
    agentPage: page,
  }) => {
    const now = Date.now();
    const day = (n: number) => inDays(n, now);
    await page.goto('/flights');
    await page.getByRole('combobox', { name: 'From' }).fill('LON');
    await page
      .getByRole('option', { name: /\(LON\)/ })
      .first()
      .click();
    await page.getByRole('combobox', { name: 'To' }).fill('NYC');
    await page
      .getByRole('option', { name: /\(NYC\)/ })
      .first()
      .click();
    await fillDate(page.getByLabel('Depart'), day(30));
    await expect(page.getByRole('textbox', { name: 'Return' })).toHaveAttribute('data-date', day(37));
    // The outbound date moves: so does the return, until the agent chooses one.
    await fillDate(page.getByLabel('Depart'), day(31));
    await expect(page.getByRole('textbox', { name: 'Return' })).toHaveAttribute('data-date', day(38));
    await fillDate(page.getByRole('textbox', { name: 'Return' }), day(35));
    await fillDate(page.getByLabel('Depart'), day(32));
    await expect(page.getByRole('textbox', { name: 'Return' })).toHaveAttribute('data-date', day(35));
    await page.getByRole('button', { name: 'Search flights' }).click();
    await expect(page).toHaveURL(new RegExp(`depart=${day(32)}&return=${day(35)}`));
    // A link asking for a return with no date searches the proposed one and says it.
    await page.goto(`/flights?from=LON&to=NYC&depart=${day(40)}&return=&adults=1`);
    await expect(page).toHaveURL(new RegExp(`return=${day(47)}`));
    await expect(page.getByRole('textbox', { name: 'Return' })).toHaveAttribute('data-date', day(47));
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('nothing scrolls sideways, rows stack, the grid fits and the filters open in a sheet above the list and apply', async ({
    agentPage: page,
  }) => {
    await searchAndWait(page, londonNewYork());
    await expect(rows(page).first()).toBeVisible();
    const sideways = () =>
      page.evaluate(() => {
        const wider = Array.from(document.querySelectorAll<HTMLElement>('main *')).filter(
          (e) =>
            e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX),
        );
        return {
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          boxes: wider.length,
        };
      });
    expect(await sideways()).toEqual({ page: 0, boxes: 0 });
    // Each row holds what it shows: nothing cut off at its foot, the Select within the screen.
    const first = rows(page).first();
    expect(await first.evaluate((row) => row.scrollHeight - row.clientHeight)).toBeLessThanOrEqual(0);
    const select = await first.getByRole('button', { name: /^Select / }).boundingBox();
    expect((select?.x ?? 999) + (select?.width ?? 0)).toBeLessThanOrEqual(390);
    // The grid is a list of airlines with a column a number of stops, within the screen.
    const grid = page.getByRole('table', { name: /Lowest total by airline and stops/ });
    expect(await grid.evaluate((t) => t.getBoundingClientRect().right)).toBeLessThanOrEqual(390);

    // The filters: a button above the list, not below all the offers.
    const button = page.getByRole('button', { name: /^Filters/ });
    expect((await button.boundingBox())?.y ?? 9999).toBeLessThan((await first.boundingBox())?.y ?? 0);
    await button.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await expectAccessible(page, 'the filters sheet');
    await sheet.getByRole('checkbox', { name: /^Direct \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/stops=0/);
    await sheet.getByRole('button', { name: /^Show [\d,]+ offers$/ }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    for (const row of await rows(page).all())
      await expect(row.locator('.offer-stops').first()).toHaveText('Direct');
    expect(await sideways()).toEqual({ page: 0, boxes: 0 });
  });
});

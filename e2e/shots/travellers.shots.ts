import { expect, fillDate, flightSearchUrl, test } from '../support/fixtures.ts';
import { fillContact, fillPassenger, searchAndWait, selectFirstOffer } from '../support/flights.ts';

/** One profile per traveller (decision 043): the order page, the question on a second save, the merge, at both widths. */
const family = `Hartley${Array.from({ length: 5 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('')}`;

for (const [width, height] of [
  [1366, 768],
  [390, 844],
] as const) {
  test(`one profile per traveller at ${width} px`, async ({ agentPage: page }) => {
    const shot = (name: string, fullPage = false) => ({
      path: `screenshots/travellers-${name}-${width}.png`,
      fullPage,
    });
    await page.setViewportSize({ width, height });
    const surname = `${family}${width === 390 ? 'm' : 'd'}`;
    await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 50 }));
    await selectFirstOffer(page);
    await fillPassenger(page, 1, 'Amelia Rose', surname, '1986-07-21');
    await page
      .getByRole('group', { name: /^Passenger 1:/ })
      .getByLabel('Save passenger 1 to travellers when booked')
      .check();
    await fillContact(page);
    await page.getByRole('button', { name: /^Hold booking/ }).click();
    const passengers = page.getByRole('region', { name: 'Passengers' });
    await expect(passengers.getByRole('link', { name: /^Saved in travellers/ })).toBeVisible();
    await passengers.scrollIntoViewIfNeeded();
    await page.screenshot(shot('order-saved'));

    await page.goto('/travellers/new');
    const form = page.getByRole('form', { name: 'Traveller' });
    await form.getByLabel('Given names').fill('Amelia Rose');
    await form.getByLabel('Family name').fill(surname);
    await fillDate(form.getByLabel('Date of birth'), '1986-07-21');
    await form.getByRole('button', { name: 'Save traveller' }).click();
    await expect(page.getByRole('region', { name: 'Already in travellers' })).toBeVisible();
    await page.screenshot(shot('asked', true));
    await page.getByRole('button', { name: 'Save as a new person' }).click();
    await expect(page.getByRole('heading', { name: `Amelia Rose ${surname}` })).toBeVisible();

    await page.goto('/travellers/new');
    await form.getByLabel('Given names').fill('Amy');
    await form.getByLabel('Family name').fill(surname);
    await fillDate(form.getByLabel('Date of birth'), '1986-07-21');
    await form.getByRole('button', { name: 'Save traveller' }).click();
    await expect(page.getByRole('heading', { name: `Amy ${surname}` })).toBeVisible();
    await form.getByLabel('Given names').fill('Amelia Rose');
    await form.getByRole('button', { name: 'Save traveller' }).click();
    await expect(page.getByRole('heading', { name: `Amelia Rose ${surname}` })).toBeVisible();

    await page.goto('/travellers');
    const duplicates = page.getByRole('region', { name: 'Likely the same person' });
    await expect(duplicates).toBeVisible();
    await page.screenshot(shot('directory', true));
    await duplicates
      .getByRole('button', { name: new RegExp(`^Merge… Amelia Rose ${surname}`) })
      .first()
      .click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await page.screenshot(shot('merge'));
    await page.getByRole('button', { name: /^Keep .* and merge$/ }).click();
    await expect(page.getByRole('region', { name: 'Bookings' })).toBeVisible();
    await page.screenshot(shot('profile', true));
  });
}

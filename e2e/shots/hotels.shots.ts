import { expect, test } from '../support/fixtures.ts';
import { chooseFirstRate, fillGuests, parisUrl, status } from '../support/hotels.ts';

const shot = (name: string) => ({ path: `screenshots/${name}.png`, fullPage: false });

test('hotel screens', async ({ agentPage: page }) => {
  await page.goto(`${parisUrl('2,1')}&f.stars=4,5&sort=price`);
  await expect(status(page)).toContainText('properties');
  await page.screenshot(shot('hotels-results'));
  await page
    .getByRole('link', { name: /^See rooms at / })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /^Rates for/ })).toBeVisible();
  await page.screenshot(shot('hotels-hotel'));
  await chooseFirstRate(page);
  await page.screenshot(shot('hotels-book'));
  await fillGuests(page, [
    { room: 1, guest: 1 },
    { room: 1, guest: 2 },
    { room: 2, guest: 1 },
  ]);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Hotel order/ })).toBeVisible();
  await page.screenshot(shot('hotels-order'));
  await page.getByRole('button', { name: 'Cancel booking…' }).click();
  await expect(page.getByText('This quote holds for')).toBeVisible();
  await page.screenshot(shot('hotels-cancel-quote'));
});

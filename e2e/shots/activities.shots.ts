import {
  chooseAndContinue,
  fillCustomer,
  fillShowcaseTraveller,
  openProduct,
  pickFirstDate,
  SHOWCASE,
} from '../support/activities.ts';
import { expect, test } from '../support/fixtures.ts';

const shot = (name: string, fullPage = false) => ({ path: `screenshots/${name}.png`, fullPage });

test('activity screens', async ({ agentPage: page }) => {
  await page.goto('/activities');
  await expect(page.getByRole('region', { name: 'Activities found' }).getByRole('status')).toContainText(
    'shown',
  );
  await page.screenshot(shot('activities-list'));
  await openProduct(page, 'louvre', 'Louvre Museum: Timed Entry Ticket');
  await pickFirstDate(page);
  await page.getByRole('radio', { name: '11:00' }).click();
  await page.getByLabel('Adults').fill('2');
  await page.getByRole('heading', { name: 'Date' }).scrollIntoViewIfNeeded();
  await page.screenshot(shot('activities-product'));
  await page.screenshot(shot('activities-product-full', true));

  await openProduct(page, 'showcase', SHOWCASE);
  await chooseAndContinue(page, { slot: '09:00', adults: 2 });
  await page.screenshot(shot('activities-form-top'));
  await fillShowcaseTraveller(page, 'Adult 1', 'bad');
  await fillCustomer(page);
  await page.getByRole('button', { name: 'Hold booking' }).click();
  await page.screenshot(shot('activities-form-errors'));
  await page.screenshot(shot('activities-form-full', true));

  await openProduct(page, 'louvre', 'Louvre Museum: Timed Entry Ticket');
  await chooseAndContinue(page, { slot: '11:00', adults: 2 });
  await fillCustomer(page);
  await page.getByRole('button', { name: 'Hold booking' }).click();
  await expect(page.locator('.status-pill')).toHaveText('held');
  await page.screenshot(shot('activities-booking-held'));
  await page.getByRole('button', { name: /^Confirm ·/ }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Confirm for/ })
    .click();
  await expect(page.locator('.status-pill')).toHaveText('issued', { timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Vouchers' }).getByRole('row')).toHaveCount(3);
  await page.screenshot(shot('activities-booking-issued'));
  await page.getByRole('link', { name: 'All activity bookings' }).click();
  await expect(page.getByRole('region', { name: 'Bookings' }).getByRole('row').nth(1)).toBeVisible();
  await page.screenshot(shot('activities-bookings'));
});

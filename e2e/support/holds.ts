import type { Page } from '@playwright/test';
import { chooseAndContinue, fillCustomer, openProduct } from './activities.ts';
import { expect, flightSearchUrl } from './fixtures.ts';
import { fillContact, fillPassenger, searchAndWait, selectFirstOffer } from './flights.ts';
import { chooseFirstRate, fillGuests, openFirstHotel } from './hotels.ts';

/** Holds a flight (LHR → CDG, one adult) and lands on its order page. */
export async function holdFlight(page: Page, inDays = 50, countedFrom = Date.now()) {
  await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'CDG', inDays, adults: 1, countedFrom }));
  await selectFirstOffer(page);
  await fillPassenger(page, 1, 'Radar', 'Flyer', '1980-02-02');
  await fillContact(page);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
}

/** Holds the first Paris hotel's first rate for one guest and lands on its order page. */
export async function holdHotel(page: Page) {
  await openFirstHotel(page, '1');
  await chooseFirstRate(page);
  await fillGuests(page, [{ room: 1, guest: 1 }]);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Hotel order/ })).toBeVisible();
}

/** Holds a Louvre entry at 09:00 for one adult and lands on its booking page. */
export async function holdActivity(page: Page, email = 'radar.visitor@example.com') {
  await openProduct(page, 'louvre', 'Louvre Museum: Timed Entry Ticket');
  await chooseAndContinue(page, { slot: '09:00', adults: 1 });
  await fillCustomer(page, email);
  await page.getByRole('button', { name: 'Hold booking' }).click();
  await expect(page.locator('.status-pill')).toHaveText('held');
}

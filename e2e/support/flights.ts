import type { Page } from '@playwright/test';
import { expect, fillDate } from './fixtures.ts';

export async function searchAndWait(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 20_000 });
}

export async function selectFirstOffer(page: Page) {
  await page
    .getByRole('button', { name: /^Select / })
    .first()
    .click();
  await acceptPriceIfAsked(page);
}

/** The booking page of an offer: it may have moved when re-priced; an agent accepts the new price to go on. */
export async function acceptPriceIfAsked(page: Page) {
  const accept = page.getByRole('button', { name: /^Accept the new/ });
  const form = page.getByRole('form', { name: 'Passengers and contact' });
  await expect(form.or(accept)).toBeVisible();
  if (await accept.isVisible()) await accept.click();
  await expect(form).toBeVisible();
}

export async function fillPassenger(
  page: Page,
  index: number,
  given: string,
  family: string,
  dob: string,
  gender: 'female' | 'male' = 'female',
) {
  const passenger = page.getByRole('group', { name: new RegExp(`^Passenger ${index}:`) });
  await passenger.getByLabel('Given names').fill(given);
  await passenger.getByLabel('Family name').fill(family);
  await fillDate(passenger.getByLabel('Date of birth'), dob);
  await passenger.getByLabel('Gender').selectOption(gender);
}

export async function fillContact(page: Page) {
  await page.getByLabel('Email').fill('hart.family@example.com');
  // As people write it: the form reads it and sends its E.164 form.
  await page.getByLabel('Phone').fill('+44 20 7946 0000');
}

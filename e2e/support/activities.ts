import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export const SHOWCASE = 'Options Showcase: Helicopter Transfer and Dive';

/** A 1×1 PNG and a small PDF, as an agent would attach them. */
export const PNG = {
  name: 'passport-photo.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};
export const PDF = {
  name: 'waiver.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
};

/** Finds a product by text from the activities page and opens it. */
export async function openProduct(page: Page, query: string, title: string) {
  await page.goto('/activities');
  await page.getByLabel('What').fill(query);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

/** Picks the first bookable date in the calendar and returns it (YYYY-MM-DD, from the URL). */
export async function pickFirstDate(page: Page): Promise<string> {
  await page.locator('.rdp-day_button:enabled').first().click();
  await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}/);
  const date = new URL(page.url()).searchParams.get('date');
  if (!date) throw new Error('no date chosen');
  await expect(page.getByRole('table', { name: 'Prices and places left' })).toBeVisible();
  return date;
}

/** Chooses a date, the given start time (if the product has several) and the adults, then goes on to booking. */
export async function chooseAndContinue(page: Page, options: { slot?: string; adults: number }) {
  const date = await pickFirstDate(page);
  if (options.slot) {
    // The choice goes to the URL in a transition: the radio shows it once the page has re-rendered.
    await page.getByRole('radio', { name: options.slot }).click();
    await expect(page.getByRole('radio', { name: options.slot })).toBeChecked();
  }
  await page.getByLabel('Adults').fill(String(options.adults));
  await page.getByRole('link', { name: 'Continue to booking' }).click();
  await expect(page.getByRole('form', { name: 'Booking details' })).toBeVisible();
  return date;
}

export const traveller = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

export async function chooseCountry(scope: Locator, label: string | RegExp, country: string) {
  const input = scope.getByRole('combobox', { name: label });
  await input.fill(country);
  await scope
    .getByRole('option', { name: new RegExp(`^${country}`) })
    .first()
    .click();
  await expect(input).toHaveValue(country);
}

export async function fillCustomer(page: Page, email = 'amelia.hart@example.com') {
  const customer = page.getByRole('group', { name: 'Customer' });
  await customer.getByLabel('Given names').fill('Amelia');
  await customer.getByLabel('Family name').fill('Hart');
  await customer.getByLabel('Email').fill(email);
}

/** Answers a traveller's showcase questions (passport, nationality, birth date, weight, photo, waiver). */
export async function fillShowcaseTraveller(page: Page, label: string, passport: string) {
  const group = traveller(page, label);
  await group.getByLabel('Passport number').fill(passport);
  await chooseCountry(group, 'Nationality', 'Ireland');
  await group.getByLabel('Date of birth').fill('1985-04-12');
  await group.getByLabel('Weight (kg)').fill('72');
  await group.getByLabel('Photo for the pass').setInputFiles(PNG);
  await expect(group.getByText(PNG.name)).toBeVisible();
  await group.getByLabel('Signed waiver').setInputFiles(PDF);
  await expect(group.getByText(PDF.name)).toBeVisible();
}

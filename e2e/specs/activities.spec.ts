import { PDFDocument } from 'pdf-lib';
import { env } from '../env.ts';
import {
  chooseAndContinue,
  chooseCountry,
  fillCustomer,
  fillShowcaseTraveller,
  openProduct,
  pickFirstDate,
  SHOWCASE,
  traveller,
} from '../support/activities.ts';
import { expect, expectAccessible, sandboxStats, test } from '../support/fixtures.ts';

const results = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: 'Activities found' }).getByRole('status');

test('an agent browses activities: filters and sort live in the URL, and Load more keeps what is shown', async ({
  agentPage: page,
}) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activities' }).click();
  await expect(results(page)).toContainText(/^\d+ activities, 12 shown/);
  const total = Number(/^(\d+)/.exec((await results(page).textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(12);
  const firstTwelve = await page.locator('.activity-title').allTextContents();

  await page.getByRole('button', { name: /^Load more/ }).click();
  await expect(results(page)).toContainText(`${Math.min(24, total)} shown`);
  const titles = await page.locator('.activity-title').allTextContents();
  expect(titles.slice(0, 12)).toEqual(firstTwelve);
  // Focus moves to the first new card, so the keyboard carries on where the list grew.
  await expect(page.getByRole('link', { name: titles[12] ?? '' })).toBeFocused();
  await expectAccessible(page, 'activity list');

  await page.getByLabel('Price up to').fill('100');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByLabel('Sort').selectOption({ label: 'Price, lowest first' });
  await expect(page).toHaveURL(/max=100/);
  await expect(page).toHaveURL(/sort=price_asc/);
  const shownPrices = async () =>
    (await page.locator('.activity-price strong').allTextContents()).map((p) =>
      Number(p.replace(/[^\d.]/g, '')),
    );
  // The address changes before the list does: read until the list is the sorted, bounded one.
  let prices: number[] = [];
  await expect(async () => {
    await expect(results(page)).not.toContainText('Updating', { timeout: 1000 });
    prices = await shownPrices();
    expect(prices.length).toBeGreaterThan(0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(Math.max(...prices)).toBeLessThanOrEqual(100);
  }).toPass();

  await page.reload();
  await expect(page.getByLabel('Price up to')).toHaveValue('100');
  await expect(results(page)).toContainText(/activit(y|ies), \d+ shown/);
  await expect.poll(shownPrices).toEqual(prices);

  await page.getByLabel('Price from').fill('200');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByLabel('Price up to')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Price up to').locator('..')).toContainText(
    'Must not be below the “Price from” amount',
  );
});

test('an agent books the product that asks every kind of question, confirms it and downloads a PDF voucher', async ({
  agentPage: page,
  advanceServiceClock,
}) => {
  await openProduct(page, 'showcase', SHOWCASE);
  await expect(page.getByRole('heading', { name: 'Date' })).toBeVisible();
  await expectAccessible(page, 'product page');
  const date = await chooseAndContinue(page, { slot: '14:00', adults: 2 });
  await expect(page.getByRole('region', { name: 'What is being booked' })).toContainText(`${date} at 14:00`);
  // Arriving, the focus is on the first question asked.
  await expect(
    page.getByRole('group', { name: 'About the booking' }).getByRole('radio').first(),
  ).toBeFocused();

  // Per booking: a list, a multi-select, a flight number, a date-time, an address, a phone, a time, a yes/no, text.
  const booking = page.getByRole('group', { name: 'About the booking' });
  await booking.getByRole('radio', { name: 'Pickup from your hotel (+15.00 USD)' }).check();
  await booking.getByRole('checkbox', { name: 'Audio guide (+6.00 USD)' }).check();
  const flight = booking.getByRole('group', { name: 'Arrival flight number' });
  await flight.getByLabel('Airline code').fill('ba');
  await flight.getByLabel('Flight number').fill('117');
  await booking.getByLabel('Landing date and time (local)').fill(`${date}T07:45`);
  const address = booking.getByRole('group', { name: /^Pickup address/ });
  await address.getByLabel('Street and number').fill('1 Sheikh Zayed Road');
  await address.getByLabel('City', { exact: true }).fill('Dubai');
  await chooseCountry(address, 'Country', 'United Arab Emirates');
  await booking.getByLabel('Mobile number on the day').fill('+971 50 123 4567');
  await booking.getByLabel(/^Preferred pickup time/).fill('08:30');
  await booking.getByRole('checkbox', { name: /^Souvenir photo/ }).check();
  await booking.getByLabel(/^Special requests/).fill('Window seat in the helicopter');

  // Per traveller: text with a format, a country, a date, a number, an image and a file, for each adult.
  await fillShowcaseTraveller(page, 'Adult 1', 'P1234567');
  await fillShowcaseTraveller(page, 'Adult 2', 'ab-12');
  await fillCustomer(page);
  // 2 adults × 350 + hotel pickup 15 + audio guide 6 + souvenir photo 12
  const total = page.getByRole('complementary', { name: 'Total' });
  await expect(total).toContainText('733.00 USD');
  // Scrolled down to the customer, the total is still in view, under the sticky top bar rather than behind it.
  await page.getByRole('button', { name: 'Hold booking' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const bar = await page.locator('header.topbar').boundingBox();
  const box = await total.boundingBox();
  expect(box && bar && box.y - (bar.y + bar.height)).toBeGreaterThanOrEqual(0);
  await expectAccessible(page, 'booking form');

  const before = (await sandboxStats()).activity_bookings;
  await page.getByRole('button', { name: 'Hold booking' }).click();
  const passport = traveller(page, 'Adult 2').getByLabel('Passport number');
  await expect(passport).toHaveAttribute('aria-invalid', 'true');
  await expect(passport).toBeFocused();
  await expect(traveller(page, 'Adult 2')).toContainText(
    'Does not match the expected format: 6 to 9 capital letters or digits',
  );
  expect((await sandboxStats()).activity_bookings).toBe(before);
  await passport.fill('P7654321');
  await page.getByRole('button', { name: 'Hold booking' }).click();

  await expect(page.getByRole('heading', { name: /^Activity booking [A-Z]{3}-\d{5}$/ })).toBeFocused();
  const code = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace(
    'Activity booking ',
    '',
  );
  expect((await sandboxStats()).activity_bookings).toBe(before + 1);
  await expect(page.locator('.status-pill')).toHaveText('held');
  await expect(page.getByText('Confirm within')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Price' })).toContainText('Pickup point');
  await expectAccessible(page, 'held booking');

  await page.getByRole('button', { name: 'Confirm · 733.00 USD' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Confirm this booking?' });
  await expectAccessible(page, 'confirm dialog');
  await expect(dialog.getByRole('button', { name: 'Confirm for 733.00 USD' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Booking confirmed' })).toBeFocused();
  await expect(page.locator('.status-pill')).toHaveText(/confirmed|issued/);
  // The operator issues the vouchers at its own pace: a minute of the service's clock covers both profiles'.
  await advanceServiceClock(60);
  await expect(page.locator('.status-pill')).toHaveText('issued');
  const vouchers = page.getByRole('region', { name: 'Vouchers' });
  await expect(vouchers.getByRole('row')).toHaveCount(3);
  await expectAccessible(page, 'issued booking');

  const downloading = page.waitForEvent('download');
  await vouchers.getByRole('link', { name: `Download PDF of voucher ${code}-1` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`voucher-${code}-1.pdf`);
  const file = await download.path();
  const bytes = await import('node:fs/promises').then((fs) => fs.readFile(file));
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getTitle()).toBe(`Voucher ${code}-1`);
  expect(pdf.getSubject()).toBe(`Activity booking ${code}`);

  const view = await page.request.get(
    (await vouchers
      .getByRole('link', { name: `View voucher ${code}-1 (opens a new tab)` })
      .getAttribute('href')) ?? '',
  );
  expect(view.headers()['content-type']).toBe('application/pdf');
  expect(view.headers()['content-disposition']).toBe(`inline; filename="voucher-${code}-1.pdf"`);
});

test('a transfer’s booking page shows the answers the agent typed, in the questions’ words, and the customer’s phone as sent', async ({
  agentPage: page,
}) => {
  await openProduct(page, 'Charles de Gaulle', 'Private Transfer from Charles de Gaulle Airport');
  const date = await chooseAndContinue(page, { adults: 2 });
  const about = page.getByRole('group', { name: 'About the booking' });
  const flight = about.getByRole('group', { name: 'Arrival flight number' });
  await flight.getByLabel('Airline code').fill('af');
  await flight.getByLabel('Flight number').fill('1234');
  await about.getByLabel('Landing date and time (local)').fill(`${date}T07:45`);
  await about.getByLabel('Mobile number on the day').fill('+33 6 12 34 56 78');
  await about.getByLabel(/^Pieces of luggage/).fill('3');
  await fillCustomer(page);
  await page.getByRole('group', { name: 'Customer' }).getByLabel('Phone (optional)').fill('+44 20 7946 0000');
  await page.getByRole('button', { name: 'Hold booking' }).click();
  await expect(page.getByRole('heading', { name: /^Activity booking / })).toBeVisible();

  const day = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.parse(`${date}T00:00:00Z`));
  const answers = page.getByRole('region', { name: 'Answers sent' });
  const sent = answers.getByRole('region', { name: 'About the booking' });
  const answer = (question: string) => sent.locator(`dt:text-is("${question}") + dd`);
  await expect(answer('Arrival flight number')).toHaveText('AF1234');
  await expect(answer('Landing date and time (local)')).toHaveText(`${day}, 07:45`);
  await expect(answer('Mobile number on the day')).toHaveText('+33612345678');
  await expect(answer('Pieces of luggage')).toHaveText('3');
  const customer = page.getByRole('region', { name: 'Customer' });
  await expect(customer.locator('dt:text-is("Phone") + dd')).toHaveText('+442079460000');
  await expectAccessible(page, 'activity booking with its answers');

  // Read again from the console, not from what the form remembered.
  await page.reload();
  await expect(answer('Arrival flight number')).toHaveText('AF1234');
  await expect(customer.locator('dt:text-is("Phone") + dd')).toHaveText('+442079460000');
});

test('a required option left empty is refused with the field marked, and nothing is booked', async ({
  agentPage: page,
}) => {
  await openProduct(page, 'stonehenge', 'Stonehenge, Windsor Castle and Bath');
  await chooseAndContinue(page, { adults: 1 });
  await fillCustomer(page);
  await chooseCountry(traveller(page, 'Adult 1'), 'Nationality', 'Germany');
  const before = (await sandboxStats()).activity_bookings;
  await page.getByRole('button', { name: 'Hold booking' }).click();
  const passport = traveller(page, 'Adult 1').getByLabel('Passport number');
  await expect(passport).toHaveAttribute('aria-invalid', 'true');
  await expect(passport).toBeFocused();
  await expect(traveller(page, 'Adult 1')).toContainText('Required');
  await expect(page.getByRole('alert').filter({ hasText: 'Some answers need attention' })).toBeVisible();
  expect((await sandboxStats()).activity_bookings).toBe(before);
});

test('a refusal from the service lands on the field its param names', async ({ agentPage: page }) => {
  await openProduct(page, 'stonehenge', 'Stonehenge, Windsor Castle and Bath');
  await chooseAndContinue(page, { adults: 2 });
  await fillCustomer(page);
  for (const [label, passport] of [
    ['Adult 1', 'P1234567'],
    ['Adult 2', 'P7654321'],
  ] as const) {
    await traveller(page, label).getByLabel('Passport number').fill(passport);
    await chooseCountry(traveller(page, label), 'Nationality', 'Spain');
  }
  // The request leaves the browser valid; on its way the second traveller's passport is spoiled, so the answer is the
  // service's own 422 with param options.per_pax[1].passport_number.
  await page.route('**/api/activities/bookings', async (route) => {
    const body = route.request().postDataJSON() as {
      options: { per_pax: { id: string; value: unknown }[][] };
    };
    const second = body.options.per_pax[1]?.find((a) => a.id === 'passport_number');
    if (second) second.value = 'no!';
    await route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByRole('button', { name: 'Hold booking' }).click();
  const passport = traveller(page, 'Adult 2').getByLabel('Passport number');
  await expect(passport).toHaveAttribute('aria-invalid', 'true');
  await expect(passport).toBeFocused();
  await expect(traveller(page, 'Adult 2')).toContainText('does not match the expected format');
  await expect(page.getByRole('alert').filter({ hasText: 'The supplier refused an answer' })).toBeVisible();
  await page.unroute('**/api/activities/bookings');
  await page.getByRole('button', { name: 'Hold booking' }).click();
  await expect(page.locator('.status-pill')).toHaveText('held');
});

test('an agent cancels a held activity booking and finds it in the bookings list by status and email', async ({
  agentPage: page,
}) => {
  await openProduct(page, 'louvre', 'Louvre Museum: Timed Entry Ticket');
  await chooseAndContinue(page, { slot: '09:00', adults: 1 });
  await fillCustomer(page, 'cancel.me@example.com');
  await page.getByRole('button', { name: 'Hold booking' }).click();
  await expect(page.locator('.status-pill')).toHaveText('held');
  const code = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace(
    'Activity booking ',
    '',
  );

  await page.getByRole('button', { name: 'Cancel booking…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Booking cancelled' })).toBeFocused();
  await expect(page.locator('.status-pill')).toHaveText('cancelled');
  await expect(page.getByRole('region', { name: 'Vouchers' })).toContainText('No vouchers');

  await page.getByRole('link', { name: 'All activity bookings' }).click();
  await page.getByLabel('Status').selectOption({ label: 'Cancelled' });
  await page.getByLabel('Customer email').fill('cancel.me@example.com');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/status=cancelled/);
  const rows = page.getByRole('region', { name: 'Bookings' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(code);
  // What, when, who and how much, from the console's ledger beside the service's code and status.
  await expect(rows.nth(1)).toContainText('Louvre');
  await expect(rows.nth(1)).toContainText('USD');
  await expectAccessible(page, 'activity bookings list');
  await rows.nth(1).getByRole('link', { name: code }).click();
  await expect(page.getByRole('heading', { name: `Activity booking ${code}` })).toBeVisible();
});

test('each option of an activity says what it costs on its first date, so the agent can compare them', async ({
  agentPage: page,
}) => {
  await openProduct(page, 'louvre', 'Louvre Museum: Timed Entry Ticket');
  const options = page.getByRole('group', { name: 'Choose an option' });
  await expect(options.getByRole('radio', { name: /^Timed entry · from 22\.00 USD a person/ })).toBeVisible();
  await expect(
    options.getByRole('radio', { name: /^Entry with audio guide · from 29\.70 USD a person/ }),
  ).toBeVisible();
});

test('a date prices each traveller category whatever the service calls it, and shows one no booking can carry as written', async ({
  agentPage: page,
}) => {
  // The variant profile writes its categories in capitals (ADULT) and adds INFANT, free and with no limit.
  await openProduct(page, 'showcase', SHOWCASE);
  await pickFirstDate(page);
  const table = page.getByRole('table', { name: 'Prices and places left' });
  await expect(table.getByRole('rowheader', { name: 'Adults', exact: true })).toBeVisible();
  const other = table.getByRole('row', {
    name: /^INFANT \(not bookable here\) Free \(0\.00 USD\) No limit$/,
  });
  if (env.serverEnv.SANDBOX_PROFILE === 'variant') {
    await expect(other).toBeVisible();
    await expect(
      page.getByText('A booking names adults, children and seniors only: INFANT is shown'),
    ).toBeVisible();
  } else {
    await expect(table.getByText('not bookable here')).toHaveCount(0);
  }
  await page.getByLabel('Adults').fill('2');
  await expect(page.getByText(/^Tickets: 700\.00 USD/)).toContainText('(2 × adult; options');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

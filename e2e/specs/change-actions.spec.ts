import type { Page } from '@playwright/test';
import {
  createUser,
  expect,
  expectAccessible,
  fillDate,
  flightSearchUrl,
  inDays,
  sandbox,
  signInAs,
  test,
} from '../support/fixtures.ts';
import { fillContact, fillPassenger, searchAndWait, selectFirstOffer } from '../support/flights.ts';
import { chooseFirstRate, fillGuests, openFirstHotel } from '../support/hotels.ts';

/**
 * The actions beside a change (decision 054): the service moves a booking by itself, the agent acts on the change
 * where it is shown. Each journey has an agent of its own. Nothing waits on the wall clock: the page is read again
 * until the console has seen what the service did.
 */

const idOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

/** The booking page's open change of this kind, once a read of the booking has found it. */
async function openChangeCard(page: Page, kind: string) {
  const card = page.getByRole('region', { name: /^Changed by itself/ }).getByRole('article', { name: kind });
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  return card;
}

async function changeOf(page: Page, bookingId: string, state: 'open' | 'handled') {
  const response = await page.request.get(
    `/api/changes?${new URLSearchParams({ booking: bookingId, state })}`,
  );
  return ((await response.json()) as { data: Array<{ outcome?: { action: string; booking_id?: string } }> })
    .data[0];
}

test('a flight moved by the sandbox is rebooked from its change: the new booking held with the same travellers, the old one cancelled after, both linked, the change handled', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const agent = await createUser('Rebook Agent');
  await signInAs(page, agent, '/flights');
  // Both dates counted from one moment, so a journey that crosses midnight agrees with itself.
  const start = Date.now();
  await searchAndWait(
    page,
    flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 45, adults: 1, countedFrom: start }),
  );
  await selectFirstOffer(page);
  await fillPassenger(page, 1, 'Rosa', 'Rebook', '1984-06-07');
  await fillContact(page);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
  const oldId = idOf(page);

  // The airline moves the flight a day later; the booking's page, read again, shows the change and its actions.
  await sandbox(`/flights/orders/${encodeURIComponent(oldId)}/schedule`, { days: 1 });
  const card = await openChangeCard(page, 'Schedule change');
  await expect(card.getByRole('button', { name: 'Client accepts the new times…' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel and refund…' })).toBeVisible();
  await expectAccessible(page, 'order page with a change’s actions');

  // Rebook: the search opens filled from the booking, the new day, with the rebooking's marker.
  await card.getByRole('button', { name: 'Rebook' }).click();
  await expect(page).toHaveURL(/\/flights\?.*rebook=chg_/);
  await expect(page).toHaveURL(new RegExp(`depart=${inDays(46, start)}`));
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 20_000 });
  await selectFirstOffer(page);

  // The same traveller and contact, filled; what the service did not show (a birth date, a gender) is typed.
  const passenger = page.getByRole('group', { name: /^Passenger 1:/ });
  await expect(passenger.getByLabel('Given names')).toHaveValue('Rosa');
  await expect(passenger.getByLabel('Family name')).toHaveValue('Rebook');
  if ((await passenger.getByLabel('Date of birth').inputValue()) === '')
    await fillDate(passenger.getByLabel('Date of birth'), '1984-06-07');
  if ((await passenger.getByLabel('Gender').inputValue()) === '')
    await passenger.getByLabel('Gender').selectOption('female');
  await expect(page.getByLabel('Email')).toHaveValue('hart.family@example.com');
  await page.getByRole('button', { name: /^Hold booking/ }).click();

  // The new order's page: held, it replaces the old one, and only now offers the old one's cancel, with its quote.
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
  const newId = idOf(page);
  expect(newId).not.toBe(oldId);
  await expect(page.locator('.status-pill').first()).toHaveText('held');
  await expect(page.getByRole('region', { name: 'Passengers' })).toContainText('Rosa');
  const rebooking = page.getByRole('region', { name: 'Rebooking' });
  await expect(rebooking).toContainText('Replaces');
  await rebooking.getByRole('button', { name: 'Cancel the old booking…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.locator('[data-quote]')).toContainText('Nothing was paid for this hold');
  await expect(dialog.getByLabel('Your note on the change (optional)')).toBeFocused();
  await dialog.getByLabel('Your note on the change (optional)').fill('Rosa takes the next day');
  await dialog.getByRole('button', { name: 'Cancel it' }).click();
  await expect(dialog).toBeHidden();
  await expect(rebooking).toContainText('the old booking cancelled');

  // Both linked, the old one cancelled, the change handled with the new booking as its outcome.
  await rebooking.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`${encodeURIComponent(oldId)}$`));
  await expect(page.locator('.status-pill').first()).toHaveText('cancelled');
  await expect(page.getByRole('region', { name: 'Rebooking' })).toContainText('Replaced by');
  const handled = await changeOf(page, oldId, 'handled');
  expect(handled?.outcome).toMatchObject({ action: 'rebook', booking_id: newId });
  expect(await changeOf(page, oldId, 'open')).toBeUndefined();
});

test('a hotel cancelled and refunded from its change, the service’s quote shown first', async ({ page }) => {
  test.setTimeout(120_000);
  const agent = await createUser('Refund Agent');
  await signInAs(page, agent, '/hotels');
  await openFirstHotel(page, '1');
  await chooseFirstRate(page);
  await fillGuests(page, [{ room: 1, guest: 1 }]);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Hotel order/ })).toBeVisible();
  const orderId = idOf(page);
  await page.getByRole('button', { name: /^Confirm · / }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Confirm for/ })
    .click();
  await expect(async () => {
    await page.reload();
    await expect(page.locator('.status-pill').first()).toHaveText('confirmed', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });

  // The hotel moves the stay by two days; the change's card offers to cancel and refund.
  await sandbox(`/hotels/orders/${encodeURIComponent(orderId)}/dates`, { days: 2 });
  const card = await openChangeCard(page, 'Date change');
  const cancel = card.getByRole('button', { name: 'Cancel and refund…' });
  await cancel.click();

  // The service's own quote first: what comes back, what is kept; the note field takes the focus.
  const dialog = page.getByRole('alertdialog');
  const quote = dialog.locator('[data-quote]');
  await expect(quote).toContainText('back to the wallet');
  await expect(quote).toContainText('is kept');
  await expect(dialog.getByLabel('Your note on the change (optional)')).toBeFocused();
  await expectAccessible(page, 'cancel and refund with its quote');
  // Going back does nothing, and gives the focus back to the change's actions.
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.status-pill').first()).toHaveText('confirmed');
  await cancel.click();
  await expect(quote).toBeVisible();
  await dialog.getByLabel('Your note on the change (optional)').fill('Client cancels the trip');
  await dialog.getByRole('button', { name: /^Cancel (and refund|it)/ }).click();
  await expect(dialog).toBeHidden();

  // Cancelled, the change handled with the amounts the service answered.
  await expect(page.locator('.status-pill').first()).toHaveText('cancelled');
  await expect(page.getByRole('region', { name: 'Changes, handled' })).toBeVisible();
  await page.getByText('1 handled change').click();
  await expect(page.getByRole('region', { name: 'Changes, handled' })).toContainText(
    /Cancelled and refunded: now cancelled/,
  );
  await expect(page.getByRole('region', { name: 'Changes, handled' })).toContainText(
    'Client cancels the trip',
  );
  const handled = await changeOf(page, orderId, 'handled');
  expect(handled?.outcome).toMatchObject({ action: 'cancel_refund', status: 'cancelled' });

  // At 390 px the actions fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBe(0);
});

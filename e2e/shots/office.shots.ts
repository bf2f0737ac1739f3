import { chooseAndContinue, openProduct, traveller } from '../support/activities.ts';
import { expect, fillDate, flightSearchUrl, inDays, sandbox, test } from '../support/fixtures.ts';
import { searchAndWait, selectFirstOffer } from '../support/flights.ts';
import { holdFlight } from '../support/holds.ts';
import { chooseFirstRate, fillGuests, openFirstHotel } from '../support/hotels.ts';

const shot = (name: string, fullPage = false) => ({ path: `screenshots/${name}.png`, fullPage });

test('travellers, trips, the palette and the wallet statement', async ({ agentPage: page }) => {
  // A traveller with a passport ending soon after the trip.
  await page.goto('/travellers/new');
  const form = page.getByRole('form', { name: 'Traveller' });
  await form.getByLabel('Given names').fill('Noor');
  await form.getByLabel('Family name').fill('Haddad');
  await fillDate(form.getByLabel('Date of birth'), '1990-06-01');
  await form.getByRole('button', { name: 'Add a document' }).click();
  await form.getByLabel('Number').fill('N7654321');
  await form.getByLabel('Issued by').fill('GB');
  await fillDate(form.getByLabel('Expires'), inDays(45 + 120));
  await form.getByRole('button', { name: 'Save traveller' }).click();
  await expect(page.getByRole('heading', { name: 'Noor Haddad' })).toBeVisible();
  await page.screenshot(shot('traveller-profile', true));
  await page.goto('/travellers');
  await page.screenshot(shot('travellers-list'));

  await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 45 }));
  await selectFirstOffer(page);
  const passenger = page.getByRole('group', { name: /^Passenger 1:/ });
  await passenger.getByRole('button', { name: /^Use a saved traveller/ }).click();
  await passenger.getByRole('combobox', { name: 'Saved traveller for passenger 1' }).fill('haddad');
  await expect(page.getByRole('option', { name: /Noor Haddad/ })).toBeVisible();
  await page.screenshot(shot('traveller-picker'));
  await page.getByRole('option', { name: /Noor Haddad/ }).click();
  await expect(passenger.locator('.check-warning')).toBeVisible();
  await passenger.scrollIntoViewIfNeeded();
  await page.screenshot(shot('traveller-picked-warning'));

  // The same traveller answering an activity supplier's questions.
  await openProduct(page, 'stonehenge', 'Stonehenge, Windsor Castle and Bath');
  await chooseAndContinue(page, { adults: 2 });
  const adult = traveller(page, 'Adult 1');
  await adult.getByRole('button', { name: /^Use a saved traveller/ }).click();
  await adult.getByRole('combobox', { name: 'Saved traveller as Adult 1' }).fill('haddad');
  await page.getByRole('option', { name: /Noor Haddad/ }).click();
  await expect(adult.getByText(/^Filled from Noor Haddad/)).toBeVisible();
  await adult.scrollIntoViewIfNeeded();
  await page.screenshot(shot('traveller-activity-filled'));

  await holdFlight(page, 40);
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await page.getByRole('button', { name: 'Make a trip of this booking' }).click();
  const reference = ((await page.locator('.page-head .muted').textContent()) ?? '').replace('Trip ', '');
  const tripUrl = page.url();
  await openFirstHotel(page, '1');
  await chooseFirstRate(page);
  await fillGuests(page, [{ room: 1, guest: 1 }]);
  await page.getByLabel('For a trip (optional)').selectOption(reference);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Hotel order/ })).toBeVisible();
  await sandbox(`/flights/orders/${encodeURIComponent(orderId)}/schedule`, { days: 1 });
  await page.goto(tripUrl);
  await expect(page.getByRole('region', { name: 'Parts' }).getByRole('row')).toHaveCount(3);
  await page.screenshot(shot('trip-page', true));

  await page.keyboard.press('Control+k');
  await expect(page.getByRole('searchbox', { name: 'Go to, search or do' })).toBeFocused();
  await page.keyboard.type('LHR JFK 12dec 2a');
  await expect(page.getByRole('menuitem', { name: /^Search flights/ })).toBeVisible();
  await page.screenshot(shot('palette-search'));
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('searchbox', { name: 'Go to, search or do' })).toBeFocused();
  await page.keyboard.type('flyer');
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await page.screenshot(shot('palette-found'));
});

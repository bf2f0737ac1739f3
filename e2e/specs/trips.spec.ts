import { env } from '../env.ts';
import { expect, expectAccessible, sandbox, test } from '../support/fixtures.ts';
import { holdFlight } from '../support/holds.ts';
import { chooseFirstRate, fillGuests, openFirstHotel } from '../support/hotels.ts';

const variant = env.serverEnv.SANDBOX_PROFILE === 'variant';

test('an agent makes a trip of a flight and a hotel, and sees the conflict when the airline moves the flight', async ({
  agentPage: page,
}) => {
  // A flight to Paris 40 days out, made into a trip from its page. Both dates count from one moment, so a run that
  // crosses midnight still books the hotel for the flight's nights.
  const today = Date.now();
  await holdFlight(page, 40, today);
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await page.getByRole('button', { name: 'Make a trip of this booking' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const reference = ((await page.locator('.page-head .muted').textContent()) ?? '').replace('Trip ', '');
  expect(reference).toMatch(/^TRIP-/);
  const tripUrl = page.url();

  // The hotel for the same nights, booked for the trip: its reference goes to the service as the client reference.
  await openFirstHotel(page, '1', today);
  await chooseFirstRate(page);
  await fillGuests(page, [{ room: 1, guest: 1 }]);
  await page.getByLabel('For a trip (optional)').selectOption(reference);
  await expect(page.getByLabel('Client reference (optional)')).toHaveValue(reference);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Hotel order/ })).toBeVisible();
  await expect(page.getByText(/^Part of trip/)).toContainText(reference);

  await page.goto(tripUrl);
  const parts = page.getByRole('region', { name: 'Parts' });
  await expect(parts.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('listitem').first()).toBeVisible();
  if (!variant) {
    // In the order the client lives it: the flight that lands, then the check-in that day.
    const lines = await page
      .getByRole('region', { name: 'Timeline' })
      .getByRole('listitem')
      .allTextContents();
    const checkIn = lines.findIndex((line) => line.includes('Check in'));
    expect(checkIn).toBeGreaterThan(0);
    expect(lines.slice(0, checkIn).every((line) => line.includes('Flight'))).toBe(true);
    expect(lines.slice(checkIn).some((line) => line.includes('Flight'))).toBe(false);
  }
  await expectAccessible(page, 'trip page');

  // The agent names the trip for the client and lists who travels.
  await page.getByText('Edit the trip’s name, travellers, dates and notes').click();
  const edit = page.getByRole('form', { name: 'Edit the trip' });
  await edit.getByLabel('Name').fill('Hart family, Paris');
  await edit.getByLabel('Travellers').fill('Radar Flyer, GuestA RoomX');
  await edit.getByRole('button', { name: 'Save the trip' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hart family, Paris');
  await expect(page.getByText(/^For Radar Flyer, GuestA RoomX/)).toBeVisible();

  // The airline moves the flight two days later.
  await sandbox(`/flights/orders/${encodeURIComponent(orderId)}/schedule`, { days: 2 });
  await page.reload();
  // The move is a change to act on, on the trip's page too (decision 037).
  await expect(page.getByRole('region', { name: /changed by itself, 1 to act on$/ })).toContainText(
    'Schedule change',
  );
  const conflicts = page.getByRole('region', { name: 'Conflicts' });
  if (variant) {
    // This service gives segments in a shape the console does not read dates from: it says so, and guesses nothing.
    await expect(conflicts).toContainText('left out of the date checks');
  } else {
    await expect(conflicts.locator('.check-error')).toContainText('paid and not used');
    await expect(page.getByRole('region', { name: 'Timeline' }).locator('li.flagged').first()).toBeVisible();
  }

  // The itinerary downloads as a PDF (confirmed parts only: none yet).
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download itinerary (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe(`itinerary-${reference}.pdf`);

  // The trips list finds it by reference.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trips' }).click();
  await page.getByLabel('Client, reference or traveller').fill(reference);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expectAccessible(page, 'trips list');
});

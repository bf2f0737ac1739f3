import {
  expect,
  expectAccessible,
  flightSearchUrl,
  sandbox,
  sandboxStats,
  test,
} from '../support/fixtures.ts';
import { fillContact, fillPassenger, searchAndWait, selectFirstOffer } from '../support/flights.ts';

test('an agent opens conditions, accepts a price change, books two passengers, tickets and refunds', async ({
  agentPage: page,
  advanceServiceClock,
}) => {
  await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 40, adults: 2 }));
  await expectAccessible(page, 'flight results');

  await page
    .getByRole('button', { name: /^Details of / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Offer details' });
  await expect(dialog.getByRole('columnheader', { name: 'Aircraft' }).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Show fare conditions' }).click();
  await expect(dialog.getByText('Cancellation', { exact: true })).toBeVisible();
  await expectAccessible(page, 'offer detail');
  await dialog.getByRole('button', { name: 'Select this offer' }).click();
  await expect(page.getByRole('heading', { name: 'Review and book' })).toBeVisible();

  // The airline moves the price: the agent sees old and new side by side and must accept.
  const offerId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await sandbox(`/offers/${offerId}/price`, { amount: '4321.00' });
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('The airline changed this offer');
  await expect(page.getByRole('alert')).toContainText('4,321.00 USD');
  await expect(page.getByRole('form', { name: 'Passengers and contact' })).toHaveCount(0);
  // The work starts at Accept: the focus is there on arrival, and after it on the form's first field.
  const accept = page.getByRole('button', { name: 'Accept the new price' });
  await expect(accept).toBeFocused();
  await page.keyboard.press('Enter');
  const first = page.getByRole('group', { name: /^Passenger 1:/ }).getByLabel('Given names');
  await expect(first).toBeFocused();
  await page.keyboard.type('Amelia');
  await expect(first).toHaveValue('Amelia');

  await fillPassenger(page, 1, 'Amelia', 'Hart', '1985-04-12');
  await fillPassenger(page, 2, 'Tom', 'Hart', '1983-09-30');
  await fillContact(page);
  await expectAccessible(page, 'booking form');
  await page.getByRole('button', { name: /^Hold booking/ }).focus();
  await page.keyboard.press('Enter');

  // Held: the focus is on the order's heading, never left on the page's body.
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeFocused();
  await expect(page.getByText('Ticket within')).toBeVisible();
  await expect(page.getByText('4,321.00 USD').first()).toBeVisible();
  await expectAccessible(page, 'order page');

  await page.getByRole('button', { name: /^Ticket · / }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog').getByRole('button', { name: /^Ticket for/ })).toBeFocused();
  await page.keyboard.press('Enter');
  // The result is said where the focus goes.
  await expect(page.getByRole('status').filter({ hasText: 'Ticketing started' })).toBeFocused();
  // The airline takes its time (its own pace: a minute of the service's clock covers both sandbox profiles').
  await advanceServiceClock(60);
  await expect(page.getByText('ticketed', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Refund…' }).click();
  const refund = page.getByRole('alertdialog');
  await expect(refund.getByRole('columnheader', { name: 'Penalty' })).toBeVisible();
  await refund.getByRole('button', { name: /^Refund / }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Refund requested' })).toBeFocused();
  await expect(page.getByText('refunded', { exact: true })).toBeVisible();
});

test('an agent cancels a hold', async ({ agentPage: page }) => {
  await searchAndWait(page, flightSearchUrl({ from: 'AMS', to: 'MAD', inDays: 35 }));
  await selectFirstOffer(page);
  // Arriving from Select, the focus is on the first passenger's first field.
  await expect(page.getByRole('group', { name: /^Passenger 1:/ }).getByLabel('Given names')).toBeFocused();
  await fillPassenger(page, 1, 'Ruth', 'Okafor', '1979-02-03');
  await fillContact(page);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByText('held', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel hold' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel the hold' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Hold cancelled' })).toBeFocused();
  await expect(page.getByText('cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Ticket · / })).toHaveCount(0);
});

test('a wallet that cannot pay is explained, and nothing is held', async ({ agentPage: page }) => {
  await searchAndWait(page, flightSearchUrl({ from: 'FCO', to: 'ATH', inDays: 33 }));
  await selectFirstOffer(page);
  await fillPassenger(page, 1, 'Luca', 'Bianchi', '1990-07-21');
  await fillContact(page);
  await sandbox('/wallets', { environment: 'test', available: '5.00' });
  const before = await sandboxStats();
  try {
    await page.getByRole('button', { name: /^Hold booking/ }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The wallet cannot pay for this booking' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('available');
    await expect(alert).toContainText('top up the wallet');
    expect((await sandboxStats()).flight_orders).toBe(before.flight_orders);
  } finally {
    await sandbox('/wallets', { environment: 'test', balance: '50000.00' });
  }
});

test('a child whose date of birth makes them an adult on the day is refused on the form', async ({
  agentPage: page,
}) => {
  await searchAndWait(page, flightSearchUrl({ from: 'LIS', to: 'OPO', inDays: 30, adults: 1, children: 1 }));
  await selectFirstOffer(page);
  await fillPassenger(page, 1, 'Ana', 'Costa', '1988-01-01');
  await fillPassenger(page, 2, 'Rui', 'Costa', '2000-01-01');
  await fillContact(page);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('group', { name: /^Passenger 2:/ })).toContainText(
    'travels as adult, not child',
  );
});

test('a phone typed as people write it is taken and sent as the service takes it; a form refused on the page was no try to book', async ({
  agentPage: page,
}) => {
  await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'AMS', inDays: 33 }));
  await selectFirstOffer(page);
  await fillPassenger(page, 1, 'Amelia', 'Hart', '1985-04-12');
  await page.getByLabel('Email').fill('hart.family@example.com');
  await page.getByLabel('Phone').fill('call me maybe');
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByText('Is not a phone number we can read')).toBeVisible();
  // Nothing went out: the page has no earlier try to tell of (once the airline has re-priced the offer, the page
  // shows either the form or the change to accept first).
  await page.reload();
  const accept = page.getByRole('button', { name: /^Accept the new/ });
  const form = page.getByRole('form', { name: 'Passengers and contact' });
  await expect(form.or(accept)).toBeVisible();
  if (await accept.isVisible()) await accept.click();
  await expect(form).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'An earlier try to book this' })).toHaveCount(0);
  await fillPassenger(page, 1, 'Amelia', 'Hart', '1985-04-12');
  await page.getByLabel('Email').fill('hart.family@example.com');
  await page.getByLabel('Phone').fill('0044 20 7946 0000');
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
  await expect(page.getByText('+442079460000')).toBeVisible();
});

test('an expired offer says so and offers to search again, and what the agent typed is still there on the next offer', async ({
  agentPage: page,
}) => {
  await searchAndWait(page, flightSearchUrl({ from: 'BER', to: 'VIE', inDays: 31 }));
  await selectFirstOffer(page);
  await expect(page.getByText('Offer holds for')).toBeVisible();
  await fillPassenger(page, 1, 'Ines', 'Moreau', '1988-07-14');
  await sandbox('/clock/advance', { seconds: 31 * 60 });
  try {
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('This offer is no longer available');
    await page.getByRole('link', { name: 'Search again' }).click();
    await expect(page).toHaveURL(/\/flights\?from=BER&to=VIE/);
    await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({
      timeout: 20_000,
    });
    await selectFirstOffer(page);
    const passenger = page.getByRole('group', { name: /^Passenger 1:/ });
    await expect(passenger.getByLabel('Given names')).toHaveValue('Ines');
    await expect(passenger.getByLabel('Family name')).toHaveValue('Moreau');
  } finally {
    await sandbox('/reset');
  }
});

test('a reload while a booking is on its way cannot book twice: the next try reuses the attempt and lands on the same order', async ({
  agentPage: page,
}) => {
  await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 44 }));
  await selectFirstOffer(page);
  const before = (await sandboxStats()).flight_orders;
  // The answer does not come back to the page (the test sends the request on and keeps what comes back): the agent
  // reloads before it comes. The console still books.
  const booked: Promise<unknown>[] = [];
  await page.route('**/api/flights/orders', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    booked.push(route.fetch().catch(() => undefined));
  });
  await fillPassenger(page, 1, 'Amelia', 'Hart', '1985-04-12');
  await fillContact(page);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('button', { name: 'Holding…' })).toBeVisible();
  await expect.poll(() => booked.length).toBe(1);
  await page.reload();
  await page.unroute('**/api/flights/orders');
  await Promise.all(booked);
  // Once the airline has re-priced the offer, the page shows either the form or the change to accept first.
  const accept = page.getByRole('button', { name: /^Accept the new/ });
  const form = page.getByRole('form', { name: 'Passengers and contact' });
  await expect(form.or(accept)).toBeVisible();
  if (await accept.isVisible()) await accept.click();
  await expect(page.getByRole('status').filter({ hasText: 'An earlier try to book this' })).toBeVisible();
  // The console went on with the first try: the service made one order.
  await expect.poll(async () => (await sandboxStats()).flight_orders).toBe(before + 1);

  await fillPassenger(page, 1, 'Amelia', 'Hart', '1985-04-12');
  await fillContact(page);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
  expect((await sandboxStats()).flight_orders).toBe(before + 1);
  // The desk has it once.
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
  await page.goto(`/bookings?product=flight&q=${encodeURIComponent(orderId)}`);
  await expect(page.getByRole('region', { name: 'Bookings found' }).locator('.status-pill')).toHaveCount(1);
});

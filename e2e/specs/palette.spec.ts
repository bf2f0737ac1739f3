import type { Locator } from '@playwright/test';
import { expect, expectAccessible, inDays, test } from '../support/fixtures.ts';
import { fillContact, fillPassenger, selectFirstOffer } from '../support/flights.ts';

/**
 * The result Enter runs is the one chosen (the field's active descendant): a step waits for it before pressing Enter,
 * rather than for the result only to be listed (the choice follows typing and arrows a moment later).
 */
async function expectChosen(field: Locator, item: Locator) {
  await expect(item).toBeVisible();
  await expect(field).toHaveAttribute(
    'aria-activedescendant',
    (await item.getAttribute('id')) ?? 'an item with an id',
  );
}

test('an agent books from the command palette: a one-line search, the hold, then a jump to the order and its ticket, the palette driven by keyboard only', async ({
  agentPage: page,
}) => {
  await page.goto('/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings' })).toBeVisible();

  // A flight search typed on one line, at once: the palette's code is fetched only now (the first key), and what is
  // typed while it comes is its search's start.
  const depart = inDays(60);
  const day = Number(depart.slice(8, 10));
  const month = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'][
    Number(depart.slice(5, 7)) - 1
  ];
  await page.keyboard.press('Control+k');
  await page.keyboard.type(`LHR CDG ${day}${month} 2a`);
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const field = palette.getByRole('searchbox', { name: 'Go to, search or do' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(`LHR CDG ${day}${month} 2a`);
  await expect(palette.getByRole('menuitem', { name: /^Search flights LHR → CDG/ })).toBeVisible();
  await expectAccessible(page, 'command palette');
  // The first result is the one Enter runs.
  await expectChosen(field, palette.getByRole('menuitem', { name: /^Search flights LHR → CDG/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/flights\\?from=LHR&to=CDG&depart=${depart}&adults=2`));
  await expect(palette).toBeHidden();

  // The search the line started is the one booked: two adults held on its first offer.
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 20_000 });
  await selectFirstOffer(page);
  await fillPassenger(page, 1, 'Palette', 'Hart', '1980-02-02');
  await fillPassenger(page, 2, 'Keys', 'Hart', '1982-03-03');
  await fillContact(page);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await page.goto('/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings' })).toBeVisible();

  // Jump to the held order by its id.
  await page.keyboard.press('Control+k');
  await page.keyboard.type(orderId);
  await expectChosen(field, palette.getByRole('menuitem', { name: /^Flight / }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
  expect(decodeURIComponent(page.url())).toContain(orderId);

  // The page's own action, through its own confirmation.
  await page.keyboard.press('Control+k');
  // The office's bookings, trips and travellers are searched for the same words after the page's own actions are
  // listed; their finds come in below the action, all at once when the three have answered, so the arrows below wait
  // for them.
  const lookups = ['bookings', 'trips', 'travellers'].map((what) =>
    page.waitForResponse((r) => r.url().includes(`/api/${what}?`) && r.url().includes('q=ticket')),
  );
  await page.keyboard.type('ticket');
  const ticket = palette.getByRole('menuitem', { name: /^Ticket · / });
  await expect(ticket).toBeVisible();
  const answers = await Promise.all(
    lookups.map(async (r) => (await (await r).json()) as { data: unknown[] }),
  );
  if (answers.some((a) => a.data.length > 0))
    await expect(palette.getByText('Found', { exact: true })).toBeVisible();
  // The action is chosen, whether the word was typed into the field or (a busy machine) before it was up. Arrow keys
  // move between results: down to what was found (if anything) and back up to the action, chosen before Enter.
  await expectChosen(field, ticket);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expectChosen(field, ticket);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Ticket this order?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: /^Ticket for / })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.status-pill').first()).toHaveText(/ticketing|ticketed/);

  // Escape closes the palette and gives focus back.
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});

test('a line with a day that is not in the calendar offers no search and says why; a link with one keeps the rest', async ({
  agentPage: page,
}) => {
  await page.goto('/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('searchbox', { name: 'Go to, search or do' }).fill('LON NYC 2027-02-31 1a');
  await expect(palette.getByRole('status')).toHaveText('2027-02-31 is not a date in the calendar.');
  await expect(palette.getByRole('menuitem', { name: /^Search flights/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The same search as a link: what reads is filled in, the date is named as left out.
  await page.goto('/flights?from=LON&to=NYC&depart=2027-02-31&adults=2&cabin=business');
  await expect(
    page.getByRole('status').filter({ hasText: 'Part of this link could not be read' }),
  ).toContainText('the outbound date “2027-02-31” is not a date in the calendar');
  await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue(/LON/);
  await expect(page.getByRole('combobox', { name: 'To' })).toHaveValue(/NYC/);
  await expect(page.getByRole('spinbutton', { name: 'Adults (12+)' })).toHaveValue('2');
  await expect(page.getByRole('region', { name: 'Results' })).toHaveCount(0);
  await expectAccessible(page, 'a link read in part');

  // A hotel link the same: the destination and the check-in kept, the check-out named.
  await page.goto('/hotels?place=2001&name=Paris&type=city&in=2027-02-27&out=2027-02-30&rooms=2');
  await expect(
    page.getByRole('status').filter({ hasText: 'Part of this link could not be read' }),
  ).toContainText('the check-out date “2027-02-30” is not a date in the calendar');
  await expect(page.getByRole('region', { name: 'Hotel results' })).toHaveCount(0);
});

/** A day as GDS entries write it: `12DEC`. */
const gdsDay = (date: string) =>
  `${Number(date.slice(8, 10))}${['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'][Number(date.slice(5, 7)) - 1]}`;

test('an agent types the availability entry of their GDS, Amadeus or Sabre, and the palette opens the flight results of that search', async ({
  agentPage: page,
}) => {
  const from = Date.now();
  const depart = inDays(45, from);
  const back = inDays(52, from);
  const palette = page.getByRole('dialog', { name: 'Command palette' });

  // Amadeus: AN, the day, the two places; *19DEC for the return, /2A1C for two adults and a child.
  await page.keyboard.press('Control+k');
  await page.keyboard.type(`AN${gdsDay(depart)}LONNYC*${gdsDay(back)}/2A1C`);
  await expect(
    palette.getByRole('menuitem', {
      name: `Search flights LON → NYC, ${depart} returning ${back}, 2 adults, 1 child`,
    }),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    `/flights?from=LON&to=NYC&depart=${depart}&return=${back}&adults=2&children=1&infants=0&cabin=economy`,
  );
  await expect(palette).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 20_000 });

  // Sabre's, in lower case with spaces: 1, the day, the places; 1R and the day for the return.
  await page.keyboard.press('Control+k');
  await page.keyboard.type(`1 ${gdsDay(depart).toLowerCase()} lon nyc 1r${gdsDay(back).toLowerCase()} 2a`);
  await expect(palette.getByRole('menuitem', { name: /^Search flights LON → NYC/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    `/flights?from=LON&to=NYC&depart=${depart}&return=${back}&adults=2&children=0&infants=0&cabin=economy`,
  );
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 20_000 });
});

test('when nothing matches, the palette says what it reads, with examples; an entry that does not read says why', async ({
  agentPage: page,
}) => {
  await page.goto('/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings' })).toBeVisible();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const help = palette.getByRole('region', { name: 'What you can type' });

  await page.keyboard.press('Control+k');
  await page.keyboard.type('zqxv');
  await expect(
    palette.getByText('No booking, trip, traveller, page or action matches “zqxv”.'),
  ).toBeVisible();
  await expect(help).toBeVisible();
  await expect(help.getByRole('term')).toHaveText([
    'AN12DECLONNYC/19DEC/2A',
    '112DECLONNYC*19DEC',
    'LON NYC 12dec 19dec 2a c',
    'hotel paris 12dec 3n 2a',
    'act louvre 14dec',
    'Hart',
    'changes',
  ]);
  await expect(palette.getByText('Nothing matches.')).toHaveCount(0);
  await expectAccessible(page, 'the palette’s help');

  // An entry cut short says what an entry is, at once.
  const field = palette.getByRole('searchbox', { name: 'Go to, search or do' });
  await field.fill('AN12DECLON');
  await expect(palette.getByRole('status')).toHaveText(
    'Not a search yet: an availability entry is AN (or 1), the day and the two places, as AN12DECLONNYC, then /19DEC for a return and /2A for two adults.',
  );
  await field.fill('AN12DECLONNYC/2X');
  await expect(palette.getByRole('status')).toHaveText(
    '“2X” is not read: a return is /19DEC, the party /2A1C1I (adults, children, infants), the cabin /KC (Y, W, C or F).',
  );
  await expect(palette.getByRole('menuitem', { name: /^Search flights/ })).toHaveCount(0);

  // Typed whole, it is a search; the help is gone.
  await field.fill('AN12DECLONNYC/2A');
  await expect(
    palette.getByRole('menuitem', { name: /^Search flights LON → NYC, .*, 2 adults$/ }),
  ).toBeVisible();
  await expect(help).toHaveCount(0);
  await expect(palette.getByRole('status')).toHaveText('');
});

test('a line typed before the palette is up has its first result chosen, as one typed into it has: the arrows move on from there', async ({
  agentPage: page,
}) => {
  await page.goto('/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings' })).toBeVisible();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const field = palette.getByRole('searchbox', { name: 'Go to, search or do' });
  // Ctrl+K and the line pressed in one go, every key before the palette has drawn (a quick typist, a busy machine):
  // the keys are kept for its field.
  await page.evaluate(() => {
    const keys: [string, boolean][] = [
      ['k', true],
      ['g', false],
      ['o', false],
      [' ', false],
      ['t', false],
      ['r', false],
    ];
    for (const [key, ctrlKey] of keys)
      (document.activeElement ?? document.body).dispatchEvent(
        new KeyboardEvent('keydown', { key, ctrlKey, bubbles: true, cancelable: true }),
      );
  });
  await expect(field).toHaveValue('go tr');
  const trips = palette.getByRole('menuitem', { name: 'Go to Trips' });
  await expect(trips).toBeVisible();
  await expect(palette.getByRole('menuitem', { name: 'Go to Travellers' })).toBeVisible();
  // The first result is chosen, as after typing into the field: down to the next, up back to it, and Enter runs it.
  await expectChosen(field, trips);
  await page.keyboard.press('ArrowDown');
  await expectChosen(field, palette.getByRole('menuitem', { name: 'Go to Travellers' }));
  await page.keyboard.press('ArrowUp');
  await expectChosen(field, trips);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/trips$/);
  await expect(palette).toBeHidden();
});

import { env } from '../env.ts';
import { chooseAndContinue, openProduct, traveller } from '../support/activities.ts';
import { expect, expectAccessible, fillDate, flightSearchUrl, inDays, test } from '../support/fixtures.ts';
import { fillContact, fillPassenger, searchAndWait, selectFirstOffer } from '../support/flights.ts';
import { chooseFirstRate, openFirstHotel } from '../support/hotels.ts';

/**
 * The variant service writes an order's passengers in another legal shape, which the order page shows as written,
 * with no per-passenger directory column: there the order page's "Saved in travellers" is not asserted (a known gap,
 * decision 043); the booking's link to the profile, made on the BFF, is asserted on both.
 */
const knownPassengerShape = env.serverEnv.SANDBOX_PROFILE !== 'variant';

/** A family name no other run has used (letters only: names are letters). */
const uniqueName = () =>
  `Hart${Array.from({ length: 6 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('')}`;
/** A passport number no other run has used: one passport is one person (decision 043). */
const uniquePassport = (letter: string) => `${letter}${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;

test('an agent saves a booked traveller, picks them in the next booking, and is warned of a passport that ends too soon', async ({
  agentPage: page,
}) => {
  const family = uniqueName();
  // First booking: the agent types Amelia in, with her passport, and asks to keep her.
  await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 40 }));
  await selectFirstOffer(page);
  await fillPassenger(page, 1, 'Amelia', family, '1985-04-12');
  const first = page.getByRole('group', { name: /^Passenger 1:/ });
  await first.getByLabel('Passport number (optional)').fill('P1234567');
  // Read once: the date typed is the date looked for, whenever the run crosses midnight.
  const expires = inDays(40 + 400);
  await fillDate(first.getByLabel('Passport expires'), expires);
  await first.getByLabel('Issued by').fill('GB');
  await first.getByLabel('Save passenger 1 to travellers when booked').check();
  await fillContact(page);
  // The toast goes after 6 s: watched for from the click on, not from when the order page is up.
  const added = expect(page.getByText('1 traveller added to the directory.')).toBeVisible();
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
  await added;

  // She is in the office's directory, her passport with her.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Travellers' }).click();
  await page.getByLabel('Name, email or document number').fill(family);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name: `${family}, Amelia` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(family) })).toContainText(expires);
  await expectAccessible(page, 'traveller directory');

  // Next booking: picked from the directory, every field filled.
  await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 45 }));
  await selectFirstOffer(page);
  const passenger = page.getByRole('group', { name: /^Passenger 1:/ });
  await passenger.getByRole('button', { name: /^Use a saved traveller/ }).click();
  const picker = passenger.getByRole('combobox', { name: 'Saved traveller for passenger 1' });
  await expect(picker).toBeFocused();
  await picker.fill(family);
  await page.getByRole('option', { name: new RegExp(`Amelia ${family}`) }).click();
  await expect(passenger.getByLabel('Given names')).toHaveValue('Amelia');
  await expect(passenger.getByLabel('Family name')).toHaveValue(family);
  await expect(passenger.getByLabel('Date of birth')).toHaveAttribute('data-date', '1985-04-12');
  await expect(passenger.getByLabel('Passport number (optional)')).toHaveValue('P1234567');
  await expect(passenger.getByLabel('Gender')).toHaveValue('female');
  // Her passport outlives the trip by more than six months: no warning.
  await expect(passenger.locator('.check-warning')).toHaveCount(0);

  // Typing another spelling than the passport's is flagged.
  await passenger.getByLabel('Given names').fill('Amelie');
  await expect(passenger.locator('.check-warning')).toContainText('differs from the travel document');
  await expectAccessible(page, 'booking form with a picked traveller');

  // A traveller whose passport ends four months after the trip: the agent is warned, and may still go on.
  await page.goto('/travellers/new');
  const form = page.getByRole('form', { name: 'Traveller' });
  await form.getByLabel('Given names').fill('Noor');
  await form.getByLabel('Family name').fill(family);
  await fillDate(form.getByLabel('Date of birth'), '1990-06-01');
  await form.getByRole('button', { name: 'Add a document' }).click();
  await form.getByLabel('Number').fill(uniquePassport('N'));
  await form.getByLabel('Issued by').fill('GB');
  await fillDate(form.getByLabel('Expires'), inDays(45 + 120));
  await form.getByRole('button', { name: 'Save traveller' }).click();
  await expect(page.getByRole('heading', { name: `Noor ${family}` })).toBeVisible();
  await expectAccessible(page, 'traveller profile');

  await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 45 }));
  await selectFirstOffer(page);
  const noor = page.getByRole('group', { name: /^Passenger 1:/ });
  await noor.getByRole('button', { name: /^Use a saved traveller/ }).click();
  await noor.getByRole('combobox', { name: 'Saved traveller for passenger 1' }).fill(`noor ${family}`);
  await page.getByRole('option', { name: new RegExp(`Noor ${family}`) }).click();
  await expect(noor.locator('.check-warning')).toContainText('within six months');
  await noor.getByLabel('Gender').selectOption('female');
  await fillContact(page);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
});

test('an agent fills an activity’s traveller questions from the directory, and cannot book one person twice', async ({
  agentPage: page,
}) => {
  const family = uniqueName();
  await page.goto('/travellers/new');
  const form = page.getByRole('form', { name: 'Traveller' });
  await form.getByLabel('Given names').fill('Ines');
  await form.getByLabel('Family name').fill(family);
  await fillDate(form.getByLabel('Date of birth'), '1979-02-03');
  await form.getByLabel('Nationality (optional)').fill('GB');
  await form.getByRole('button', { name: 'Add a document' }).click();
  const passport = uniquePassport('K');
  await form.getByLabel('Number').fill(passport);
  await form.getByLabel('Issued by').fill('GB');
  await fillDate(form.getByLabel('Expires'), inDays(900));
  await form.getByRole('button', { name: 'Save traveller' }).click();
  await expect(page.getByRole('heading', { name: `Ines ${family}` })).toBeVisible();

  // A coach tour whose supplier asks each traveller's passport number and nationality.
  await openProduct(page, 'stonehenge', 'Stonehenge, Windsor Castle and Bath');
  await chooseAndContinue(page, { adults: 2 });
  const first = traveller(page, 'Adult 1');
  await first.getByRole('button', { name: /^Use a saved traveller/ }).click();
  await first.getByRole('combobox', { name: 'Saved traveller as Adult 1' }).fill(family);
  await page.getByRole('option', { name: new RegExp(`Ines ${family}`) }).click();
  await expect(first.getByLabel('Passport number')).toHaveValue(passport);
  await expect(first.getByRole('combobox', { name: 'Nationality' })).toHaveValue('United Kingdom');
  await expect(first.getByText(`Filled from Ines ${family}: passport number, nationality.`)).toBeVisible();

  // The same person picked again as the second traveller is stopped before anything is sent.
  const second = traveller(page, 'Adult 2');
  await second.getByRole('button', { name: /^Use a saved traveller/ }).click();
  await second.getByRole('combobox', { name: 'Saved traveller as Adult 2' }).fill(family);
  await page.getByRole('option', { name: new RegExp(`Ines ${family}`) }).click();
  await expect(second.locator('.check-error')).toContainText('The same person as traveller 1');
  await expectAccessible(page, 'activity booking form with saved travellers');
  await page.getByRole('button', { name: 'Hold booking' }).click();
  await expect(page.getByText('A traveller needs attention before this can be held')).toBeVisible();
  await expect(page).toHaveURL(/\/activities\/book\//);

  // The same on a hotel's guest form: one person cannot sleep in two places of one booking.
  await openFirstHotel(page, '2');
  await chooseFirstRate(page);
  for (const guest of [1, 2]) {
    const group = page.getByRole('group', { name: new RegExp(`^Room 1, guest ${guest}:`) });
    await group.getByRole('button', { name: /^Use a saved traveller/ }).click();
    await group.getByRole('combobox', { name: `Saved traveller for room 1, guest ${guest}` }).fill(family);
    await page.getByRole('option', { name: new RegExp(`Ines ${family}`) }).click();
    await expect(group.getByLabel('Passport number (optional)')).toHaveValue(passport);
  }
  const secondGuest = page.getByRole('group', { name: /^Room 1, guest 2:/ });
  await expect(secondGuest.locator('.check-error')).toContainText('The same person as traveller 1');
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByText('A guest needs attention before this can be held')).toBeVisible();
});

test('one profile per traveller: saved when booked is said on the order, a second save asks, and two profiles merge with their bookings', async ({
  agentPage: page,
}) => {
  const family = uniqueName();
  const passport = uniquePassport('P');
  // Booked with "save when booked": the order page says she is saved, and offers no second save.
  await searchAndWait(page, flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 50 }));
  await selectFirstOffer(page);
  await fillPassenger(page, 1, 'Amelia Rose', family, '1986-07-21');
  const first = page.getByRole('group', { name: /^Passenger 1:/ });
  await first.getByLabel('Passport number (optional)').fill(passport);
  await fillDate(first.getByLabel('Passport expires'), inDays(900));
  await first.getByLabel('Issued by').fill('GB');
  await first.getByLabel('Save passenger 1 to travellers when booked').check();
  await fillContact(page);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
  const passengers = page.getByRole('region', { name: 'Passengers' });
  const saved = passengers.getByRole('link', { name: `Saved in travellers: Amelia Rose ${family}` });
  if (knownPassengerShape) {
    await expect(saved).toBeVisible();
    await expect(passengers.getByRole('button', { name: /to travellers$/ })).toHaveCount(0);
    // The order page read again (a reload) still knows her.
    await page.reload();
    await expect(saved).toBeVisible();
  }
  const orderUrl = page.url();

  // Typed in again by hand: the directory asks instead of making a second profile.
  await page.goto('/travellers/new');
  const form = page.getByRole('form', { name: 'Traveller' });
  await form.getByLabel('Given names').fill('amelia  rose');
  await form.getByLabel('Family name').fill(family.toUpperCase());
  await fillDate(form.getByLabel('Date of birth'), '1986-07-21');
  await form.getByLabel('Email (optional)').fill('amelia.rose@example.com');
  await form.getByLabel('Family name').press('Enter');
  const asked = page.getByRole('region', { name: 'Already in travellers' });
  // The question takes the focus.
  const question = asked.locator('p').first();
  await expect(question).toBeFocused();
  await expect(question).toContainText('is already in travellers.');
  await expectAccessible(page, 'a traveller already in the directory');
  // From the keyboard: to "Update this profile" and press it.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(asked.getByRole('button', { name: /^Update this profile/ })).toBeFocused();
  await page.keyboard.press('Enter');
  // Her profile opens, its name focused.
  await expect(page.getByRole('heading', { name: `amelia rose ${family.toUpperCase()}` })).toBeFocused();
  await expect(page.getByRole('form', { name: 'Traveller' }).getByLabel('Email (optional)')).toHaveValue(
    'amelia.rose@example.com',
  );
  // Still one of her, with her booking.
  await page.goto(`/travellers?q=${family}`);
  await expect(page.getByRole('row', { name: new RegExp(family, 'i') })).toHaveCount(1);

  // Saved once more as "Amy", then corrected to her passport's name: the directory shows the two as one person.
  await page.goto('/travellers/new');
  await form.getByLabel('Given names').fill('Amy');
  await form.getByLabel('Family name').fill(family);
  await fillDate(form.getByLabel('Date of birth'), '1986-07-21');
  await form.getByRole('button', { name: 'Save traveller' }).click();
  await expect(page.getByRole('heading', { name: `Amy ${family}` })).toBeVisible();
  await form.getByLabel('Given names').fill('Amelia Rose');
  await form.getByRole('button', { name: 'Save traveller' }).click();
  await expect(page.getByRole('heading', { name: `Amelia Rose ${family}` })).toBeVisible();

  await page.goto('/travellers');
  const duplicates = page.getByRole('region', { name: 'Likely the same person' });
  const merge = duplicates.getByRole('button', { name: new RegExp(`^Merge… Amelia Rose ${family}`, 'i') });
  await expect(merge).toBeVisible();
  await expectAccessible(page, 'traveller directory with likely duplicates');
  await merge.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Merge two profiles into one?' });
  await expect(dialog.getByRole('button', { name: /^Keep .* and merge$/ })).toBeFocused();
  await expectAccessible(page, 'merging two travellers');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // The one kept opens, its booking with it.
  await expect(page.getByRole('heading', { name: new RegExp(`^amelia rose ${family}$`, 'i') })).toBeVisible();
  const bookings = page.getByRole('region', { name: 'Bookings' });
  await expect(bookings.getByRole('heading', { name: 'Bookings' })).toBeFocused();
  await expect(bookings.getByRole('row')).toHaveCount(2);
  await expect(bookings.getByRole('link')).toHaveCount(1);
  await page.goto(`/travellers?q=${family}`);
  await expect(page.getByRole('row', { name: new RegExp(family, 'i') })).toHaveCount(1);
  await page.goto(orderUrl);
  if (knownPassengerShape) await expect(saved).toBeVisible();
  else await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
});

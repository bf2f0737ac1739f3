import { chooseAndContinue, openProduct, traveller } from '../support/activities.ts';
import { expect, expectAccessible, fillDate, flightSearchUrl, inDays, test } from '../support/fixtures.ts';
import { fillContact, fillPassenger, searchAndWait, selectFirstOffer } from '../support/flights.ts';
import { chooseFirstRate, openFirstHotel } from '../support/hotels.ts';

/** A family name no other run has used (letters only: names are letters). */
const uniqueName = () =>
  `Hart${Array.from({ length: 6 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('')}`;

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
  await expect(passenger.getByLabel('Date of birth')).toHaveValue('1985-04-12');
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
  await form.getByLabel('Number').fill('N7654321');
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
  await form.getByLabel('Number').fill('K2468135');
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
  await expect(first.getByLabel('Passport number')).toHaveValue('K2468135');
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
    await expect(group.getByLabel('Passport number (optional)')).toHaveValue('K2468135');
  }
  const secondGuest = page.getByRole('group', { name: /^Room 1, guest 2:/ });
  await expect(secondGuest.locator('.check-error')).toContainText('The same person as traveller 1');
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByText('A guest needs attention before this can be held')).toBeVisible();
});

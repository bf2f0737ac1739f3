import { expect, expectAccessible, fillDate, flightSearchUrl, inDays, test } from '../support/fixtures.ts';
import { fillContact, fillPassenger, searchAndWait, selectFirstOffer } from '../support/flights.ts';

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
  await fillDate(first.getByLabel('Passport expires'), inDays(40 + 400));
  await first.getByLabel('Issued by').fill('GB');
  await first.getByLabel('Save passenger 1 to travellers when booked').check();
  await fillContact(page);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
  await expect(page.getByText('1 traveller added to the directory.')).toBeVisible();

  // She is in the office's directory, her passport with her.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Travellers' }).click();
  await page.getByLabel('Name, email or document number').fill(family);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name: `${family}, Amelia` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(family) })).toContainText(inDays(40 + 400));
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

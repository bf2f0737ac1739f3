import type { Browser, Locator, Page } from '@playwright/test';
import { createUser, DEMO, expect, signInAs, test } from '../support/fixtures.ts';
import { holdActivity } from '../support/holds.ts';

/**
 * Keyboard first (decision 046): each journey is driven by the keyboard alone — no click, no fill — and after every
 * step it says where the focus is, never on <body>. What a journey needs beforehand (bookings to walk, changes to
 * handle) is made in a second tab of the same browser, out of the journey's way.
 */

/** What has the focus now; a journey asserts it after every key, and it is never nothing (<body>). */
const focused = (page: Page) => page.locator(':focus');
async function expectFocusSomewhere(page: Page) {
  await expect(focused(page), 'focus is on an element, not on <body>').toHaveCount(1);
}

/** Presses a key until `target` has the focus (at most `max` times), the focus on something at every step. */
async function pressUntil(page: Page, key: string, target: Locator, max = 30) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
    await expectFocusSomewhere(page);
  }
  await expect(target).toBeFocused();
}

/** Opens `path`, signs in on the sign-in page it sends to by the keyboard (email, Tab, password, Enter), lands there. */
async function signInByKeyboard(page: Page, who: { email: string; password: string }, path: string) {
  await page.goto(path);
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(who.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(who.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** Another browser window, signed in as `who`, for what the journey needs made beforehand (bookings, changes). */
async function aside(
  browser: Browser,
  who: { email: string; password: string },
  make: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, who, '/bookings');
  await make(page);
  await context.close();
}

/** The highlighted option of the open list of suggestions: what Tab or Enter takes. */
const highlighted = (page: Page) => page.getByRole('listbox').getByRole('option', { selected: true });

test('a typed code is taken by Tab and by Enter in From and To, as the place it names, even when Tab comes before its suggestions', async ({
  page,
}) => {
  await signInByKeyboard(page, DEMO.agent, '/flights');
  // The new screen's heading has the focus; `/` goes to the search form's first field.
  await expect(page.getByRole('heading', { name: 'Flights', level: 1 })).toBeFocused();
  await page.keyboard.press('/');
  const from = page.getByRole('combobox', { name: 'From' });
  const to = page.getByRole('combobox', { name: 'To' });
  await expect(from).toBeFocused();

  // Typed and Tab at once, before the suggestions came: the place is taken when they come, the focus gone on.
  await page.keyboard.type('LON');
  await page.keyboard.press('Tab');
  await expectFocusSomewhere(page);
  await expect(from).toHaveValue('London (all airports) (LON)');
  await expect(to).toBeFocused();

  // Typed and waited for: the option Enter will take is the highlighted one, the code typed first.
  await page.keyboard.type('nyc');
  await expect(highlighted(page)).toContainText('(NYC)');
  await page.keyboard.press('Enter');
  await expect(to).toHaveValue('New York (all airports) (NYC)');
  await expect(to).toBeFocused();

  // Enter again sends the form: neither place is asked for.
  await page.keyboard.press('Enter');
  await expectFocusSomewhere(page);
  await expect(page.getByText('Choose where the trip starts')).toHaveCount(0);
  await expect(page.getByText('Choose where the trip ends')).toHaveCount(0);

  // A code typed over a chosen place, then Enter while its suggestions are still coming: taken when they come.
  await pressUntil(page, 'Shift+Tab', from);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('LHR');
  await page.keyboard.press('Enter');
  await expect(from).toHaveValue(/\(LHR\)$/);
  await expect(from).toBeFocused();
});

test('a code typed before the place field’s code has come is kept, and Tab takes the place when it comes', async ({
  page,
}) => {
  // The combobox's code (Downshift) is held back until the agent has typed and pressed Tab.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes('downshift-')) await held;
    await route.fulfill({ response });
  });
  await signInByKeyboard(page, DEMO.agent, '/flights');
  await expect(page.getByRole('heading', { name: 'Flights', level: 1 })).toBeFocused();
  await page.keyboard.press('/');
  const from = page.getByLabel('From', { exact: true });
  await expect(from).toBeFocused();
  await page.keyboard.type('LON');
  await expect(from).toHaveValue('LON');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('To', { exact: true })).toBeFocused();
  release();
  await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue('London (all airports) (LON)');
  await expect(page.getByRole('combobox', { name: 'To' })).toBeFocused();
});

test('the hotel destination takes the place typed, by Tab before the suggestions and by Enter on the highlighted one', async ({
  page,
}) => {
  await signInByKeyboard(page, DEMO.agent, '/hotels');
  await expect(page.getByRole('heading', { name: 'Hotels', level: 1 })).toBeFocused();
  await page.keyboard.press('/');
  const destination = page.getByRole('combobox', { name: 'Destination' });
  await expect(destination).toBeFocused();
  await page.keyboard.type('Paris');
  await page.keyboard.press('Tab');
  await expectFocusSomewhere(page);
  await expect(destination).toHaveValue('Paris');
  await expect(destination).not.toBeFocused();

  await pressUntil(page, 'Shift+Tab', destination);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('lond');
  await expect(highlighted(page)).toContainText('London');
  await page.keyboard.press('Enter');
  await expect(destination).toHaveValue('London');
  await expect(destination).toBeFocused();
});

test('the skip link is the first stop, a new screen has its heading focused and announced, and / j k Enter ? work on the desk', async ({
  page,
  browser,
}) => {
  const agent = await createUser('Keys Agent');
  await aside(browser, agent, async (setup) => {
    await holdActivity(setup, 'keys.one@example.com');
    await holdActivity(setup, 'keys.two@example.com');
  });
  await signInByKeyboard(page, agent, '/bookings');

  // Back to the desk by the top bar, from the heading: Shift+Tab up to "Trips", Enter.
  const heading = page.getByRole('heading', { name: 'Bookings', level: 1 });
  await expect(heading).toBeFocused();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await pressUntil(page, 'Shift+Tab', nav.getByRole('link', { name: 'Trips' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Trips', level: 1 })).toBeFocused();
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Trips' })).toHaveCount(1);
  await expect(page).toHaveTitle('Trips · Booking console');
  // On up to the skip link, the first stop of the page; it goes past the top bar to the screen.
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await pressUntil(page, 'Shift+Tab', skip);
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Trips', level: 1 })).toBeFocused();
  await pressUntil(page, 'Shift+Tab', nav.getByRole('link', { name: /^Bookings/ }));
  await page.keyboard.press('Enter');
  await expect(heading).toBeFocused();

  // j and k walk the rows; `?` lists the keys and Escape gives the focus back to the row.
  const rows = page.getByRole('region', { name: 'Bookings found' }).locator('[data-row]');
  await expect(rows).toHaveCount(2);
  await page.keyboard.press('j');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('?');
  const keys = page.getByRole('dialog', { name: 'Keys' });
  await expect(keys).toBeVisible();
  await expect(keys.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(keys).toContainText('Next row of the list');
  await page.keyboard.press('Escape');
  await expect(keys).toBeHidden();
  await expect(rows.nth(0)).toBeFocused();

  // `/` goes to the desk's search; j there is a letter typed, not a move.
  await page.keyboard.press('/');
  const search = page.getByLabel('Reference, name or email');
  await expect(search).toBeFocused();
  await page.keyboard.type('jk');
  await expect(search).toHaveValue('jk');
  await expect(search).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  // Escape leaves the search for the screen.
  await page.keyboard.press('Escape');
  await expect(heading).toBeFocused();

  // Enter on a row opens its booking: a new screen, its heading (or its marked field) focused.
  await page.keyboard.press('j');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/activities\/bookings\//);
  await expect(page.locator('main :focus')).toHaveCount(1);
});

test('Mark handled moves the focus to the next change’s note, then to what is left to act on', async ({
  page,
  browser,
  advanceServiceClock,
}) => {
  const agent = await createUser('Keys Handler');
  await signInByKeyboard(page, agent, '/changes');
  await expect(page.getByRole('heading', { name: 'Changes', level: 1 })).toBeFocused();
  // Two holds that lapse unpaid: two changes to act on.
  await aside(browser, agent, async (setup) => {
    await holdActivity(setup, 'keys.lapse.one@example.com');
    await holdActivity(setup, 'keys.lapse.two@example.com');
  });
  await advanceServiceClock(31 * 60);
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/changes/count')).json()) as { open: number }).open,
      { timeout: 30_000 },
    )
    .toBe(2);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Changes', level: 1 })).toBeFocused();

  const cards = page.getByRole('article', { name: 'Hold lapsed' });
  await expect(cards).toHaveCount(2);
  await page.keyboard.press('j');
  await expect(cards.nth(0)).toBeFocused();
  const firstNote = cards.nth(0).getByLabel('What you did (optional)');
  await pressUntil(page, 'Tab', firstNote);
  await page.keyboard.type('Told the client');
  await page.keyboard.press('Enter');
  // The first leaves the list; the focus is on the next one's note.
  await expect(cards).toHaveCount(1);
  const nextNote = cards.nth(0).getByLabel('What you did (optional)');
  await expect(nextNote).toBeFocused();
  await page.keyboard.type('Rebooked');
  await page.keyboard.press('Enter');
  // None left: the focus is on the line saying so.
  await expect(cards).toHaveCount(0);
  const message = page.locator('.results-bar');
  await expect(message).toContainText('Nothing to act on');
  await expect(message).toBeFocused();
});

test('an admin’s Invite puts the focus on where the link went', async ({ page }) => {
  await signInByKeyboard(page, DEMO.admin, '/admin/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeFocused();
  const form = page.getByRole('form', { name: 'Invite a user' });
  await pressUntil(page, 'Tab', form.getByLabel('Name'));
  await page.keyboard.type('Kim Keys');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Email')).toBeFocused();
  const email = `kim.keys.${Date.now()}@demo.test`;
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status', { name: `Link for ${email}` })).toBeFocused();
});

import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The five tasks of the bench (issue 56), driven with the keyboard alone: a return for two adults from the palette to
 * a held booking with both passengers entered; a hotel held and confirmed; an activity with options held; a booking
 * found by a passenger's surname and opened; a change handled with a note. One module for the bench (`pnpm bench`,
 * BENCH_ONLY=tasks), which counts the keys and measures each step, and for the journey that asserts focus after every
 * step (specs/keyboard-tasks.spec.ts).
 *
 * Every key goes through `Keys`: what is data (a place, a date, a name, the note) is typed and not counted; every other
 * key (Tab, Enter, the arrows, a shortcut, the words and separators of a command line) is counted. Nothing is clicked.
 * Each driver is a step per screen or move, so a shorter path (a screen that puts focus where its work starts, `j`/`k`
 * on rows) shortens one step: `tabTo` presses Tab only while focus is not yet where the work is.
 */
export class Keys {
  /** Keys pressed beyond the characters of the data typed. */
  count = 0;
  /** Characters of data typed (not counted as keys). */
  typed = 0;
  /** Every counted key, in order, for a reader who wants to see the path. */
  readonly pressed: string[] = [];
  constructor(readonly page: Page) {}

  /** A key that is not data: Tab, Enter, an arrow, a shortcut. */
  async press(key: string, times = 1): Promise<void> {
    for (let i = 0; i < times; i += 1) {
      await this.page.keyboard.press(key);
      this.count += 1;
      this.pressed.push(key);
    }
  }

  /**
   * Data: characters the task is about (a place, a date, a name, a note); not counted as keys. `perKeyMs` types at a
   * person's pace, for a field that loses keys typed faster (the country list: decision 050).
   */
  async data(text: string, perKeyMs = 0): Promise<void> {
    await this.page.keyboard.type(text, { delay: perKeyMs });
    this.typed += text.length;
  }

  /** Characters that are not data (a command's words and separators): each counted as a key. */
  async command(text: string): Promise<void> {
    await this.page.keyboard.type(text);
    this.count += text.length;
    this.pressed.push(...text.split(''));
  }

  /** A typed line whose data is in braces: `AN{12DEC}{LONNYC}*{19DEC}/{2A}` counts A, N, * and / as keys. */
  async line(template: string): Promise<void> {
    for (const [i, part] of template.split(/\{([^}]*)\}/).entries()) {
      if (!part) continue;
      if (i % 2 === 1) await this.data(part);
      else await this.command(part);
    }
  }

  /**
   * Tab (or Shift+Tab, whichever reaches it sooner) until `target` has focus, counting each press. The target must be
   * on the screen first: what is still loading is waited for, not tabbed past.
   */
  async tabTo(target: Locator, most = 80): Promise<void> {
    await expect(target.first()).toBeVisible();
    // Any element the locator matches will do (a result's title and its picture may both be links to it).
    const has = () =>
      target.evaluateAll((els) =>
        els.some((el) => el === document.activeElement || el.contains(document.activeElement)),
      );
    if (await has()) return;
    // The order of the tabbable elements, as the DOM gives it (the console uses no positive tabindex): which way is
    // shorter from the element that has focus now.
    const backwards = await target.first().evaluate((el) => {
      const tabbable = Array.from(
        document.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
        ),
      ).filter((e) => e.tabIndex >= 0 && e.getClientRects().length > 0 && !e.closest('[inert]'));
      const active = document.activeElement;
      // From <body>, Tab starts at the first element and Shift+Tab at the last; from an element that is not itself
      // tabbable (a row, a heading), Tab goes to the first tabbable after it (or inside it).
      let from = active instanceof HTMLElement ? tabbable.indexOf(active) : -1;
      if (from < 0 && active instanceof HTMLElement && active !== document.body)
        from =
          tabbable.findIndex(
            (e) => (active.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
          ) - 1;
      const to = tabbable.findIndex((e) => e === el || el.contains(e));
      if (to < 0) return false;
      const forward = from < 0 ? to + 1 : (to - from + tabbable.length) % tabbable.length;
      return tabbable.length - forward < forward;
    });
    for (let i = 0; i < most; i += 1) {
      await this.press(backwards ? 'Shift+Tab' : 'Tab');
      if (await has()) return;
    }
    throw new Error(`${most} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${target}`);
  }
}

/**
 * `j` (the shell's next row, decision 046) until focus is on the row of the list that holds `target`, counting each
 * press; Enter on a row then opens it (its `data-row-open`). The target must be on the screen first.
 */
export async function rowTo(keys: Keys, target: Locator, most = 40): Promise<void> {
  await expect(target.first()).toBeVisible();
  const onIt = () =>
    target
      .first()
      .evaluate(
        (el) =>
          document.activeElement?.hasAttribute('data-row') === true && document.activeElement.contains(el),
      );
  for (let i = 0; i < most; i += 1) {
    if (await onIt()) return;
    await keys.press('j');
  }
  if (!(await onIt())) throw new Error(`${most} presses of j did not reach the row of ${target}`);
}

/** What a driver is given: the page, its keys, and the hook called after every step. */
export interface TaskRun {
  page: Page;
  keys: Keys;
  /** Called after each step, named: a journey asserts where focus is, the bench reads the step's interactions. */
  afterStep: (step: string) => Promise<void>;
}

/** A day as a GDS entry writes it (`12DEC`). */
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
export const gdsDay = (date: string) => `${Number(date.slice(8, 10))}${MONTHS[Number(date.slice(5, 7)) - 1]}`;
const addDays = (days: number, from = Date.now()) =>
  new Date(from + days * 86_400_000).toISOString().slice(0, 10);

/** The palette, opened from wherever focus is. */
async function openPalette(run: TaskRun) {
  await run.keys.press('Control+k');
  await expect(run.page.getByRole('searchbox', { name: 'Go to, search or do' })).toBeFocused();
}

/** A flight or hotel booking page may ask to accept a new price first; an agent reads it and accepts. */
async function acceptPriceIfAsked(run: TaskRun, form: Locator) {
  const accept = run.page.getByRole('button', { name: /^Accept the new/ });
  await expect(form.or(accept)).toBeVisible();
  if (await accept.isVisible()) {
    await run.keys.tabTo(accept);
    await run.keys.press('Enter');
  }
  await expect(form).toBeVisible();
}

/** A field reached by Tab, and its value typed (data). */
async function fieldOf(run: TaskRun, field: Locator, value: string) {
  await run.keys.tabTo(field);
  await run.keys.data(value);
}

/**
 * Task 1: London–New York, out in 45 days and back a week later, for two adults, from the palette's availability entry
 * to a held booking with both passengers entered, both under `surname` (task 4 finds the booking by it).
 */
export async function flightTask(run: TaskRun, surname: string): Promise<{ orderPath: string }> {
  const { page, keys } = run;
  const depart = addDays(45);
  const back = addDays(52);
  await openPalette(run);
  await keys.line(`AN{${gdsDay(depart)}}{LONNYC}*{${gdsDay(back)}}/{2A}`);
  await expect(page.getByRole('menuitem', { name: /^Search flights LON → NYC/ })).toBeVisible();
  await run.afterStep('the availability entry typed in the palette');

  await keys.press('Enter');
  await expect(page).toHaveURL(/\/flights\?from=LON&to=NYC/);
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 30_000 });
  // The offers are rows: j to the first, Enter selects it.
  await rowTo(keys, page.getByRole('button', { name: /^Select / }).first());
  await run.afterStep('the results: on the first offer');

  await keys.press('Enter');
  const form = page.getByRole('form', { name: 'Passengers and contact' });
  await acceptPriceIfAsked(run, form);
  const passengerField = (index: number, label: string) =>
    form.getByRole('group', { name: new RegExp(`^Passenger ${index}:`) }).getByLabel(label);
  await keys.tabTo(passengerField(1, 'Given names'));
  await run.afterStep('the offer chosen: on the first passenger');

  for (const [index, given, born] of [
    [1, 'Ada', '1980-02-02'],
    [2, 'Ben', '1982-03-03'],
  ] as const) {
    await fieldOf(run, passengerField(index, 'Given names'), given);
    await fieldOf(run, passengerField(index, 'Family name'), surname);
    // The date field reads a date as the agent writes it; the ISO form reads in every locale.
    await fieldOf(run, passengerField(index, 'Date of birth'), born);
    await expect(passengerField(index, 'Date of birth')).toHaveAttribute('data-date', born);
    // A select takes the letter of its choice from the keyboard: the data is the gender.
    await fieldOf(run, passengerField(index, 'Gender'), index === 1 ? 'F' : 'M');
    await run.afterStep(`passenger ${index} entered`);
  }
  await fieldOf(run, form.getByLabel('Email'), `${surname.toLowerCase()}@example.com`);
  await fieldOf(run, form.getByLabel('Phone'), '+442079460000');
  await run.afterStep('the contact entered');

  // Enter in a field sends the form.
  await keys.press('Enter');
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.status-pill').first()).toHaveText(/held|booked|on hold/);
  await run.afterStep('the booking held');
  return { orderPath: new URL(page.url()).pathname };
}

/** Task 2: a hotel in Paris, two nights in 40 days for one adult, from the palette to a hold, then confirmed. */
export async function hotelTask(run: TaskRun, surname: string): Promise<void> {
  const { page, keys } = run;
  await openPalette(run);
  await keys.line(`hotel {paris} {${gdsDay(addDays(40)).toLowerCase()}} {2n} {1a}`);
  const search = page.getByRole('menuitem', { name: /^Search hotels in “Paris”/ }).first();
  await expect(search).toBeVisible();
  await run.afterStep('the stay typed in the palette');

  await keys.press('Enter');
  await expect(page.getByRole('region', { name: 'Hotel results' }).getByRole('status')).toContainText(
    'properties in Paris',
    { timeout: 30_000 },
  );
  // The hotels are rows: j to the first, Enter opens its rates (its name's link).
  await rowTo(keys, page.getByRole('region', { name: 'Hotel results' }).getByRole('link').first());
  await run.afterStep('the results: on the first hotel');

  await keys.press('Enter');
  await expect(page.getByRole('heading', { name: /^Rates for/ })).toBeVisible({ timeout: 30_000 });
  await rowTo(keys, page.getByRole('button', { name: /^Choose / }).first());
  await run.afterStep('the hotel’s rates: on the first');

  await keys.press('Enter');
  const form = page.getByRole('form', { name: 'Guests and contact' });
  await acceptPriceIfAsked(run, form);
  const guest = form.getByRole('group', { name: /^Room 1, guest 1:/ });
  await keys.tabTo(guest.getByLabel('Given names'));
  await run.afterStep('the rate chosen: on the guest');

  await fieldOf(run, guest.getByLabel('Given names'), 'Cleo');
  await fieldOf(run, guest.getByLabel('Family name'), surname);
  await fieldOf(run, form.getByLabel('Email'), `${surname.toLowerCase()}@example.com`);
  await fieldOf(run, form.getByLabel('Phone'), '+33123456789');
  await run.afterStep('the guest entered');

  await keys.press('Enter');
  await expect(page.getByRole('heading', { name: /^Hotel order/ })).toBeVisible({ timeout: 30_000 });
  await keys.tabTo(page.getByRole('button', { name: /^Confirm · / }));
  await run.afterStep('the hotel held: on Confirm');

  await keys.press('Enter');
  const confirm = page.getByRole('alertdialog').getByRole('button', { name: /^Confirm for / });
  await keys.tabTo(confirm);
  await run.afterStep('asked to confirm');

  await keys.press('Enter');
  await expect(page.locator('.status-pill').first()).toHaveText('confirmed', { timeout: 30_000 });
  await run.afterStep('the hotel confirmed');
}

/**
 * Task 3: an activity with options: the Colosseum's arena floor (its second option), the first day it can be booked,
 * one adult with the passport and nationality it asks for, held.
 */
export async function activityTask(run: TaskRun, surname: string): Promise<void> {
  const { page, keys } = run;
  const title = 'Colosseum, Roman Forum and Palatine Hill';
  await openPalette(run);
  await keys.line('act {colosseum}');
  await expect(page.getByRole('menuitem', { name: /^Search activities for “colosseum”/ })).toBeVisible();
  await run.afterStep('the activity typed in the palette');

  await keys.press('Enter');
  await rowTo(keys, page.getByRole('link', { name: title }));
  await run.afterStep('the results: on the Colosseum');

  await keys.press('Enter');
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 30_000 });
  const options = page.getByRole('group', { name: 'Choose an option' });
  await keys.tabTo(options.getByRole('radio').first());
  await keys.press('ArrowDown');
  await expect(options.getByRole('radio', { name: /^Arena floor access/ })).toBeChecked();
  await run.afterStep('the option chosen');

  // The calendar's first day that can be booked: Tab into the month, then the arrows to it, Enter.
  const bookable = page.locator('.rdp-day_button:enabled').first();
  await expect(bookable).toBeVisible();
  await keys.tabTo(page.locator('.rdp-day_button[tabindex="0"]'));
  for (let i = 0; i < 40 && !(await bookable.evaluate((el) => el === document.activeElement)); i += 1)
    await keys.press('ArrowRight');
  await keys.press('Enter');
  await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('table', { name: 'Prices and places left' })).toBeVisible();
  await run.afterStep('the day chosen');

  await keys.tabTo(page.getByRole('link', { name: 'Continue to booking' }));
  await keys.press('Enter');
  const form = page.getByRole('form', { name: 'Booking details' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  const adult = form.getByRole('group', { name: 'Adult 1', exact: true });
  await keys.tabTo(adult.getByLabel('Passport number'));
  await run.afterStep('on to booking: on the first answer');

  await keys.data('P1234567');
  const nationality = adult.getByRole('combobox', { name: 'Nationality' });
  await keys.tabTo(nationality);
  await keys.data('Spain', 120);
  await expect(nationality).toHaveValue('Spain');
  await expect(page.getByRole('option', { name: /^Spain/ }).first()).toBeVisible();
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await expect(nationality).toHaveValue('Spain');
  await run.afterStep('the answers given');

  const customer = form.getByRole('group', { name: 'Customer' });
  await fieldOf(run, customer.getByLabel('Given names'), 'Dora');
  await fieldOf(run, customer.getByLabel('Family name'), surname);
  await fieldOf(run, customer.getByLabel('Email'), `${surname.toLowerCase()}@example.com`);
  await run.afterStep('the customer entered');

  // Enter in a field sends the form.
  await keys.press('Enter');
  await expect(page.locator('.status-pill').first()).toHaveText('held', { timeout: 30_000 });
  await run.afterStep('the activity held');
}

/** Task 4: a booking found by a passenger's surname in the palette, and opened. */
export async function findTask(run: TaskRun, surname: string): Promise<void> {
  const { page, keys } = run;
  await openPalette(run);
  // The palette lists what it finds for each start of the name as it is typed; what Enter runs is what was found for
  // the whole name, listed once the office's bookings, trips and travellers have all answered for it.
  const lookups = ['bookings', 'trips', 'travellers'].map((what) =>
    page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === `/api/${what}` && url.searchParams.get('q') === surname;
    }),
  );
  await keys.data(surname);
  await Promise.all(lookups);
  // The newest of the bookings with that name comes first, chosen; Enter opens it.
  const found = page.getByRole('menuitem', { name: /^(Flight|Hotel|Activity) / }).first();
  await expect(found).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('searchbox', { name: 'Go to, search or do' })).toHaveAttribute(
    'aria-activedescendant',
    (await found.getAttribute('id')) ?? 'an item with an id',
  );
  const first = await found.textContent();
  const product = /^(Flight|Hotel|Activity)/.exec(first ?? '')?.[1] ?? '';
  await run.afterStep('the surname typed in the palette');

  await keys.press('Enter');
  await expect(
    page.getByRole('heading', { name: new RegExp(`^${product} (order|booking)`), level: 1 }),
  ).toBeVisible({ timeout: 30_000 });
  await run.afterStep('the booking opened');
}

/** Task 5: on the Changes list, the first change handled with a note. */
export async function changeTask(run: TaskRun, note: string): Promise<void> {
  const { page, keys } = run;
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Mark handled' }) })
    .first();
  // The changes are rows: j to the first, then Tab into it to its note.
  await rowTo(keys, card);
  await fieldOf(run, card.getByLabel('What you did (optional)'), note);
  await run.afterStep('the note written');

  const handled = page.waitForResponse((r) => /\/api\/changes\/[^/]+\/handle$/.test(r.url()));
  await keys.press('Enter');
  expect((await handled).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Saving…' })).toHaveCount(0);
  await run.afterStep('the change handled');
}

/** The five, in the order the bench runs them, with their goals (keys beyond the data typed). */
export const TASK_GOALS = {
  flight: 40,
  hotel: 25,
  activity: 30,
  find: 6,
  change: 6,
} as const;

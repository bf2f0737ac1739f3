import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChangeCountSchema } from '@console/contract';
import type { Page } from '@playwright/test';
import { chooseAndContinue, fillCustomer, openProduct } from '../support/activities.ts';
import { expect, expectAccessible, flightSearchUrl, sandbox, signIn, test } from '../support/fixtures.ts';
import { fillContact, fillPassenger, searchAndWait, selectFirstOffer } from '../support/flights.ts';
import { chooseFirstRate, fillGuests, openFirstHotel, parisUrl } from '../support/hotels.ts';

// A phone held upright (an iPhone 12's screen): every screen of the console in one column of 390 px.
const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

const APP = join(import.meta.dirname, '..', '..', 'apps', 'web', 'src', 'app');

/**
 * Every route the console declares (the router and the two screens that route inside themselves), each as
 * "path element": read from the route declarations, so a route added there and not opened below fails the journey.
 */
function declaredRoutes(): string[] {
  const routes: string[] = [];
  for (const file of ['router.tsx', 'office-pages.tsx', 'business-pages.tsx']) {
    const text = readFileSync(join(APP, file), 'utf8');
    for (const [, index, path, element] of text.matchAll(
      /<Route\b(\s+index)?(?:\s+path="([^"]*)")?\s+element=\{<(\w+)/g,
    )) {
      // The shell holds the others; a path ending in /* hands its routes to a screen whose routes are read too.
      if (element === 'Layout' || path?.endsWith('/*')) continue;
      routes.push(`${index ? 'index' : path} ${element}`);
    }
  }
  return routes.sort();
}

/** What a screen at 390 px must not do, in words naming where; nothing when it fits. */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const name = (element: Element) => {
      const label =
        element.getAttribute('aria-label') ?? element.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40);
      const classes = element.classList.length > 0 ? `.${Array.from(element.classList).join('.')}` : '';
      return `<${element.tagName.toLowerCase()}${classes}> “${label ?? ''}”`;
    };
    const found: string[] = [];
    const page = document.scrollingElement;
    if (page && page.scrollWidth > page.clientWidth)
      found.push(`the page scrolls sideways (${page.scrollWidth} px in ${page.clientWidth})`);
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      if (element === page) continue;
      const { overflowX } = getComputedStyle(element);
      if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth)
        found.push(
          `a box scrolls sideways: ${name(element)} (${element.scrollWidth} px in ${element.clientWidth})`,
        );
    }
    const controls =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="combobox"], [role="tab"], [role="checkbox"], [role="radio"], [tabindex]:not([tabindex="-1"])';
    for (const control of Array.from(document.querySelectorAll(controls))) {
      if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      // A visually hidden control (a label's 1 px box) is not drawn.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right > width + 0.5)
        found.push(`a control is drawn past the edge: ${name(control)} (to x = ${Math.round(box.right)})`);
    }
    return found;
  }, WIDTH);
}

/** Opens a route and waits for its screen (and `ready`, where it lists rows), then holds it to the phone's width. */
async function holdsToPhone(page: Page, route: string, url: string, ready?: (page: Page) => Promise<void>) {
  await page.goto(url);
  // Its heading (the page for no route has a line only).
  await expect(page.locator('main :is(h1, p)').first(), `${route}: its screen opens`).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.locator('main .loading'), `${route}: its screen is loaded`).toHaveCount(0, {
    timeout: 20_000,
  });
  if (ready) await ready(page);
  await expect.poll(() => misfits(page), { message: `${route} (${url}) at ${WIDTH} px` }).toEqual([]);
  await expectAccessible(page, `${route} (${url})`);
}

/** The id of what the office's records answer when one is made. */
function idOf(made: unknown): string {
  if (typeof made === 'object' && made !== null && 'id' in made && typeof made.id === 'string')
    return made.id;
  throw new Error(`no id in ${JSON.stringify(made)}`);
}

const rows = (page: Page) => expect(page.locator('main table tbody tr').first()).toBeVisible();

test('at 390 px every route of the console fits the screen: no sideways scroll, no box that scrolls sideways, no control past the edge', async ({
  page,
  advanceServiceClock,
}) => {
  test.setTimeout(600_000);
  // Signed out: the sign-in page and the pages of a one-time link.
  const opened = new Set<string>();
  const signedOut = async (route: string, url: string) => {
    await page.goto(url);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect.poll(() => misfits(page), { message: `${route} at ${WIDTH} px` }).toEqual([]);
    opened.add(route);
  };
  await signedOut('/sign-in SignInPage', '/sign-in');
  await signedOut('/welcome WelcomePage', '/welcome#not-a-link');
  await signedOut('/not-me NotMePage', '/not-me');

  // The office at work, booked at 390 px as an agent on a phone would: a flight held then ticketed, a hotel held and
  // confirmed, an activity held; a traveller, a trip, a quote and a fee rule; a change to act on.
  await signIn(page, 'admin', '/flights');
  const urls: Record<string, string> = {};
  const path = () => {
    const here = new URL(page.url());
    return `${here.pathname}${here.search}`;
  };

  urls.flights = flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 30, adults: 1 });
  await searchAndWait(page, urls.flights);
  await selectFirstOffer(page);
  await expect(page.getByRole('form', { name: 'Passengers and contact' })).toBeVisible();
  await fillPassenger(page, 1, 'Paulette', 'Phone', '1984-05-06');
  await fillContact(page);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
  urls.flightOrder = path();
  const flightId = decodeURIComponent(urls.flightOrder.split('/').pop() ?? '');
  await page.getByRole('button', { name: /^Ticket · / }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Ticket for/ })
    .click();
  await expect(page.getByText('Ticketing started')).toBeVisible();

  // The airline moves the ticketed flight a day and tells no one; an hour on, the watch finds it: a change to act on.
  // (Before the holds below, so they are still running when the radar is opened.)
  await advanceServiceClock(60);
  await expect
    .poll(async () => (await (await page.request.get(`/api${urls.flightOrder}`)).text()).toLowerCase(), {
      timeout: 30_000,
    })
    .toMatch(/"status":"ticketed"/);
  await sandbox(`/flights/orders/${encodeURIComponent(flightId)}/schedule`, { days: 1 });
  await advanceServiceClock(61 * 60);
  await expect
    .poll(
      async () => ChangeCountSchema.parse(await (await page.request.get('/api/changes/count')).json()).open,
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThan(0);

  // An offer of the service's time now, for its booking page (the first one's time has passed).
  await searchAndWait(page, urls.flights);
  await selectFirstOffer(page);
  await expect(page.getByRole('form', { name: 'Passengers and contact' })).toBeVisible();
  urls.flightBook = path();

  await openFirstHotel(page, '1');
  urls.hotels = parisUrl('1');
  urls.hotel = path();
  await chooseFirstRate(page);
  urls.hotelBook = path();
  const rateId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await fillGuests(page, [{ room: 1, guest: 1 }]);
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.locator('.status-pill')).toHaveText('held');
  urls.hotelOrder = path();
  await page.getByRole('button', { name: /^Confirm · / }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Confirm for / })
    .click();
  await expect(page.locator('.status-pill')).toHaveText(/confirm/, { timeout: 15_000 });

  await openProduct(page, 'louvre', 'Louvre Museum: Timed Entry Ticket');
  urls.activities = '/activities?q=louvre';
  urls.activity = path();
  await chooseAndContinue(page, { slot: '09:00', adults: 1 });
  urls.activityBook = path();
  await fillCustomer(page, 'paulette.phone@example.com');
  await page.getByRole('button', { name: 'Hold booking' }).click();
  await expect(page.locator('.status-pill')).toHaveText('held');
  urls.activityBooking = path();

  const post = async (to: string, data: unknown) => {
    const response = await page.request.post(`/api${to}`, { data, headers: { 'x-console-csrf': '1' } });
    expect(response.ok(), `POST ${to}: ${await response.text()}`).toBe(true);
    return { id: idOf(await response.json()) };
  };
  const traveller = await post('/travellers', {
    given_name: 'Paulette',
    family_name: 'Phone',
    date_of_birth: '1984-05-06',
    email: 'paulette.phone@example.com',
    on_match: 'new',
  });
  const trip = await post('/trips', { name: 'Paulette in Paris', booking_id: flightId });
  const quote = await post('/quotes', {
    client_name: 'Paulette Phone',
    options: [{ kind: 'hotel', rate_id: rateId }],
  });
  await post('/pricing/rules', { product: 'hotel', percent: '5' });

  // The count of changes to act on stays in sight on the menu button while the destinations are put away.
  await page.goto('/changes');
  await expect(page.getByRole('button', { name: /^Menu \(\d+ to act on\)$/ })).toBeVisible();

  // Every route, by its declaration: where it is opened at 390 px, and what says its screen is whole.
  const ROUTES: Record<string, { url: string; ready?: (page: Page) => Promise<void> }> = {
    'index Navigate': { url: '/' },
    'flights FlightSearchPage': {
      url: urls.flights,
      ready: (p) =>
        expect(p.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 20_000 }),
    },
    'flights/book/:offerId BookPage': { url: urls.flightBook },
    'flights/orders/:orderId OrderPage': {
      url: urls.flightOrder,
      ready: (p) => expect(p.getByRole('article', { name: 'Schedule change' }).first()).toBeVisible(),
    },
    'hotels HotelSearchPage': {
      url: urls.hotels,
      ready: (p) => expect(p.getByRole('link', { name: /^See rooms at / }).first()).toBeVisible(),
    },
    'hotels/:hotelId HotelPage': {
      url: urls.hotel,
      ready: (p) => expect(p.getByRole('button', { name: /^Choose / }).first()).toBeVisible(),
    },
    'hotels/book/:rateId HotelBookPage': { url: urls.hotelBook },
    'hotels/orders/:orderId HotelOrderPage': { url: urls.hotelOrder },
    'activities ActivitySearchPage': {
      url: urls.activities,
      ready: (p) => expect(p.locator('.activity-title').first()).toBeVisible(),
    },
    'activities/bookings ActivityBookingsPage': { url: '/activities/bookings', ready: rows },
    'activities/bookings/:bookingId ActivityBookingPage': { url: urls.activityBooking },
    'activities/book/:typeId ActivityBookPage': { url: urls.activityBook },
    'activities/:productId ActivityPage': { url: urls.activity },
    'bookings BookingsPage': { url: '/bookings', ready: rows },
    'radar RadarPage': {
      url: '/radar',
      ready: (p) => expect(p.locator('main li, main tbody tr').first()).toBeVisible(),
    },
    'changes ChangesPage': {
      url: '/changes',
      ready: (p) => expect(p.getByRole('article', { name: 'Schedule change' }).first()).toBeVisible(),
    },
    'index QuotesPage': { url: '/quotes', ready: rows },
    ':quoteId QuotePage': { url: `/quotes/${quote.id}` },
    'admin AdminPage': { url: '/admin' },
    'admin/users UsersPage': { url: '/admin/users', ready: rows },
    'admin/audit AuditPage': { url: '/admin/audit', ready: rows },
    'admin/pricing BusinessPages': { url: '/admin/pricing', ready: rows },
    'admin/reports BusinessPages': { url: '/admin/reports', ready: rows },
    'account AccountPage': { url: '/account', ready: rows },
    'index TravellersPage': { url: '/travellers', ready: rows },
    ':travellerId TravellerPage': { url: `/travellers/${traveller.id}` },
    'index TripsPage': { url: '/trips', ready: rows },
    ':tripId TripPage': { url: `/trips/${trip.id}`, ready: rows },
    'admin/wallet OfficePages': { url: '/admin/wallet', ready: rows },
    '* p': { url: '/no-such-page' },
  };
  expect(
    [...Object.keys(ROUTES), ...opened].sort(),
    'every route the console declares is opened by this journey (a new one is added to ROUTES)',
  ).toEqual(declaredRoutes());
  for (const [route, { url, ready }] of Object.entries(ROUTES)) await holdsToPhone(page, route, url, ready);
});

test('at 390 px the top bar’s destinations sit behind one menu button, each reached from the keyboard', async ({
  page,
}) => {
  await signIn(page, 'admin', '/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  // A new screen puts the focus on its work: only then is the menu button taken (a screen still drawing takes it back).
  const focusOnScreen = page.locator('main').locator(':focus');
  await expect(focusOnScreen).toHaveCount(1);
  const menu = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // Closed, the destinations take no room: the bar is one thin line.
  await expect(nav.getByRole('link', { name: 'Radar' })).toBeHidden();
  const bar = await page.locator('header.topbar').boundingBox();
  expect(bar?.height ?? 999).toBeLessThan(64);
  expect(await misfits(page)).toEqual([]);

  // From the keyboard: to the menu button, open, walk to each destination, follow it; Escape closes where it opened.
  const destinations = [
    'Flights',
    'Hotels',
    'Activities',
    'Bookings',
    'Changes',
    'Radar',
    'Trips',
    'Travellers',
    'Admin',
  ];
  for (const [at, destination] of destinations.entries()) {
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(destinations.length);
    await expect(links.first()).toBeFocused();
    if (at === 0) {
      expect(await misfits(page)).toEqual([]);
      await expectAccessible(page, 'the menu open at 390 px');
      await page.keyboard.press('Escape');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeFocused();
      await expect(links.first()).toBeHidden();
      await page.keyboard.press('Enter');
      await expect(links.first()).toBeFocused();
    }
    for (let step = 0; step < at; step += 1) await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: new RegExp(`^${destination}`) })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${destination.toLowerCase()}`));
    // Followed, the menu closes and the screen is whole.
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(focusOnScreen).toHaveCount(1);
  }
});

test('on a phone, a flight search’s controls stay where they are while its offers stream in and when it ends', async ({
  agentPage: page,
}) => {
  // Batches 1.5 s apart: the search is seen under way, with offers and its providers counted, before it ends.
  await sandbox('/settings', { stream_interval_ms: 1500 });
  try {
    await page.goto(flightSearchUrl({ from: 'LHR', to: 'CDG', inDays: 33 }));
    const status = page.getByRole('status').filter({ hasText: /Still searching/ });
    // On a phone the filters are a button above the list that opens them in a sheet.
    const filters = page.getByRole('button', { name: /^Filters/ });
    // Nothing found yet: the filters' button waits, so the first offers do not push it down the screen. Read in one
    // look at the page, as the first offers may come at any moment between two reads.
    await expect(status).toBeVisible();
    const filtersWaitWhileNothingShown = await page.evaluate(
      () =>
        document.querySelector('article') !== null ||
        !Array.from(document.querySelectorAll('button')).some((b) => b.textContent?.startsWith('Filters')),
    );
    expect(filtersWaitWhileNothingShown).toBe(true);
    await expect(status).toContainText(/providers\)/);
    await expect(page.getByRole('article').first()).toBeVisible();
    const sort = page.getByLabel('Sort by');
    const under = await sort.boundingBox();
    await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({
      timeout: 20_000,
    });
    // The status line's words went from two lines to one; the sort under it did not move.
    expect(Math.abs(((await sort.boundingBox())?.y ?? 0) - (under?.y ?? -100))).toBeLessThanOrEqual(1);
    await expect(filters).toBeVisible();
  } finally {
    await sandbox('/settings', { stream_interval_ms: 250 });
  }
});

import type { Page } from '@playwright/test';
import { expect, inDays } from './fixtures.ts';

/** A Paris city search URL for a stay starting `days` from today (or from `from`). */
export const parisUrl = (rooms = '2', days = 40, from = Date.now()) =>
  `/hotels?${new URLSearchParams({ place: '2001', name: 'Paris', type: 'city', in: inDays(days, from), out: inDays(days + 2, from), rooms })}`;

export const status = (page: Page) => page.getByRole('region', { name: 'Hotel results' }).getByRole('status');

/** Opens the first hotel of a Paris search and returns the hotel page's search answer (its rates). */
export async function openFirstHotel(page: Page, rooms = '2', from = Date.now()) {
  await page.goto(parisUrl(rooms, 40, from));
  await expect(status(page)).toContainText('properties in Paris');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/hotels/searches') && r.status() === 201);
  await page
    .getByRole('link', { name: /^See rooms at / })
    .first()
    .click();
  const search = (await (await answer).json()) as { offers: { id: string }[] };
  await expect(page.getByRole('heading', { name: /^Rates for/ })).toBeVisible();
  return search.offers;
}

/** Chooses the first rate; accepts a change of price if the hotel moved it, as an agent would after reading it. */
export async function chooseFirstRate(page: Page) {
  await page
    .getByRole('button', { name: /^Choose / })
    .first()
    .click();
  const form = page.getByRole('form', { name: 'Guests and contact' });
  const accept = page.getByRole('button', { name: /^Accept the new/ });
  await expect(form.or(accept)).toBeVisible();
  if (await accept.isVisible()) await accept.click();
  await expect(form).toBeVisible();
}

/** Names every guest given (room and guest numbers from 1), and the contact. */
export async function fillGuests(page: Page, people: { room: number; guest: number }[]) {
  for (const { room, guest } of people) {
    const group = page.getByRole('group', { name: new RegExp(`^Room ${room}, guest ${guest}:`) });
    await group.getByLabel('Given names').fill(`Guest${'ABC'[guest - 1]}`);
    await group.getByLabel('Family name').fill(`Room${'XYZ'[room - 1]}`);
  }
  await page.getByLabel('Email').fill('guests@example.com');
  await page.getByLabel('Phone').fill('+33123456789');
}

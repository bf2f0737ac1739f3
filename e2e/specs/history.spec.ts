import { closeDatabase, openDatabase, seedHistory } from '@console/bff/testing';
import { expect, test } from '@playwright/test';
import { env } from '../env.ts';
import { createUser, expectAccessible, signInAs } from '../support/fixtures.ts';

/**
 * An agent with history (decision 023): 130 bookings written into the console's store with SQL (as an import or
 * years of use leave them), more than two pages of the desk. They are dated two years back, so other journeys' desks
 * keep their own bookings on top.
 */
test('an agent pages through a desk longer than one page, and a reload or Back keeps the page', async ({
  page,
}) => {
  const agent = await createUser('History Agent');
  const db = await openDatabase(env.serverEnv.DATABASE_URL, { readers: 1 });
  try {
    await seedHistory(db, {
      bookings: 130,
      audit: 0,
      agents: [{ id: agent.id, email: agent.email }],
      newest: new Date(Date.now() - 2 * 365 * 86_400_000),
    });
  } finally {
    await closeDatabase(db);
  }

  await signInAs(page, agent, '/bookings');
  const found = page.getByRole('region', { name: 'Bookings found' });
  const pager = page.getByRole('navigation', { name: 'Pages of bookings' });
  await expect(found.getByRole('status')).toHaveText('130 bookings');
  await expect(found.getByRole('row')).toHaveCount(51);
  await expect(pager).toContainText('Page 1 · 50 shown of 130 bookings');
  const firstOnPage1 = await found.getByRole('row').nth(1).textContent();

  // The next page on a slow line: until it arrives the pager says so and waits (page 1's rows are still shown, and
  // their cursor would skip a page).
  const slow = /\/api\/bookings\?(.*&)?after=/;
  // The page is held back until the test has seen the pager wait: the test, not a timer, lets it go.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(slow, async (route) => {
    await held;
    await route.continue();
  });
  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(pager).toContainText('Loading page 2…');
  await expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expect(found).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(pager).toContainText('Page 2 · 50 shown');
  await page.unroute(slow);
  await expect(page).toHaveURL(/after=.*page=2/);
  const firstOnPage2 = await found.getByRole('row').nth(1).textContent();
  expect(firstOnPage2).not.toBe(firstOnPage1);
  await expectAccessible(page, 'bookings desk, page 2');

  // A reload shows the same page; the third is the last and has no next.
  await page.reload();
  await expect(pager).toContainText('Page 2 · 50 shown');
  await expect(found.getByRole('row').nth(1)).toHaveText(firstOnPage2 ?? '');
  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(pager).toContainText('Page 3 · 30 shown');
  await expect(pager.getByRole('button', { name: 'Next page' })).toHaveCount(0);

  // Back returns to page 2; "First page" to the newest.
  await page.goBack();
  await expect(pager).toContainText('Page 2 · 50 shown');
  await pager.getByRole('button', { name: 'First page' }).click();
  await expect(found.getByRole('row').nth(1)).toHaveText(firstOnPage1 ?? '');

  // A search pages too: a tenth of these travellers are Harts; a new search starts at its first page.
  await page.getByLabel('Reference, name or email').fill('hart');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(found.getByRole('status')).toHaveText('13 bookings');
  await expect(page).not.toHaveURL(/after=/);
  await expect(found.getByRole('row')).toHaveCount(14);
});

import { closeDatabase, openDatabase, seedHistory } from '@console/bff/testing';
import { env } from '../env.ts';
import { createUser, expect, signInAs, test } from '../support/fixtures.ts';

const shot = (name: string) => ({ path: `screenshots/${name}.png`, fullPage: true });

test('an office with history: the desk and the audit log a page at a time', async ({ page, browser }) => {
  const agent = await createUser('History Shots');
  const db = await openDatabase(env.serverEnv.DATABASE_URL, { readers: 1 });
  try {
    await seedHistory(db, {
      bookings: 180,
      audit: 400,
      agents: [{ id: agent.id, email: agent.email }],
      newest: new Date(Date.now() - 60_000),
    });
  } finally {
    await closeDatabase(db);
  }
  await signInAs(page, agent, '/bookings');
  const pager = page.getByRole('navigation', { name: 'Pages of bookings' });
  // The next page on a slow line, caught while it loads; then as it is.
  const slow = /\/api\/bookings\?(.*&)?after=/;
  await page.route(slow, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(pager).toContainText('Loading page 2…');
  await pager.screenshot({ path: 'screenshots/history-desk-pager-loading.png' });
  await expect(pager).toContainText('Page 2 ·');
  await page.unroute(slow);
  await page.screenshot(shot('history-desk-page-2'));
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, { email: 'admin@demo.test', password: 'demo-admin' }, '/admin/audit?result=failed');
  await expect(admin.getByRole('table', { name: 'Audit entries' })).toBeVisible();
  await admin.screenshot(shot('history-audit'));
});

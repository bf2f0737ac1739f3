import { openProduct, pickFirstDate, SHOWCASE } from '../support/activities.ts';
import { createUser, expect, signIn, signInAs, test } from '../support/fixtures.ts';
import { holdFlight } from '../support/holds.ts';

const shot = (name: string, fullPage = false) => ({ path: `screenshots/${name}.png`, fullPage });

test('one’s own account, and the sign-ins in the audit log', async ({ page: agentPage, browser }) => {
  let page = agentPage;
  const agent = await createUser('Casey Quinn');
  const other = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  await signInAs(await other.newPage(), agent);
  await other.close();
  await signInAs(page, agent, '/account');
  const form = page.getByRole('form', { name: 'Change your password' });
  await form.getByLabel('Current password').fill(agent.password);
  await form.getByLabel('New password').fill('password123456');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    form.getByText(/choose one that is not on any list|make it longer, or a few unrelated words/),
  ).toBeVisible();
  await page.screenshot(shot('account', true));
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin', '/admin/audit?action=sign_in');
  page = admin;
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page.screenshot(shot('audit-sign-ins'));
});

test('what issue 34 changed on screen: categories as the service writes them, links read in part, a trip in lived order', async ({
  agentPage: page,
}) => {
  await openProduct(page, 'showcase', SHOWCASE);
  await pickFirstDate(page);
  await page.getByLabel('Adults').fill('2');
  await page.getByRole('table', { name: 'Prices and places left' }).scrollIntoViewIfNeeded();
  await page.screenshot(shot('activity-categories'));

  await page.goto('/flights?from=LON&to=NYC&depart=2027-02-31&adults=2&cabin=business');
  await expect(page.getByText('Part of this link could not be read')).toBeVisible();
  await page.screenshot(shot('flight-link-read-in-part'));

  await page.keyboard.press('Control+k');
  await page.getByRole('searchbox', { name: 'Go to, search or do' }).fill('LON NYC 2027-02-31 1a');
  await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('status')).toBeVisible();
  await page.screenshot(shot('palette-not-a-date'));
  await page.keyboard.press('Escape');

  await holdFlight(page, 40);
  await page.getByRole('button', { name: 'Make a trip of this booking' }).click();
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await page.screenshot(shot('trip-timeline', true));
});

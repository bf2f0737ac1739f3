import { chooseAndContinue, fillCustomer, openProduct } from '../support/activities.ts';
import { expect, sandbox, signIn, test } from '../support/fixtures.ts';

const shot = (name: string) => ({ path: `screenshots/${name}.png`, fullPage: false });

test('bookings, radar and admin screens', async ({ agentPage: page, browser }) => {
  await openProduct(page, 'louvre', 'Louvre Museum: Timed Entry Ticket');
  await chooseAndContinue(page, { slot: '15:00', adults: 3 });
  await fillCustomer(page, 'shots@example.com');
  await page.getByRole('button', { name: 'Hold booking' }).click();
  await expect(page.locator('.status-pill')).toHaveText('held');
  await page.goto('/bookings');
  await expect(page.getByRole('region', { name: 'Bookings found' })).toBeVisible();
  await page.screenshot(shot('bookings-desk'));
  await sandbox('/wallets', { environment: 'test', available: '40.00' });
  await page.goto('/radar');
  await expect(page.getByRole('list', { name: 'Running clocks' })).toBeVisible();
  await page.screenshot(shot('bookings-radar'));
  await sandbox('/wallets', { environment: 'test', balance: '50000.00' });
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin', '/admin');
  await expect(admin.locator('.wallet')).toContainText('Held');
  await admin.screenshot(shot('admin-wallet'));
  await admin.goto('/admin/audit');
  await expect(admin.getByRole('table', { name: 'Audit entries' })).toBeVisible();
  await admin.screenshot(shot('admin-audit'));
  await admin.goto('/admin/users');
  await admin.screenshot(shot('admin-users'));
});

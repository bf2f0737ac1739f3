import type { Page } from '@playwright/test';
import { env } from '../env.ts';
import {
  createUser,
  expect,
  expectAccessible,
  sandbox,
  signIn,
  signInAs,
  test,
} from '../support/fixtures.ts';
import { holdActivity, holdFlight, holdHotel } from '../support/holds.ts';

/** An amount as the page writes it ("1,234.50 USD", "−12.00 USD") in cents. */
const centsOf = (text: string | null) => {
  const match = /(−|-)?([\d,]+)\.(\d{2})/.exec(text ?? '');
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  const cents = Number((match[2] ?? '').replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
};

/** Confirms the action the button names in its dialog (ticket, confirm). */
async function payFor(page: Page, button: RegExp, inDialog: RegExp) {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: inDialog }).click();
}

async function shots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('a day with a flight ticketed, a hotel the supplier cancelled and a hold unpaid: the report’s net paid is the statement’s, the hold apart, the hotel a loss', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signInAs(agent, await createUser('Reconcile Agent'), '/flights');

  await holdFlight(agent);
  await payFor(agent, /^Ticket · /, /^Ticket for/);
  await expect(agent.getByText('Ticketing started')).toBeVisible();

  await holdHotel(agent);
  const hotelId = decodeURIComponent(new URL(agent.url()).pathname.split('/').pop() ?? '');
  const hotelTotal = centsOf(await agent.getByRole('button', { name: /^Confirm · / }).textContent());
  await payFor(agent, /^Confirm · /, /^Confirm for/);
  await expect(agent.locator('.status-pill')).toHaveText(/confirm/);
  // The hotel cancels the stay by itself, refunding nothing; the console hears of it when the order is read again.
  await sandbox(`/bookings/${encodeURIComponent(hotelId)}/cancel`);
  await expect(async () => {
    await agent.reload();
    await expect(agent.locator('.status-pill')).toHaveText('cancelled', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  await holdActivity(agent, 'reconcile.visitor@example.com');
  await agentContext.close();

  // The service's day (the moves' days are its).
  const clock = (await (await fetch(`${env.sandboxUrl}/_sandbox/clock`)).json()) as { now: string };
  const today = clock.now.slice(0, 10);
  await signIn(page, 'admin', `/admin/reports?by=day&from=${today}&to=${today}`);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const money = page.getByRole('region', { name: 'What happened to the money' });
  const figure = (region: typeof money, name: string) =>
    region.getByRole('term').filter({ hasText: name }).locator('xpath=following-sibling::dd[1]');
  const netPaid = centsOf(await figure(money, 'Net paid to the service').textContent());
  expect(netPaid).toBeGreaterThan(0);
  // The hotel the supplier cancelled is a loss, not revenue; the hold is apart, neither spent nor owed.
  expect(centsOf(await figure(money, 'Lost on cancellations').textContent())).toBeGreaterThanOrEqual(
    hotelTotal,
  );
  const apart = page.getByRole('region', { name: 'Apart from the money' });
  await expect(figure(apart, 'On hold, not paid')).not.toHaveText(/^0 ·/);
  await expectAccessible(page, 'reports');
  await shots(page, 'reports');

  // The statement for the same day says the same net paid, reserved money apart, and a balance.
  await money.getByRole('link', { name: `see the statement from ${today} to ${today}` }).click();
  await expect(page.getByRole('heading', { name: 'Wallet alert and statement' })).toBeVisible();
  const statement = page.getByRole('region', { name: 'Statement' });
  const net = statement.getByText(/^Net paid /);
  await expect(net).toBeVisible();
  expect(centsOf(await net.textContent())).toBe(netPaid);
  await expect(statement.getByRole('term').filter({ hasText: 'Money reserved (not spent)' })).toBeVisible();
  await expect(statement.getByRole('columnheader', { name: 'Balance' })).toBeVisible();
  await expect(statement.getByRole('status').filter({ hasText: 'The service’s wallet now' })).toBeVisible();
  await expectAccessible(page, 'wallet statement');
  await shots(page, 'statement');
});

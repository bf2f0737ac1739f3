import { env } from '../env.ts';
import { createUser, expect, expectAccessible, signIn, signInAs, test } from '../support/fixtures.ts';
import { holdActivity } from '../support/holds.ts';

/** A call to the console's API as the demo admin. */
async function asAdmin(path: string, init: { method?: string; body?: unknown } = {}) {
  const signInReply = await fetch(`${env.consoleUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-console-csrf': '1' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'demo-admin' }),
  });
  const cookie = (signInReply.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const reply = await fetch(`${env.consoleUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', 'x-console-csrf': '1', cookie },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await reply.json()) as { available?: { amount: string } };
}

test('an admin sets a low-balance level; after a hold the agent sees the banner, and the admin the statement', async ({
  page,
  browser,
}) => {
  try {
    await signIn(page, 'admin', '/admin/wallet');
    await expect(page.getByRole('heading', { name: 'Wallet alert and statement' })).toBeVisible();
    // The level just under what the wallet has: the next hold takes it under.
    const available = Number((await asAdmin('/wallet')).available?.amount ?? '0');
    const level = page.getByLabel('Alert level (USD)');
    await level.fill((available - 1).toFixed(2));
    await page.getByRole('button', { name: 'Save alert level' }).click();
    await expect(page.getByText('Everyone sees a banner when the wallet goes under')).toBeVisible();
    await expectAccessible(page, 'wallet alert and statement');

    const agentContext = await browser.newContext();
    const agent = await agentContext.newPage();
    await signInAs(agent, await createUser('Banner Agent'));
    await expect(agent.locator('.wallet-banner')).toHaveCount(0);
    await holdActivity(agent, 'banner.visitor@example.com');
    await agent.goto('/bookings');
    const banner = agent.getByRole('status').filter({ hasText: 'Wallet low.' });
    await expect(banner).toBeVisible();
    // Agents are told what to do, not the office's figures.
    await expect(banner).not.toContainText('USD');
    await expectAccessible(agent, 'bookings with the wallet banner');
    await agentContext.close();

    // The admin sees the figures, and the hold in the statement.
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Wallet low.' })).toContainText('USD');
    const statement = page.getByRole('region', { name: 'Statement' });
    await expect(statement.getByRole('row').filter({ hasText: 'Held' }).first()).toBeVisible();
    await expect(
      statement.getByRole('img', { name: /^Money reserved and money that moved by day/ }),
    ).toBeVisible();
    const csv = page.waitForEvent('download');
    await statement.getByRole('link', { name: 'Download CSV' }).click();
    expect((await csv).suggestedFilename()).toMatch(/^wallet-statement-.*\.csv$/);
  } finally {
    // Other journeys of the run share this office: no banner left behind.
    await asAdmin('/wallet/alert', { method: 'PUT', body: { low_balance_threshold: null } });
  }
});

import type { Page } from '@playwright/test';
import { env } from '../env.ts';
import {
  createUser,
  expect,
  expectAccessible,
  mailbox,
  sandbox,
  signInAs,
  test,
} from '../support/fixtures.ts';
import { holdFlight } from '../support/holds.ts';

/**
 * A team's queue of changes (decision 053): a change is its agent's, can be assigned to a colleague (who finds it in
 * their queue and their e-mail, through the office's real mail server) and snoozed until a time on the service's
 * clock, when it comes back. The change is made by the sandbox (the airline cancels a held flight by itself); time
 * passes by moving the sandbox's clock; the jobs' rounds (every second in these runs) are waited for by polling.
 */

/** The signed-in person's own open changes, as the top bar counts them. */
async function mine(page: Page): Promise<number> {
  const response = await page.request.get('/api/changes/count');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { mine: { open: number } }).mine.open;
}

const results = (page: Page) => page.locator('.results-bar');
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Holds a flight as the signed-in agent, has the airline cancel it by itself, and reads it again: a change. */
async function aChange(page: Page): Promise<string> {
  await holdFlight(page);
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await sandbox(`/bookings/${encodeURIComponent(orderId)}/cancel`);
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
  await expect.poll(() => mine(page)).toBe(1);
  return orderId;
}

test('a change assigned to a colleague with a note leaves the agent’s queue, reaches the colleague’s queue and their e-mail, and its booking opens for them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const agent = await createUser('Queue Agent');
  const colleague = await createUser('Queue Colleague');
  await signInAs(page, agent, '/flights');
  const orderId = await aChange(page);

  await page.goto('/changes');
  const card = page.getByRole('article', { name: 'Cancelled outside the console' });
  await expect(card).toContainText('Yours');
  await expect(mainNav(page).getByRole('link', { name: 'Changes (1 to act on)' })).toBeVisible();
  await card.getByRole('button', { name: 'Assign…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign this change' });
  // Focus is where the work is: the colleague's name.
  await expect(dialog.getByRole('combobox', { name: 'To' })).toBeFocused();
  await page.keyboard.type('Queue Colleague');
  await dialog.getByRole('option', { name: new RegExp(colleague.email.replace(/[.+]/g, '\\$&')) }).click();
  await dialog.getByLabel('Note for them (optional)').fill('The client wants a morning flight instead.');
  await dialog.getByRole('button', { name: 'Assign to Queue Colleague' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Assigned to Queue Colleague.',
  );
  await expect(results(page)).toContainText('Nothing to act on');
  await expect.poll(() => mine(page)).toBe(0);
  // Still among all the agent's bookings' changes, now the colleague's.
  await page.getByLabel('Show').selectOption('All I can reach');
  await expect(page.getByRole('article', { name: 'Cancelled outside the console' })).toContainText(
    'Queue Colleague’s',
  );

  // The colleague is e-mailed, through the office's mail server, with the note and the booking's link.
  const mails = async () => (await mailbox(colleague.email)).filter((m) => m.includes(orderId));
  await expect.poll(async () => (await mails()).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await mails();
  expect(mail).toContain('The client wants a morning flight instead.');
  expect(mail).toContain(`${agent.email} assigned you a change`);

  // The colleague finds it in their own queue, and opens the booking (another agent's, handed to them).
  await page.context().clearCookies();
  await signInAs(page, colleague, '/changes');
  const theirs = page.getByRole('article', { name: 'Cancelled outside the console' });
  await expect(theirs).toContainText('Yours');
  await expectAccessible(page, 'the colleague’s queue');
  await theirs.getByRole('link', { name: /^Flight / }).click();
  await expect(page.getByRole('heading', { name: /^Flight order / })).toBeVisible();
});

test('a snoozed change leaves the queue and its count, and comes back when the service’s clock passes its time', async ({
  page,
  advanceServiceClock,
}) => {
  test.setTimeout(90_000);
  const agent = await createUser('Snooze Agent');
  await signInAs(page, agent, '/flights');
  await aChange(page);

  await page.goto('/changes');
  const card = page.getByRole('article', { name: 'Cancelled outside the console' });
  await card.getByRole('button', { name: 'Snooze…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Snooze this change' });
  // Tomorrow at 09:00 on the agent's clock unless they say otherwise; focus on the day.
  await expect(dialog.getByLabel('Until')).toBeFocused();
  await dialog.getByLabel('Why (optional)').fill('The airline answers tomorrow.');
  await dialog.getByRole('button', { name: 'Snooze', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(results(page)).toContainText('Nothing to act on');
  await expect.poll(() => mine(page)).toBe(0);
  await page.getByLabel('Show').selectOption('Snoozed');
  await expect(page).toHaveURL(/view=snoozed/);
  await expect(page.getByRole('article', { name: 'Cancelled outside the console' })).toContainText(
    'snoozed until',
  );
  // Its booking's page still says it is there, snoozed.
  await page
    .getByRole('article', { name: 'Cancelled outside the console' })
    .locator('[data-row-open]')
    .click();
  await expect(page.getByText('1 snoozed change, back when its time comes')).toBeVisible();

  // Two days on the service's clock: the next jobs round brings it back, counted again.
  await advanceServiceClock(2 * 86_400);
  await expect.poll(() => mine(page), { timeout: 30_000 }).toBe(1);
  await page.goto('/changes');
  await expect(page.getByRole('article', { name: 'Cancelled outside the console' })).toContainText('Yours');
  await expect(mainNav(page).getByRole('link', { name: 'Changes (1 to act on)' })).toBeVisible();
});

test('an agent going away names the colleague who covers, sees it said on their account page, and comes back', async ({
  page,
}) => {
  const agent = await createUser('Away Agent');
  const cover = await createUser('Away Cover');
  await signInAs(page, agent, '/account');
  const away = page.getByRole('region', { name: 'Away' });
  // A month ahead on the service's clock (one is away at most a year: further is refused with the reason).
  const clock = (await (await fetch(`${env.sandboxUrl}/_sandbox/clock`)).json()) as { now: string };
  const back = new Date(Date.parse(clock.now) + 30 * 86_400_000).toISOString().slice(0, 10);
  await away.getByLabel('Away until').fill('2099-12-24');
  await away.getByLabel(/^Time/).fill('18:00');
  await away.getByRole('combobox', { name: 'Covered by' }).fill('Away Cover');
  await away.getByRole('option', { name: new RegExp(cover.email.replace(/[.+]/g, '\\$&')) }).click();
  await away.getByRole('button', { name: 'Set away' }).click();
  await expect(away).toContainText('one is away at most a year ahead');
  await away.getByLabel('Away until').fill(back);
  await away.getByRole('button', { name: 'Set away' }).click();
  await expect(away.getByRole('status')).toContainText('Away until');
  await expect(away.getByRole('status')).toContainText('covered by Away Cover');
  await expect(away.getByRole('heading', { name: 'Away' })).toBeFocused();
  await page.reload();
  await expect(away.getByRole('status')).toContainText('covered by Away Cover');
  await expectAccessible(page, 'account page, away');
  await away.getByRole('button', { name: 'I am back' }).click();
  await expect(away.getByRole('button', { name: 'Set away' })).toBeVisible();
});

import { createUser, expect, expectAccessible, signIn, signInAs, test } from '../support/fixtures.ts';

test('an agent sees where they are signed in, signs another browser out, and changes their password (a well-known one refused)', async ({
  page,
  browser,
}) => {
  const agent = await createUser('Casey Quinn');
  // Signed in on a second browser too.
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await signInAs(elsewhere, agent);

  await signInAs(page, agent);
  await page.getByRole('button', { name: 'Account: Casey Quinn' }).click();
  await page.getByRole('region', { name: 'Account' }).getByRole('link', { name: 'Your account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  const sessions = page.getByRole('region', { name: 'Where you are signed in' });
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await expect(sessions.getByRole('row').filter({ hasText: 'this browser' })).toHaveCount(1);
  await expectAccessible(page, 'account page');

  // The other browser, signed out from here.
  await sessions
    .getByRole('row')
    .filter({ hasNotText: 'this browser' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Sign out this session?' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(sessions.getByRole('row')).toHaveCount(2);
  // Its next screen asks it to sign in (opened by address: a background read of its own may meet the end first and
  // take its menu away).
  await elsewhere.goto('/bookings');
  await expect(elsewhere.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await other.close();

  // A well-known password is refused with the reason, on its field; then a good one is taken.
  const form = page.getByRole('form', { name: 'Change your password' });
  await form.getByLabel('Current password').fill(agent.password);
  await form.getByLabel('New password').fill('password123456');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    form.getByText(/choose one that is not on any list|make it longer, or a few unrelated words/),
  ).toBeVisible();
  await form.getByLabel('New password').fill('violet tram harbour 42');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();

  // The sign-ins are the person's own to see.
  const signIns = page.getByRole('region', { name: 'Recent sign-ins' });
  // The two browsers', and the one through the invitation's link.
  await expect(signIns.getByRole('row').filter({ hasText: 'Signed in' })).toHaveCount(3);
});

test('an admin finds sign-ins in the audit log: the right password and a wrong one, with the address and browser', async ({
  page,
  browser,
}) => {
  const agent = await createUser('Audit Trail');
  const other = await browser.newContext();
  const wrong = await other.newPage();
  await wrong.goto('/sign-in');
  await wrong.getByLabel('Email').fill(agent.email);
  await wrong.getByLabel('Password').fill('not-the-password');
  await wrong.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(wrong.getByRole('alert')).toBeVisible();
  await signInAs(wrong, agent);
  await other.close();

  await signIn(page, 'admin', `/admin/audit?action=sign_in&user=${encodeURIComponent(agent.email)}`);
  // Newest first: the right password, the wrong one, and the sign-in through the invitation's link.
  const rows = page.getByRole('row').filter({ hasText: agent.email });
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('succeeded');
  await expect(rows.nth(1)).toContainText('invalid_login');
  await expect(rows.first()).toContainText('127.0.0.1');
});

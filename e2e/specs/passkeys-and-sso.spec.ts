import type { Page } from '@playwright/test';
import {
  createUser,
  expect,
  expectAccessible,
  invite,
  test,
  virtualAuthenticator,
} from '../support/fixtures.ts';

// Passkeys through Chromium's virtual authenticator (support/fixtures.ts); single sign-on through the real OpenID
// provider playwright.config.ts starts beside the console.

const accountButton = (page: Page, name: string) => page.getByRole('button', { name: `Account: ${name}` });
async function signOut(page: Page, name: string) {
  await accountButton(page, name).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
}

test('an agent adds a passkey on their account page, then signs in with it alone; a password then asks for it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const device = await virtualAuthenticator(page);
  const agent = await createUser('Kai Lund');
  await page.goto('/account');
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
  await twoStep.getByLabel('Name of the passkey').fill('Work laptop');
  await twoStep.getByRole('button', { name: 'Add a passkey' }).click();
  const recovery = twoStep.getByRole('status', { name: 'Your recovery codes' });
  await expect(recovery.getByRole('listitem')).toHaveCount(10);
  expect(await device.credentials()).toHaveLength(1);
  await recovery.getByRole('button', { name: 'I have saved them' }).click();
  await expect(twoStep).toContainText('Work laptop · passkey');

  // A passkey alone signs in: no email, no password.
  await signOut(page, 'Kai Lund');
  await expectAccessible(page, 'sign-in with other ways');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(accountButton(page, 'Kai Lund')).toBeVisible();

  // The password alone no longer does: the second step offers the passkey.
  await signOut(page, 'Kai Lund');
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const second = page.getByRole('form', { name: 'Second step' });
  await expect(second.getByRole('button', { name: 'Use your passkey' })).toBeVisible();
  await second.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(accountButton(page, 'Kai Lund')).toBeVisible();

  // Both sign-ins are on the account page with how they were made.
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Recent sign-ins' })).toContainText('Signed in');
});

test('an invited person chooses a passkey instead of a password through their link', async ({ page }) => {
  const device = await virtualAuthenticator(page);
  const invited = await invite('Noor Haddad');
  await page.goto(invited.path);
  await expect(page.getByText('Welcome, Noor Haddad')).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(accountButton(page, 'Noor Haddad')).toBeVisible();
  expect(await device.credentials()).toHaveLength(1);
  await signOut(page, 'Noor Haddad');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(accountButton(page, 'Noor Haddad')).toBeVisible();
});

test('single sign-on: an agent connects the office’s provider on their account page, then it signs them in; an e-mail alone connects nothing', async ({
  page,
}) => {
  const agent = await createUser('Ines Moreau');
  // The provider knows this e-mail, but the account was never connected: refused, with what to do.
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Sign in with Office Login' }).click();
  // The provider's own page (a real OpenID provider on this machine).
  await expect(page.getByRole('heading', { name: 'Office Login' })).toBeVisible();
  await page.getByLabel('Work email').fill(agent.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/sign-in\?sso=identity_not_connected$/);
  await expect(page.getByRole('alert')).toContainText('not connected to your organisation’s sign-in yet');

  // Signed in with the password, the agent connects it: the provider asks them to sign in there again.
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(accountButton(page, 'Ines Moreau')).toBeVisible();
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Sign in with Office Login' });
  await card.getByRole('button', { name: 'Connect Office Login' }).click();
  await expect(page.getByRole('heading', { name: 'Office Login' })).toBeVisible();
  await page.getByLabel('Work email').fill(agent.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('status')).toContainText('Connected');
  await expectAccessible(page, 'single sign-on connected');
  await signOut(page, 'Ines Moreau');

  await page.getByRole('link', { name: 'Sign in with Office Login' }).click();
  await expect(accountButton(page, 'Ines Moreau')).toBeVisible();
  await signOut(page, 'Ines Moreau');

  // Someone else at the same browser: the provider's own session is ended first (signing out of the console does
  // not sign out of the office's provider, as with any single sign-on).
  await page.context().clearCookies({ domain: '127.0.0.1' });
  await page.getByRole('link', { name: 'Sign in with Office Login' }).click();
  await page.getByLabel('Work email').fill(`nobody.${Date.now()}@elsewhere.test`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('No account of this office has that email address.');
  await expectAccessible(page, 'single sign-on refused');
  await expect(page).toHaveURL(/\/sign-in\?sso=unknown_identity$/);
});

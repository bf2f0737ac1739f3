import { Secret, TOTP } from 'otpauth';
import { openProduct, pickFirstDate, SHOWCASE } from '../support/activities.ts';
import {
  ageProofs,
  appCode,
  createUser,
  createUserWithApp,
  expect,
  resetLink,
  signIn,
  signInAs,
  test,
  virtualAuthenticator,
} from '../support/fixtures.ts';
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

test('two-step sign-in: adding an app, the recovery codes, the second step, proving it again', async ({
  page,
}) => {
  const agent = await createUser('Robin Park');
  await signInAs(page, agent, '/account');
  const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
  await twoStep.getByLabel('Name of the app or phone').fill('Work phone');
  await twoStep.getByRole('button', { name: 'Add an authenticator app' }).click();
  await expect(twoStep.getByRole('img')).toBeVisible();
  await twoStep.scrollIntoViewIfNeeded();
  await page.screenshot(shot('two-step-add-app', true));
  const key = (await twoStep.locator('code.mono').textContent()) ?? '';
  await twoStep
    .getByLabel('Code the app shows')
    .fill(TOTP.generate({ secret: Secret.fromBase32(key.replace(/\s/g, '')) }));
  await twoStep.getByRole('button', { name: 'Confirm the app' }).click();
  await expect(twoStep.getByRole('status', { name: 'Your recovery codes' })).toBeVisible();
  await page.screenshot(shot('two-step-recovery-codes', true));
  await twoStep.getByRole('button', { name: 'I have saved them' }).click();
  await page.getByRole('button', { name: 'Account: Robin Park' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Second step' })).toBeVisible();
  await page.screenshot(shot('two-step-sign-in'));
});

test('passkeys and single sign-on: the sign-in page, a passkey on the account page, the provider refused', async ({
  page,
}) => {
  await virtualAuthenticator(page);
  await page.goto('/sign-in');
  await expect(page.getByRole('link', { name: 'Sign in with Office Login' })).toBeVisible();
  await page.screenshot(shot('sign-in-ways'));
  const agent = await createUser('Mina Sato');
  await signInAs(page, agent, '/account');
  const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
  await twoStep.getByLabel('Name of the passkey').fill('Work laptop');
  await twoStep.getByRole('button', { name: 'Add a passkey' }).click();
  await twoStep.getByRole('button', { name: 'I have saved them' }).click();
  await expect(twoStep).toContainText('Work laptop · passkey');
  await twoStep.scrollIntoViewIfNeeded();
  await page.screenshot(shot('account-passkey', true));
  await page.context().clearCookies();
  await page.goto('/sign-in?sso=unknown_identity');
  await page.screenshot(shot('sign-in-sso-refused'));
});

test('the sign-in held against an attacker: the proof a new way in asks for, the notices, a reset link with a factor, connecting the provider', async ({
  page,
}) => {
  await virtualAuthenticator(page);
  const agent = await createUserWithApp('Mara Quist');
  await page.goto(await resetLink(agent));
  await expect(page.getByText('Then confirm it is you')).toBeVisible();
  await page.screenshot(shot('welcome-with-factor'));
  await page.goto('/account');
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page
    .getByRole('form', { name: 'Second step' })
    .getByLabel('Code from your app')
    .fill(appCode(agent.key));
  await page.getByRole('form', { name: 'Second step' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  await ageProofs(agent.id);
  const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
  await twoStep.getByRole('button', { name: 'Add a passkey' }).click();
  const prove = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(prove.getByLabel('Code from your authenticator app')).toBeVisible();
  await page.screenshot(shot('prove-with-factor'));
  await prove.getByLabel('Code from your authenticator app').fill(appCode(agent.key, 1));
  await prove.getByRole('button', { name: 'Confirm and go on' }).click();
  await expect(twoStep).toContainText('· passkey');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Check what changed on your account' })).toBeVisible();
  await page.screenshot(shot('account-notices', true));
  await page.goto('/sign-in?sso=identity_not_connected');
  await page.context().clearCookies();
  await page.goto('/sign-in?sso=identity_not_connected');
  await expect(page.getByRole('alert')).toBeVisible();
  await page.screenshot(shot('sign-in-sso-not-connected'));
  await page.goto('/not-me#not-a-real-token-for-the-screenshot-0123456789');
  await page.screenshot(shot('not-me'));
});

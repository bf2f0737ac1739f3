import { Secret, TOTP } from 'otpauth';
import {
  ageProofs,
  appCode,
  createUser,
  createUserWithApp,
  expect,
  expectAccessible,
  resetLink,
  resetSignInPolicy,
  signInAs,
  test,
  virtualAuthenticator,
} from '../support/fixtures.ts';

/** The code an authenticator app shows now for a key, computed as the app does (RFC 6238). */
const codeFor = (key: string) => TOTP.generate({ secret: Secret.fromBase32(key.replace(/\s/g, '')) });
const step = () => TOTP.counter();

test('an agent adds an authenticator app; then a sign-in needs its code, a wrong or used code is refused, and a recovery code works once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const agent = await createUser('Robin Park');
  const signInWithPassword = async () => {
    await page.goto('/account');
    await page.getByLabel('Email').fill(agent.email);
    await page.getByLabel('Password').fill(agent.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  };
  const signOut = async () => {
    await page.getByRole('button', { name: 'Account: Robin Park' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  };
  const second = page.getByRole('form', { name: 'Second step' });

  await signInWithPassword();
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
  await twoStep.getByLabel('Name of the app or phone').fill('Work phone');
  await twoStep.getByRole('button', { name: 'Add an authenticator app' }).click();
  await expect(
    twoStep.getByRole('img', { name: 'QR code of the key for your authenticator app' }),
  ).toBeVisible();
  const key = (await twoStep.locator('code.mono').textContent()) ?? '';
  expect(key.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  await twoStep.getByLabel('Code the app shows').fill('000000' === codeFor(key) ? '111111' : '000000');
  await twoStep.getByRole('button', { name: 'Confirm the app' }).click();
  await expect(twoStep.getByText(/is not the code the app shows now/)).toBeVisible();
  await twoStep.getByLabel('Code the app shows').fill(codeFor(key));
  const enrolledAt = step();
  await twoStep.getByRole('button', { name: 'Confirm the app' }).click();
  const recovery = twoStep.getByRole('status', { name: 'Your recovery codes' });
  await expect(recovery.getByRole('listitem')).toHaveCount(10);
  const recoveryCode = (await recovery.getByRole('listitem').first().textContent()) ?? '';
  await expectAccessible(page, 'recovery codes');
  await recovery.getByRole('button', { name: 'I have saved them' }).click();
  await expect(twoStep).toContainText('Work phone');
  await expect(twoStep).toContainText('Recovery codes: 10 of 10 left.');

  // A password alone no longer signs in: the recovery code does, once.
  await signOut();
  await signInWithPassword();
  await expect(second).toBeVisible();
  await expectAccessible(page, 'second step');
  await second.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await second.getByLabel('Recovery code').fill(recoveryCode);
  await second.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  await expect(twoStep).toContainText('Recovery codes: 9 of 10 left.');

  await signOut();
  await signInWithPassword();
  await second.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await second.getByLabel('Recovery code').fill(recoveryCode);
  await second.getByRole('button', { name: 'Continue' }).click();
  await expect(second.getByRole('alert')).toContainText('used already');

  // The app's code: a wrong one refused; the code of the step the app was confirmed with was taken then, so the next
  // step's (the console takes one step either side of now), without waiting for the app to show it.
  await second.getByRole('button', { name: 'Use a code from your app instead' }).click();
  await second.getByLabel('Code from your app').fill('000000' === codeFor(key) ? '111111' : '000000');
  await second.getByRole('button', { name: 'Continue' }).click();
  await expect(second.getByRole('alert')).toContainText('That code is not right');
  const code = appCode(key, step() > enrolledAt ? 0 : 1);
  await second.getByLabel('Code from your app').fill(code);
  await second.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();

  // The same code again, in a new sign-in: refused.
  await signOut();
  await signInWithPassword();
  await second.getByLabel('Code from your app').fill(code);
  await second.getByRole('button', { name: 'Continue' }).click();
  await expect(second.getByRole('alert')).toContainText('That code is not right, or it was used already');
});

test('an admin requires two-step sign-in of everyone: told first that it covers them; an agent signed in is told why at their next click and reaches nothing else until they add an app', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await createUser('Policy Admin', 'admin');
  const agent = await createUser('Policy Agent');
  let adminKey = '';
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await signInAs(agentPage, agent, '/bookings');
  await expect(agentPage.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  await signInAs(page, admin, '/admin');
  const policy = page.getByRole('form', { name: 'Two-step sign-in policy' });
  try {
    await policy.getByLabel('Required for').selectOption('everyone');
    // Before saving: it covers the admin, who has no second step.
    await expect(page.getByRole('status').filter({ hasText: 'This covers you' })).toBeVisible();
    await policy.getByRole('button', { name: 'Save' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Save a policy that covers you?' });
    await expect(ask.getByRole('link', { name: 'Set up a second step now' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('policy-ask-1366.png') });
    await ask.getByRole('button', { name: 'Save anyway' }).click();
    // Saved; the admin, who has no app either, is led to their account page, told why, and back after.
    await expect(page).toHaveURL(/\/account\?then=%2Fadmin$/);
    await expect(page.getByRole('alert')).toContainText('Your office requires two-step sign-in.');
    adminKey = await addAppOnAccountPage(page, 'Admin phone');

    // The agent, signed in before, meets the policy at their next click: told why, never bounced in silence.
    const refused: string[] = [];
    const errors: string[] = [];
    await agentPage
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Travellers' })
      .click();
    await expect(agentPage).toHaveURL(/\/account\?then=%2Ftravellers$/);
    await expect(agentPage.getByRole('alert')).toContainText('Your office requires two-step sign-in.');
    await expect(agentPage.getByRole('alert')).toContainText('Travellers');
    for (const width of [1366, 390]) {
      await agentPage.setViewportSize({ width, height: width > 500 ? 768 : 844 });
      await agentPage.screenshot({ path: test.info().outputPath(`account-held-${width}.png`) });
    }
    // On a desk again: the top bar's destinations in sight (on a phone they are behind its Menu button).
    await agentPage.setViewportSize({ width: 1366, height: 768 });
    // From here on nothing the page asks is refused: no 403 loop, nothing in the browser's console.
    agentPage.on('response', (response) => {
      if (response.status() === 403) refused.push(new URL(response.url()).pathname);
    });
    agentPage.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await expectAccessible(agentPage, 'account page, two-step sign-in required');
    // Nothing else opens meanwhile, and the page says so.
    await agentPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookings' }).click();
    await expect(agentPage).toHaveURL(/\/account\?then=%2Fbookings$/);
    await expect(agentPage.getByRole('alert')).toContainText('Bookings');
    await addAppOnAccountPage(agentPage, 'Agent phone');
    await agentPage.getByRole('link', { name: 'Go on to Bookings' }).click();
    await expect(agentPage.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await agentContext.close();
    // The admin puts it back as an admin would, and is told it is saved.
    await page.goto('/admin');
    await policy.getByLabel('Required for').selectOption('nobody');
    await policy.getByRole('button', { name: 'Save' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Saved' });
    await expect(saved).toBeVisible();
    await expect(saved).toBeFocused();
    await expect(policy.getByRole('button', { name: 'Save' })).toBeDisabled();
  } finally {
    // Back to the default for the journeys after this one (the demo users have no app), however far this one went.
    await resetSignInPolicy();
  }
  expect(adminKey).not.toBe('');
});

test('an admin choosing a policy that covers them is offered to set up a second step first, and comes back to save it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await createUser('Careful Admin', 'admin');
  await signInAs(page, admin, '/admin');
  const policy = page.getByRole('form', { name: 'Two-step sign-in policy' });
  try {
    await policy.getByLabel('Required for').selectOption('admins');
    const warning = page.getByRole('status').filter({ hasText: 'This covers you' });
    await expect(warning).toContainText('you have no second step yet');
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 768 : 844 });
      await warning.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`policy-warning-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    await warning.getByRole('link', { name: 'Set up a second step now' }).click();
    await expect(page).toHaveURL(/\/account\?then=%2Fadmin$/);
    await addAppOnAccountPage(page, 'Admin phone');
    await page.getByRole('link', { name: 'Go on to Admin' }).click();
    await policy.getByLabel('Required for').selectOption('admins');
    await expect(page.getByRole('status').filter({ hasText: 'This covers you' })).toHaveCount(0);
    await policy.getByRole('button', { name: 'Save' }).click();
    // The proof by the new app is fresh: saved at once, said, and focus on it.
    const saved = page.getByRole('status').filter({ hasText: 'Saved' });
    await expect(saved).toBeFocused();
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 768 : 844 });
      await saved.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`policy-saved-${width}.png`), fullPage: true });
    }
    await expect(page).toHaveURL(/\/admin$/);
    await expectAccessible(page, 'admin page, policy saved');
  } finally {
    await resetSignInPolicy();
  }
});

/** Adds an authenticator app on the account page, as a person with the app would; returns its key. */
async function addAppOnAccountPage(page: import('@playwright/test').Page, name: string): Promise<string> {
  const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
  await twoStep.getByLabel('Name of the app or phone').fill(name);
  await twoStep.getByRole('button', { name: 'Add an authenticator app' }).click();
  const key = (await twoStep.locator('code.mono').textContent()) ?? '';
  await twoStep.getByLabel('Code the app shows').fill(codeFor(key));
  await twoStep.getByRole('button', { name: 'Confirm the app' }).click();
  await twoStep
    .getByRole('status', { name: 'Your recovery codes' })
    .getByRole('button', { name: 'I have saved them' })
    .click();
  await expect(twoStep).toContainText(name);
  return key;
}

test('the account page offers to go on only to a screen of the console: a held path that a browser would follow elsewhere is not offered', async ({
  page,
}) => {
  const agent = await createUser('Wary Agent');
  await signInAs(page, agent);
  await page.goto('/account?then=%2Fbookings');
  await expect(page.getByRole('link', { name: 'Go on to Bookings' })).toHaveAttribute('href', '/bookings');
  // A browser drops a tab or a line break in a link: "/<tab>/evil.example" is followed as //evil.example.
  for (const then of [
    '/\t/evil.example',
    '/\n/evil.example',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
  ]) {
    await page.goto(`/account?then=${encodeURIComponent(then)}`);
    await expect(page.getByRole('heading', { name: 'Where you are signed in' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Go on to/ }), JSON.stringify(then)).toHaveCount(0);
  }
});

test('making an admin asks the admin to prove it is them again when their sign-in is over five minutes old', async ({
  page,
}) => {
  const admin = await createUser('Proving Admin', 'admin');
  await signInAs(page, admin, '/admin/users');
  // Five minutes and more since this sign-in: its proof is made older in the console's store, as time would.
  await ageProofs(admin.id);
  const form = page.getByRole('form', { name: 'Invite a user' });
  const email = `new.admin.${Date.now()}@demo.test`;
  await form.getByLabel('Name').fill('New Admin');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption('admin');
  await form.getByRole('button', { name: 'Invite' }).click();
  const prove = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(prove).toBeVisible();
  await expectAccessible(page, 'prove it again');
  await prove.getByLabel('Your password').fill('not-my-password');
  await prove.getByRole('button', { name: 'Confirm and go on' }).click();
  await expect(prove.getByText('Is not your password.')).toBeVisible();
  await prove.getByLabel('Your password').fill(admin.password);
  await prove.getByRole('button', { name: 'Confirm and go on' }).click();
  await expect(prove).toBeHidden();
  await expect(page.getByRole('status', { name: `Link for ${email}` })).toContainText(`E-mailed to ${email}`);
});

test('adding a passkey asks for the authenticator app’s code once the sign-in is over five minutes old, and the person is told', async ({
  page,
}) => {
  const device = await virtualAuthenticator(page);
  const agent = await createUserWithApp('Mara Quist');
  await page.goto('/account');
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const second = page.getByRole('form', { name: 'Second step' });
  await second.getByLabel('Code from your app').fill(appCode(agent.key));
  await second.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  await ageProofs(agent.id);

  // A session alone, or a password, does not add a way in: the app's code does (decision 035).
  const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
  await twoStep.getByLabel('Name of the passkey').fill('Work laptop');
  await twoStep.getByRole('button', { name: 'Add a passkey' }).click();
  const prove = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(prove.getByLabel('Code from your authenticator app')).toBeVisible();
  await expect(prove.getByLabel('Your password')).toHaveCount(0);
  await prove.getByLabel('Code from your authenticator app').fill(appCode(agent.key, 1));
  await prove.getByRole('button', { name: 'Confirm and go on' }).click();
  await expect(prove).toBeHidden();
  await expect(twoStep).toContainText('Work laptop · passkey');
  expect(await device.credentials()).toHaveLength(1);

  // The person is told what was added, and says it was them.
  await page.reload();
  const notices = page.getByRole('region', { name: 'Check what changed on your account' });
  await expect(notices).toContainText('“Work laptop”');
  await expectAccessible(page, 'security notices');
  // The app's notice (set up through the API) and the passkey's, answered one after the other as the list shrinks.
  const items = notices.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await items.first().getByRole('button', { name: 'This was me' }).click();
  await expect(items).toHaveCount(1);
  await items.first().getByRole('button', { name: 'This was me' }).click();
  await expect(notices).toBeHidden();
});

test('a reset link for a person with an authenticator app asks for its code before signing in', async ({
  page,
}) => {
  const agent = await createUserWithApp('Tomas Berg');
  await page.goto(await resetLink(agent));
  const form = page.getByRole('form', { name: 'Choose your password' });
  await expect(form).toContainText('Then confirm it is you');
  // No passkey in place of the second step.
  await expect(page.getByRole('button', { name: 'Use a passkey instead' })).toHaveCount(0);
  await form.getByLabel('New password').fill('copper lantern orbit sleet');
  await form.getByLabel('The same password again').fill('copper lantern orbit sleet');
  await form.getByRole('button', { name: 'Save and sign in' }).click();
  const second = page.getByRole('form', { name: 'Second step' });
  await expect(second).toBeVisible();
  await second.getByLabel('Code from your app').fill(appCode(agent.key));
  await second.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

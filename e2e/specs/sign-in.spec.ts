import { DEMO, expect, signIn, test } from '../support/fixtures.ts';

test('the demo agent signs in, sees the TEST badge, and signs out', async ({ page }) => {
  await signIn(page, 'agent');
  await expect(page.getByRole('heading', { name: 'Flights' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Environment: TEST')).toBeVisible();
  await expect(page.getByText('Demo Agent')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Booking console' })).toBeVisible();
  await page.goto('/flights');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fflights/);
});

test('a wrong password is refused in plain words', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(DEMO.agent.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('The email or password is wrong.');
});

test('signing in from a deep link returns the agent to where they were going', async ({ page }) => {
  await page.goto('/flights?from=LON&to=PAR&depart=2030-01-10&adults=1&children=0&infants=0&cabin=economy');
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.getByLabel('Email').fill(DEMO.agent.email);
  await page.getByLabel('Password').fill(DEMO.agent.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/flights\?from=LON&to=PAR/);
});

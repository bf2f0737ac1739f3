import { test as base, expect, type Page } from '@playwright/test';
import { env } from '../env.ts';

export const DEMO = {
  agent: { email: 'agent@demo.test', password: 'demo-agent' },
  admin: { email: 'admin@demo.test', password: 'demo-admin' },
} as const;

export async function signIn(page: Page, who: keyof typeof DEMO, path = '/') {
  await page.goto(path);
  await page.getByLabel('Email').fill(DEMO[who].email);
  await page.getByLabel('Password').fill(DEMO[who].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Calls a sandbox test control (the clock, faults, wallets) directly. */
export async function sandbox(path: string, body: unknown = {}) {
  const response = await fetch(`${env.sandboxUrl}/_sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

export const test = base.extend<{ agentPage: Page }>({
  agentPage: async ({ page }, use) => {
    await signIn(page, 'agent', '/flights');
    await expect(page.getByRole('heading', { name: 'Flights' })).toBeVisible();
    await use(page);
  },
});
export { expect };

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

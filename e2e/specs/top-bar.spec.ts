import type { Page } from '@playwright/test';
import { createUser, expect, signIn, signInAs, test } from '../support/fixtures.ts';

/**
 * Signs in, then waits for the top bar's count of changes (read after the screen is up, it may widen the bar) and
 * the frame that draws it: the bar is measured as it stays.
 */
async function settled(page: Page, signingIn: Promise<void>) {
  const counted = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/changes/count',
  );
  await signingIn;
  await counted;
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** The boxes of the top bar's visible parts (its popover aside), the bar's height and the window's width. */
function topBar(page: Page) {
  return page.locator('header.topbar').evaluate((bar) => ({
    parts: Array.from(bar.children)
      .filter(
        (child) => child instanceof HTMLElement && child.offsetParent !== null && !child.matches('[popover]'),
      )
      .map((child) => {
        const { top, height, left, right } = child.getBoundingClientRect();
        return { top, height, left, right };
      }),
    height: bar.getBoundingClientRect().height,
    width: window.innerWidth,
  }));
}

/** How far apart the centres of the top bar's visible parts lie (0: one line), and the bar's height. */
async function rows(page: Page) {
  const { parts, height } = await topBar(page);
  const centres = parts.map((part) => part.top + part.height / 2);
  return { spread: Math.round(Math.max(...centres) - Math.min(...centres)), height: Math.round(height) };
}

/** How far the top bar's visible parts reach past either side of the window, in pixels (0: none). */
async function overhang(page: Page) {
  const { parts, width } = await topBar(page);
  return Math.round(
    Math.max(0, ...parts.map((part) => part.right - width), ...parts.map((part) => -part.left)),
  );
}

for (const width of [1280, 1366, 1920]) {
  test(`at ${width} px the top bar holds all nine destinations, the palette, the badge and the account on one line`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 768 });
    await settled(page, signIn(page, 'admin', '/bookings'));
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(9);
    const { spread, height } = await rows(page);
    // One line: every part centred on the same line, and the bar no taller than one button.
    expect(spread).toBeLessThanOrEqual(2);
    expect(height).toBeLessThan(64);
    await page.getByRole('button', { name: /^Account: / }).click();
    await expect(page.getByRole('region', { name: 'Account' })).toContainText('admin@demo.test');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
  });
}

test('a long name is cut in the top bar, which stays one line at 1280 px, and is whole in the account popover', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const agent = await createUser('Maximiliana Alexandra Oppenheimer-Schwarzenberg');
  await settled(page, signInAs(page, agent, '/bookings'));
  const { spread, height } = await rows(page);
  expect(spread).toBeLessThanOrEqual(2);
  expect(height).toBeLessThan(64);
  await page.getByRole('button', { name: /^Account: Maximiliana/ }).click();
  await expect(page.getByRole('region', { name: 'Account' })).toContainText(
    'Maximiliana Alexandra Oppenheimer-Schwarzenberg',
  );
});

for (const width of [800, 1024, 1279]) {
  test(`at ${width} px (a window beside another, a laptop zoomed to 125%) an admin with a long name has every part of the top bar on the screen, the destinations on a line of their own`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 768 });
    const admin = await createUser('Maximiliana Alexandra Oppenheimer-Schwarzenberg', 'admin');
    await settled(page, signInAs(page, admin, '/bookings'));
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(9);
    expect(await overhang(page)).toBe(0);
    expect((await rows(page)).spread).toBeGreaterThan(20);
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      )
      .toBe(0);
    await page.getByRole('button', { name: /^Account: Maximiliana/ }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  });
}

test('at 1280 px an admin with a long name still has the top bar on one line, the name cut', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const admin = await createUser('Maximiliana Alexandra Oppenheimer-Schwarzenberg', 'admin');
  await settled(page, signInAs(page, admin, '/bookings'));
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(9);
  expect(await overhang(page)).toBe(0);
  expect((await rows(page)).spread).toBeLessThanOrEqual(2);
});

test('under 760 px the top bar is one line: the destinations behind the Menu button, nothing off the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await settled(page, signIn(page, 'admin', '/bookings'));
  expect((await rows(page)).spread).toBeLessThanOrEqual(2);
  expect(await overhang(page)).toBe(0);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Radar' })).toBeHidden();
  await nav.getByRole('button', { name: 'Menu' }).click();
  await expect(nav.getByRole('link')).toHaveCount(9);
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBe(0);
});

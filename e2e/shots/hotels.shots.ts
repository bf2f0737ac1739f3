import { expect, inDays, test } from '../support/fixtures.ts';

const shot = (name: string) => ({ path: `screenshots/${name}.png`, fullPage: false });

test('hotel screens', async ({ agentPage: page }) => {
  const stay = new URLSearchParams({ in: inDays(40), out: inDays(42), rooms: '2,1' });
  await page.goto(`/hotels?place=2001&name=Paris&type=city&${stay}&f.stars=4,5&sort=price`);
  await expect(page.getByRole('region', { name: 'Hotel results' }).getByRole('status')).toContainText(
    'properties',
  );
  await page.screenshot(shot('hotels-results'));
  await page
    .getByRole('link', { name: /^See rooms at / })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /^Rates for/ })).toBeVisible();
  await page.screenshot(shot('hotels-hotel'));
  await page
    .getByRole('button', { name: /^Choose / })
    .first()
    .click();
  const form = page.getByRole('form', { name: 'Guests and contact' });
  const accept = page.getByRole('button', { name: /^Accept the new/ });
  await expect(form.or(accept)).toBeVisible();
  if (await accept.isVisible()) await accept.click();
  await page.screenshot(shot('hotels-book'));
  for (const [room, guest] of [
    [1, 1],
    [1, 2],
    [2, 1],
  ]) {
    const group = page.getByRole('group', { name: new RegExp(`^Room ${room}, guest ${guest}:`) });
    await group.getByLabel('Given names').fill('Ada');
    await group
      .getByLabel('Family name')
      .fill(`Lovelace ${'ABC'[Number(room) - 1]}${'abc'[Number(guest) - 1]}`);
  }
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Phone').fill('+442071234567');
  await page.getByRole('button', { name: /^Hold booking/ }).click();
  await expect(page.getByRole('heading', { name: /^Hotel order/ })).toBeVisible();
  await page.screenshot(shot('hotels-order'));
  await page.getByRole('button', { name: 'Cancel booking…' }).click();
  await expect(page.getByText('This quote holds for')).toBeVisible();
  await page.screenshot(shot('hotels-cancel-quote'));
});

import { createUser, expect, expectAccessible, signInAs, test } from '../support/fixtures.ts';
import { holdFlight } from '../support/holds.ts';

/**
 * Every booking's timeline (decision 052): on the booking's page, who or what did what to it and when, oldest first;
 * an agent's internal remark added there stays after a reload, marked as seen only in the console.
 */
test('an agent opens a booking, reads its timeline, adds an internal remark from the keyboard, and finds it there after a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const agent = await createUser('Timeline Agent');
  await signInAs(page, agent, '/flights');
  await holdFlight(page);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem').first()).toContainText(`Made by ${agent.email} (held)`);
  await expect(timeline.getByRole('listitem').first()).toContainText(agent.email);

  // Ticketed on the agent's press: the console's move, by the agent, follows.
  await page.getByRole('button', { name: /^Ticket · / }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Ticket for/ })
    .click();
  await expect(page.getByText('Ticketing started')).toBeVisible();
  await expect(
    timeline.getByRole('listitem').filter({ hasText: `Ticketing asked by ${agent.email}` }),
  ).toHaveCount(1);

  // An empty remark is refused in words, from the keyboard; a written one takes the focus once kept.
  const field = timeline.getByRole('textbox', { name: 'Internal remark' });
  await field.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(timeline.getByText('Write the remark first.')).toBeVisible();
  await field.fill('Client asked for an aisle seat; call back Friday');
  await field.press('Tab');
  await page.keyboard.press('Enter');
  const remark = timeline.getByRole('listitem').filter({ hasText: 'Client asked for an aisle seat' });
  await expect(remark).toBeFocused();
  await expect(remark).toContainText('Internal remark');
  await expect(field).toHaveValue('');
  await expectAccessible(page, 'booking timeline');

  await page.reload();
  const kept = page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('listitem')
    .filter({ hasText: 'Client asked for an aisle seat' });
  await expect(kept).toContainText(agent.email);
  await expect(kept).toContainText('Internal remark');
  const kinds = await page
    .getByRole('region', { name: 'Timeline' })
    .locator('.timeline-kind')
    .allTextContents();
  expect(kinds.slice(0, 2)).toEqual(['Made', 'Console']);
  // On a phone held upright, the timeline and its form fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(kept).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

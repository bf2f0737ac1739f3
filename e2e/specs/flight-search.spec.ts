import { expect, inDays, test } from '../support/fixtures.ts';

test('an agent searches flights and watches offers stream in, then sorts and filters them in the URL', async ({
  agentPage: page,
}) => {
  await page.getByRole('combobox', { name: 'From' }).fill('lond');
  await page.getByRole('option', { name: /London \(all airports\) \(LON\)/ }).click();
  await page.getByRole('combobox', { name: 'To' }).fill('paris');
  await page.getByRole('option', { name: /Paris \(all airports\) \(PAR\)/ }).click();
  await page.getByText('One way', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'One way' })).toBeChecked();
  const depart = inDays(30);
  const [year, month, day] = depart.split('-');
  const group = page.getByRole('group', { name: 'Depart' });
  await group.getByRole('spinbutton', { name: /month/i }).pressSequentially(String(month));
  await group.getByRole('spinbutton', { name: /day/i }).pressSequentially(String(day));
  await group.getByRole('spinbutton', { name: /year/i }).pressSequentially(String(year));
  await page.getByRole('button', { name: 'Search flights' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Still searching' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`from=LON&to=PAR&depart=${depart}`));

  await page.getByRole('complementary', { name: 'Filters' }).getByText('Direct', { exact: true }).click();
  await expect(page).toHaveURL(/stops=0/);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /offers found/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('checkbox', { name: 'Direct' })).toBeChecked();
  await expect(page.getByRole('article').first()).toContainText('Direct');
});

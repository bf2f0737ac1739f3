import { controlAnswers } from '../support/answers.ts';
import { createUser, expect, moveServiceClockAndWait, sandbox, signInAs, test } from '../support/fixtures.ts';
import { holdActivity, holdFlight, holdHotel } from '../support/holds.ts';

// Each journey moves the sandbox's clock or injects a refusal: the sandbox is reset afterwards.
test.afterEach(async () => {
  await sandbox('/reset');
});

const pill = (page: import('@playwright/test').Page) => page.locator('.page-head .status-pill');

test('a flight hold left open past its ticketing deadline reads again and shows what the service did, with no Ticket button', async ({
  page,
}) => {
  await page.clock.install();
  await signInAs(page, await createUser('Lapsed Flight Agent'));
  await holdFlight(page);
  await expect(page.getByRole('button', { name: /^Ticket · / })).toBeVisible();
  // A day passes for the service while the page stays open; within a minute the console knows the service's time.
  await moveServiceClockAndWait(25 * 3600);
  await page.clock.fastForward(61_000);
  await expect(pill(page)).not.toHaveText('held');
  await expect(page.getByRole('button', { name: /^Ticket · / })).toHaveCount(0);
  await expect(page.locator('.countdown')).toHaveCount(0);
});

test('confirming an activity hold that already lapsed says so and shows the booking as the service has it', async ({
  page,
}) => {
  await signInAs(page, await createUser('Lapsed Activity Agent'), '/activities');
  const answers = await controlAnswers(page);
  await holdActivity(page, 'lapsed.visitor@example.com');
  // The page would hear of the service's new time from its own reads (a time check, a poll) and end the hold on
  // screen first: until the agent confirms, it hears nothing new.
  answers.hold((request) => request.method() === 'POST');
  await sandbox('/clock/advance', { seconds: 31 * 60 });
  await page.getByRole('button', { name: /^Confirm · / }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Confirm for / })
    .click();
  await expect(page.getByRole('alert')).toContainText('did not go through');
  // The refusal is where the focus goes: the agent hears it and reads on from it.
  await expect(page.getByRole('alert')).toBeFocused();
  answers.release();
  await expect(pill(page)).toHaveText('cancelled');
  await expect(page.locator('.countdown')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Confirm · / })).toHaveCount(0);
});

test('an old error on a hotel order goes once a later action goes through', async ({ page }) => {
  await signInAs(page, await createUser('Hotel Error Agent'), '/hotels');
  await holdHotel(page);
  await sandbox('/faults', { path: '/v3/hotels/orders/*', method: 'POST', mode: 'status', status: 409 });
  await page.getByRole('button', { name: 'Extend the deadline' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Extend the deadline' }).click();
  await expect(page.getByRole('alert')).toContainText('did not go through');
  await expect(page.getByRole('alert')).toBeFocused();
  await page.getByRole('button', { name: /^Confirm · / }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Confirm for / })
    .click();
  await expect(pill(page)).toHaveText(/confirm/);
  await expect(page.getByRole('alert').filter({ hasText: 'did not go through' })).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: /^Booking confirmed|^Confirmation under way/ }),
  ).toBeFocused();
});

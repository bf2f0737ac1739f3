import { createUser, expect, moveServiceClockAndWait, sandbox, signInAs, test } from '../support/fixtures.ts';
import { holdActivity } from '../support/holds.ts';

test("countdowns and the 15-minute notice count on the service's clock, not the PC's, and the notice stays and links to the booking", async ({
  page,
}) => {
  // This PC's clock is three hours behind.
  await page.clock.install({ time: Date.now() - 3 * 3_600_000 });
  await signInAs(page, await createUser('Clock Agent'), '/activities');
  await holdActivity(page, 'clock.visitor@example.com');
  const bookingUrl = page.url();
  // A 30-minute hold: about half an hour left, whatever the PC's clock says.
  await expect(page.locator('.countdown time')).toHaveText(/^00:(29|30):\d\d$/);

  await sandbox('/clock/advance', { seconds: 26 * 60 });
  try {
    await page.reload();
    await expect(page.locator('.countdown time')).toHaveText(/^00:0[34]:\d\d$/);
    const notices = page.getByRole('region', { name: 'Notifications' });
    await expect(notices).toContainText(/[34] minutes left/);
    // A short confirmation goes after 6 s; the deadline notice stays until dismissed.
    await page.clock.fastForward(10_000);
    await expect(notices).toContainText(/[34] minutes left/);
    await page.goto('/bookings');
    await notices.getByRole('link', { name: 'Open the booking' }).click();
    await expect(page).toHaveURL(bookingUrl);
  } finally {
    await sandbox('/reset');
  }
});

test('a booking page that makes no call of its own learns that the service’s clock moved, ends its countdown and shows what the service did', async ({
  page,
}) => {
  await page.clock.install();
  await signInAs(page, await createUser('Clock Watcher'), '/activities');
  await holdActivity(page, 'clock.watcher@example.com');
  await expect(page.locator('.countdown time')).toHaveText(/^00:(29|30):\d\d$/);
  try {
    await moveServiceClockAndWait(31 * 60);
    // No reload and no click: the page asks the console for the time while it counts (once 15 s have passed without
    // an answer telling it), so it hears of the move; the countdown ends, and the page reads the booking again: the
    // service let the hold lapse. The page's 20 s pass at once on its own clock.
    await page.clock.fastForward(20_000);
    await expect(page.getByText('No vouchers: the booking is cancelled.')).toBeVisible();
    await expect(page.locator('.countdown-running')).toHaveCount(0);
  } finally {
    await sandbox('/reset');
  }
});

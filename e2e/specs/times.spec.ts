import type { Page } from '@playwright/test';
import { env } from '../env.ts';
import { expect, inDays, test } from '../support/fixtures.ts';
import { chooseFirstRate, fillGuests, openFirstHotel } from '../support/hotels.ts';

/**
 * Times where they happen (decision 049): the console's own times in the zone the agent chose on the account page, a
 * hotel's deadline in the hotel's time and the agent's, dates typed and shown in the agent's locale. Run in two
 * browsers set up as two agents: one in London writing dates day/month, one in New York writing them month/day.
 */
const AGENTS = [
  {
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    hoursBehindParis: 1,
    shown: /^Sat,? 12 Dec 2026$/,
    threeTwelve: '12-03',
  },
  {
    locale: 'en-US',
    timezoneId: 'America/New_York',
    hoursBehindParis: 6,
    shown: /^Sat, Dec 12, 2026$/,
    threeTwelve: '03-12',
  },
] as const;

/** The zone goes back to the browser's whatever happened, so no other journey sees this one's. */
async function useBrowserZone(page: Page) {
  await page.request.put('/api/account/time-zone', {
    data: { time_zone: null },
    headers: { 'X-Console-Csrf': '1' },
  });
}

const hourOf = (clock: string) => {
  const match = /(\d{1,2}):(\d{2})\s*([AP]M)?/.exec(clock);
  if (!match) return Number.NaN;
  const hour = Number(match[1]) % 12;
  return match[3] === 'PM' ? hour + 12 : match[3] === 'AM' ? hour : Number(match[1]);
};

for (const agent of AGENTS) {
  test.describe(`an agent in ${agent.timezoneId} (${agent.locale})`, () => {
    test.use({ locale: agent.locale, timezoneId: agent.timezoneId });

    test('sees a hotel’s deadline in the hotel’s time and theirs, chooses a zone on the account page, and the desk shows when the booking was made in it', async ({
      agentPage: page,
    }) => {
      try {
        await openFirstHotel(page, '1');
        if (env.serverEnv.SANDBOX_PROFILE === 'default')
          // Ours writes free cancellation in the hotel's local time, its zone named; the variant sends none.
          await expect(
            page.getByText(/^Refundable until .+ Paris time \(UTC\+1\) · .+ your time$/).first(),
          ).toBeVisible();
        await chooseFirstRate(page);
        await fillGuests(page, [{ room: 1, guest: 1 }]);
        await page.getByRole('button', { name: /^Hold booking/ }).click();
        await expect(page.locator('.status-pill')).toHaveText('held');
        const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');

        // The hotel's zone: named in its location (ours), or found at its coordinates (the variant's).
        const deadline = page.getByText(/^Payment deadline:/);
        await expect(deadline).toContainText(/Paris time \(UTC\+1\) · .+ your time/);
        const words = (await deadline.textContent()) ?? '';
        const [there = '', here = ''] = words.split(' · ');
        expect((hourOf(there) - hourOf(here) + 24) % 24).toBe(agent.hoursBehindParis);

        await page.goto('/account');
        const card = page.getByRole('region', { name: 'Time zone' });
        await expect(card).toContainText(`Now showing times in ${agent.timezoneId} (your browser’s)`);
        await card.getByRole('combobox', { name: 'Time zone' }).fill('Asia/Tokyo');
        await card.getByRole('button', { name: 'Save time zone' }).click();
        await expect(card.getByRole('status')).toHaveText('Saved: times are shown in Asia/Tokyo.');
        await expect(card).toContainText('Now showing times in Asia/Tokyo:');
        // The sessions signed in are in it at once.
        await expect(
          page
            .getByRole('region', { name: 'Where you are signed in' })
            .getByText(/GMT\+9/)
            .first(),
        ).toBeVisible();

        await page.goto(`/bookings?q=${encodeURIComponent(orderId)}`);
        const row = page.getByRole('row').filter({ hasText: orderId });
        await expect(row).toBeVisible();
        const listed = (await (
          await page.request.get(`/api/bookings?q=${encodeURIComponent(orderId)}`)
        ).json()) as {
          data: { id: string; created_at: string }[];
        };
        const made = listed.data.find((b) => b.id === orderId)?.created_at ?? '';
        const tokyo = new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Asia/Tokyo',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(Date.parse(made));
        const madeCell = row.getByRole('cell').last();
        await expect(madeCell).toContainText('GMT+9');
        expect(hourOf((await madeCell.textContent()) ?? '')).toBe(Number(tokyo.slice(0, 2)));
        await expect(madeCell).toContainText(tokyo.slice(3));

        // Back to the browser's own, from the account page.
        await page.goto('/account');
        await card.getByRole('button', { name: /^Use my browser’s/ }).click();
        await expect(card).toContainText(`Now showing times in ${agent.timezoneId} (your browser’s)`);
      } finally {
        await useBrowserZone(page);
      }
    });

    test('types dates as they say them in a search form, and reads them back in their own words', async ({
      agentPage: page,
    }) => {
      const depart = page.getByLabel('Depart');
      await depart.fill('12dec');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: agent.timezoneId }).format(Date.now());
      // The next 12 December that is not in the past.
      const year = Number(today.slice(0, 4)) + (today > `${today.slice(0, 4)}-12-12` ? 1 : 0);
      await expect(depart).toHaveAttribute('data-date', `${year}-12-12`);
      await depart.press('Tab');
      if (year === 2026) await expect(depart).toHaveValue(agent.shown);

      // The locale's order for numbers: 3/12 is 3 December in London, March 12 in New York.
      await depart.fill('3/12');
      await expect(depart).toHaveAttribute('data-date', new RegExp(`^\\d{4}-${agent.threeTwelve}$`));

      const iso = inDays(45);
      await depart.fill(iso);
      await expect(depart).toHaveAttribute('data-date', iso);
      await depart.press('ArrowUp');
      await expect(depart).toHaveAttribute('data-date', inDays(46));

      await depart.fill('12dex');
      await depart.press('Tab');
      await expect(
        page.getByText(/“12dex” is not a date the console can read\. Type a date such as 12 Dec/),
      ).toBeVisible();
      await expect(depart).toHaveAttribute('aria-invalid', 'true');

      await depart.fill(iso);
      await page.getByRole('combobox', { name: 'From' }).fill('lond');
      await page.getByRole('option', { name: /London \(all airports\) \(LON\)/ }).click();
      await page.getByRole('combobox', { name: 'To' }).fill('paris');
      await page.getByRole('option', { name: /Paris \(all airports\) \(PAR\)/ }).click();
      await page.getByText('One way', { exact: true }).click();
      await page.getByRole('button', { name: 'Search flights' }).click();
      await expect(page).toHaveURL(new RegExp(`depart=${iso}`));
    });
  });
}

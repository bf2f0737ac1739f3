import { ChangeCountSchema } from '@console/contract';
import { expect, test } from '../support/fixtures.ts';
import {
  activityTask,
  changeTask,
  findTask,
  flightTask,
  hotelTask,
  Keys,
  type TaskRun,
} from '../support/keyboard-tasks.ts';

/**
 * The bench's five tasks (bench/src/tasks.ts), as a journey: driven with the keyboard alone, and after every step focus
 * is somewhere an agent can go on from, never on <body>. The page hears no pointer event from start to end.
 */
test('an agent does the five tasks of the bench with the keyboard alone, and no step leaves focus on the page’s body', async ({
  agentPage: page,
  advanceServiceClock,
}) => {
  test.setTimeout(240_000);
  let pointer = 0;
  await page.exposeBinding('__pointer', () => {
    pointer += 1;
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __pointer?: () => void };
    for (const kind of ['pointerdown', 'wheel', 'touchstart'])
      window.addEventListener(kind, () => w.__pointer?.(), { capture: true, passive: true });
  });
  const surname = `Keys${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? '')}`;
  const keys = new Keys(page);
  // Every step is looked at, and every one that leaves focus on <body> is named, not only the first.
  const softly = expect.configure({ soft: true });
  const run: TaskRun = {
    page,
    keys,
    afterStep: async (step) => {
      await softly
        .poll(
          () =>
            page.evaluate(() => {
              const active = document.activeElement;
              return !active || active === document.body ? 'body' : active.tagName.toLowerCase();
            }),
          { message: `focus after “${step}”`, timeout: 5_000 },
        )
        .not.toBe('body');
    },
  };
  const startAt = async (path: string) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  };

  await test.step('a return for two adults, from the palette to a held booking', async () => {
    await startAt('/bookings');
    await flightTask(run, surname);
  });
  await test.step('a hotel held and confirmed', async () => {
    await startAt('/bookings');
    await hotelTask(run, surname);
  });
  await test.step('an activity with options held', async () => {
    await startAt('/bookings');
    await activityTask(run, surname);
  });
  await test.step('a booking found by the surname and opened', async () => {
    await startAt('/bookings');
    await findTask(run, surname);
  });
  await test.step('a change handled with a note', async () => {
    // Half an hour on, the activity's hold has lapsed unpaid: a change for the agent.
    await advanceServiceClock(31 * 60);
    await expect
      .poll(
        async () => ChangeCountSchema.parse(await (await page.request.get('/api/changes/count')).json()).open,
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await startAt('/changes');
    await changeTask(run, `Told ${surname}; holding again tomorrow.`);
  });
  expect(pointer, 'pointer events the page heard').toBe(0);
});

import { existsSync } from 'node:fs';
import { ChangeCountSchema } from '@console/contract';
import { chromium, expect, type Page } from '@playwright/test';
import {
  activityTask,
  changeTask,
  findTask,
  flightTask,
  hotelTask,
  Keys,
  TASK_GOALS,
  type TaskRun,
} from '../../e2e/support/keyboard-tasks.ts';

/** One task as measured at one size of screen. */
export interface TaskFigures {
  task: keyof typeof TASK_GOALS;
  viewport: string;
  /** Keys pressed beyond the characters of the data typed. */
  keys: number;
  goal_keys: number;
  /** Characters of data typed (not in `keys`). */
  typed: number;
  /** Pointer events the page heard (pointerdown, wheel, touchstart): 0 when nothing was clicked or scrolled by hand. */
  pointer: number;
  /** From the first key to the result on screen, with the CPU slowed 4×. */
  seconds: number;
  /** The slowest interaction of the task (Event Timing, its duration), and the step it was in. */
  worst_interaction_ms: number;
  worst_step: string;
  worst_event: string;
  /** Every counted key, in order, repeats folded (`Tab×12 Enter`). */
  path: string;
  /** Why the task did not finish, if it did not. */
  failed?: string;
}

/** `Tab Tab Tab Enter` as `Tab×3 Enter`. */
export function foldKeys(pressed: readonly string[]): string {
  const out: string[] = [];
  let i = 0;
  while (i < pressed.length) {
    let j = i;
    while (pressed[j + 1] === pressed[i]) j += 1;
    const key = pressed[i] === ' ' ? 'Space' : String(pressed[i]);
    out.push(j > i ? `${key}×${j - i + 1}` : key);
    i = j + 1;
  }
  return out.join(' ');
}

function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) return fromEnv;
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
}

/**
 * What the page hears, from before its first script: every pointer event (counted in the bench, so "no pointer" is
 * measured) and every interaction's Event Timing entry of 16 ms or more, the slowest kept until the bench reads it.
 */
function instrument() {
  const w = window as unknown as {
    __pointer?: (kind: string) => void;
    __slowest: { ms: number; event: string };
  };
  w.__slowest = { ms: 0, event: '' };
  // Event Timing's options (`durationThreshold` is not in TypeScript's DOM types yet; 16 ms is the least allowed).
  // Declared here: the function is sent to the page as its source.
  const eventTiming: PerformanceObserverInit & { durationThreshold: number } = {
    type: 'event',
    durationThreshold: 16,
    buffered: true,
  };
  for (const kind of ['pointerdown', 'wheel', 'touchstart'])
    window.addEventListener(kind, () => w.__pointer?.(kind), { capture: true, passive: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // Only what was one interaction (a key pressed, a tap), not every event of 16 ms or more.
      const interaction = 'interactionId' in entry ? Number(entry.interactionId) : 0;
      if (!interaction || entry.duration <= w.__slowest.ms) continue;
      const target = 'target' in entry ? entry.target : null;
      const what =
        target instanceof HTMLElement
          ? `${target.tagName.toLowerCase()}${target.getAttribute('aria-label') ? `[${target.getAttribute('aria-label')}]` : ''}`
          : '';
      w.__slowest = { ms: entry.duration, event: `${entry.name} ${what}`.trim() };
    }
  }).observe(eventTiming);
}

/** The slowest interaction since the last read, once the frames after the last key have been painted; then reset. */
async function slowestSinceLastRead(page: Page): Promise<{ ms: number; event: string }> {
  return page.evaluate(
    () =>
      new Promise<{ ms: number; event: string }>((resolve) => {
        // Event Timing entries are delivered after the frame that follows the interaction is presented.
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            setTimeout(() => {
              const w = window as unknown as { __slowest: { ms: number; event: string } };
              const slowest = w.__slowest;
              w.__slowest = { ms: 0, event: '' };
              resolve(slowest);
            }, 0),
          ),
        );
      }),
  );
}

const letters = (n: number) =>
  Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');

/**
 * The five keyboard tasks in Chromium at 1440×900 and 390×844, the CPU slowed 4× (CDP), signed in as the demo agent.
 * `sandbox` is the service's origin, whose clock is moved half an hour before the change task so a hold lapses and
 * becomes a change to handle (then set back).
 */
export async function tasksBench(
  base: string,
  sandbox: string,
  log: (line: string) => void = () => undefined,
): Promise<TaskFigures[]> {
  const executablePath = chromiumPath();
  const browser = await chromium.launch({
    headless: true,
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const figures: TaskFigures[] = [];
  try {
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      const viewport = `${width}×${height}`;
      const context = await browser.newContext({
        viewport: { width, height },
        locale: 'en-US',
        timezoneId: 'UTC',
        baseURL: base,
      });
      let pointer = 0;
      await context.exposeBinding('__pointer', () => {
        pointer += 1;
      });
      await context.addInitScript(instrument);
      const page = await context.newPage();
      await page.goto('/sign-in');
      await page.getByLabel('Email').fill('agent@demo.test');
      await page.getByLabel('Password').fill('demo-agent');
      await page.getByLabel('Password').press('Enter');
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

      // A surname of its own, so the find task finds this run's booking.
      const surname = `Kestrel${letters(5)}`;
      /** One task from its screen: `ready` (what must be so before the first key) is waited for, not timed. */
      const measure = async (
        task: keyof typeof TASK_GOALS,
        start: string,
        drive: (run: TaskRun) => Promise<unknown>,
        ready: () => Promise<void> = async () => undefined,
      ) => {
        const keys = new Keys(page);
        let worst = { ms: 0, event: '', step: '' };
        const run: TaskRun = {
          page,
          keys,
          afterStep: async (step) => {
            const slowest = await slowestSinceLastRead(page);
            if (slowest.ms > worst.ms) worst = { ...slowest, step };
          },
        };
        let failed: string | undefined;
        let started = performance.now();
        try {
          await ready();
          await page.goto(start);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await slowestSinceLastRead(page);
          pointer = 0;
          started = performance.now();
          await drive(run);
        } catch (error) {
          failed = error instanceof Error ? error.message.split('\n')[0] : String(error);
        }
        const seconds = (performance.now() - started) / 1000;
        const row: TaskFigures = {
          task,
          viewport,
          keys: keys.count,
          goal_keys: TASK_GOALS[task],
          typed: keys.typed,
          pointer,
          seconds: Math.round(seconds * 10) / 10,
          worst_interaction_ms: Math.round(worst.ms),
          worst_step: worst.step,
          worst_event: worst.event,
          path: foldKeys(keys.pressed),
          ...(failed ? { failed } : {}),
        };
        figures.push(row);
        log(
          `tasks: ${task} at ${viewport}: ${row.keys} keys (${row.typed} characters of data), ${row.pointer} pointer, ${row.seconds} s, slowest interaction ${row.worst_interaction_ms} ms (${row.worst_step}: ${row.worst_event})${failed ? ` FAILED: ${failed}` : ''}\n  ${row.path}`,
        );
      };

      await measure('flight', '/bookings', (run) => flightTask(run, surname));
      await measure('hotel', '/bookings', (run) => hotelTask(run, surname));
      await measure('activity', '/bookings', (run) => activityTask(run, surname));
      await measure('find', '/bookings', (run) => findTask(run, surname));
      // Half an hour on, the activity's hold lapsed unpaid: a change for the agent to handle.
      await fetch(`${sandbox}/_sandbox/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seconds: 31 * 60 }),
      });
      await measure(
        'change',
        '/changes',
        (run) => changeTask(run, `Told ${surname}; rebooking tomorrow.`),
        async () => {
          await expect
            .poll(
              async () =>
                ChangeCountSchema.parse(await (await page.request.get('/api/changes/count')).json()).open,
              { message: 'a change for the agent (the activity’s hold lapsed)', timeout: 60_000 },
            )
            .toBeGreaterThan(0);
        },
      );
      await context.close();
    }
  } finally {
    await fetch(`${sandbox}/_sandbox/clock/reset`, { method: 'POST' }).catch(() => undefined);
    await browser.close();
  }
  return figures;
}

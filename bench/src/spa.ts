import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { inDays } from './relay.ts';
import type { Tap } from './tap.ts';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** Gzipped JavaScript per route, as the web build measured it (the build fails over its budget). */
export function routeSizes(): { budget_kib: number; routes: { route: string; kib: number }[] } {
  const file = join(root, 'apps/web/dist/route-sizes.json');
  if (!existsSync(file))
    throw new Error('apps/web/dist/route-sizes.json is missing: build the web app first');
  return JSON.parse(readFileSync(file, 'utf8'));
}

function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) return fromEnv;
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
}

interface TraceEvent {
  name: string;
  ph: string;
  tid: number;
  pid: number;
  dur?: number;
  args?: { name?: string };
}

/** The longest task on the page's main thread in a Chromium trace, in milliseconds. */
function longestMainThreadTask(trace: Buffer): { longest_ms: number; over_50ms: number } {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`));
  const durations = tasks.map((e) => (e.dur ?? 0) / 1000);
  return { longest_ms: Math.max(0, ...durations), over_50ms: durations.filter((d) => d > 50).length };
}

/**
 * The flight results page in Chromium with 5,000 offers streamed in five growing batches (each replacing the list):
 * DOM size once all are in, the longest main-thread task over the whole search, and time from pressing "Search
 * flights" to the first offer painted.
 */
export async function spaFigures(base: string, cookie: string, tap: Tap, total = 5000) {
  const executablePath = chromiumPath();
  const browser = await chromium.launch({
    headless: true,
    ...(executablePath ? { executablePath } : {}),
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-gpu',
    ],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 768 },
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name: name ?? '', value: value ?? '', url: base }]);
    const page = await context.newPage();
    tap.synthetic = { total, batches: 5, intervalMs: 400 };
    const params = new URLSearchParams({
      from: 'LHR',
      to: 'JFK',
      depart: inDays(30),
      adults: '1',
      children: '0',
      infants: '0',
      cabin: 'economy',
    });
    // A first search warms the page (code, fonts, the list), as an agent's second search of the day would be.
    await page.goto(`${base}/flights?${params}`);
    const found = page
      .getByRole('status')
      .filter({ hasText: `${total.toLocaleString('en-US')} offers found` });
    const foundPlain = page.getByRole('status').filter({ hasText: `${total} offers found` });
    await found.or(foundPlain).waitFor({ timeout: 120_000 });

    await page.evaluate(() => {
      const w = window as unknown as { __bench: { submitAt: number; paintedAt: number; cleared: boolean } };
      w.__bench = { submitAt: 0, paintedAt: 0, cleared: false };
      document.addEventListener(
        'submit',
        () => {
          w.__bench.submitAt = performance.now();
        },
        { capture: true },
      );
      new MutationObserver(() => {
        const b = w.__bench;
        if (b.submitAt === 0 || b.paintedAt !== 0) return;
        const offer = document.querySelector('article.offer');
        if (!offer) b.cleared = true;
        else if (b.cleared)
          // The frame that shows it: after the next animation frame's paint.
          requestAnimationFrame(() =>
            setTimeout(() => {
              if (b.paintedAt === 0) b.paintedAt = performance.now();
            }, 0),
          );
      }).observe(document.body, { childList: true, subtree: true });
    });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    await page.getByLabel('Cabin').selectOption('premium_economy');
    await page.getByRole('button', { name: 'Search flights' }).click();
    await found.or(foundPlain).waitFor({ timeout: 120_000 });
    await page.waitForTimeout(300);
    const trace = await browser.stopTracing();
    const timing = await page.evaluate(() => {
      const b = (window as unknown as { __bench: { submitAt: number; paintedAt: number } }).__bench;
      return { submit_to_first_offer_ms: b.paintedAt - b.submitAt };
    });
    const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const renderedOffers = await page.locator('article.offer').count();
    return {
      offers: total,
      dom_nodes: domNodes,
      rendered_offer_cards: renderedOffers,
      ...longestMainThreadTask(trace),
      ...timing,
    };
  } finally {
    tap.synthetic = null;
    await browser.close();
  }
}

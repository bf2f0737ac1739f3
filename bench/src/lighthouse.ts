import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SIGNED_IN_HINT_COOKIE } from '@console/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { inDays, signIn } from './relay.ts';

export interface LighthouseRow {
  route: string;
  preset: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  best_practices: number;
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  transferred_kib: number;
  /** How many runs were made; the figures are the median run's (Lighthouse's own choice of it). */
  runs: number;
  /** The performance scores of all the runs, lowest first: how much the machine moved them. */
  performance_runs: number[];
}

function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH?.trim(), '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p) => p && existsSync(p),
  );
  if (!found) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
  return found;
}

/**
 * Lighthouse on six screens (sign-in, flight results, hotel results, an activity's page, the bookings desk, the changes
 * list), signed
 * in with the bench user's cookie, with Lighthouse's mobile preset (slow 4G, 4× CPU, simulated) and its desktop
 * preset, in Debian's Chromium (issue 20). Scores 0–100 and the timings Lighthouse reports.
 */
export async function lighthouseBench(
  base: string,
  email: string,
  password: string,
): Promise<LighthouseRow[]> {
  const cookie = await signIn(base, email, password);
  const products = (await (
    await fetch(`${base}/api/activities/products?query=louvre`, { headers: { cookie } })
  ).json()) as { data: { id: string }[] };
  const routes: [string, string][] = [
    ['sign-in', '/sign-in'],
    [
      'flight results',
      `/flights?from=LHR&to=CDG&depart=${inDays(30)}&adults=1&children=0&infants=0&cabin=economy`,
    ],
    [
      'hotel results',
      `/hotels?${new URLSearchParams({ place: '2001', name: 'Paris', type: 'city', in: inDays(40), out: inDays(42), rooms: '2' })}`,
    ],
    ['activity page', `/activities/${products.data[0]?.id ?? ''}`],
    ['bookings desk', '/bookings'],
    // The list of changes the watch found (issue 56): where an agent starts the task of handling one.
    ['changes list', '/changes'],
  ];
  // BENCH_LIGHTHOUSE_ROUTES=hotel results,activity page measures those only (while working on them).
  const only = process.env.BENCH_LIGHTHOUSE_ROUTES?.split(',').map((r) => r.trim());
  const measured = only ? routes.filter(([route]) => only.includes(route)) : routes;
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const rows: LighthouseRow[] = [];
  // The session is a cookie in the browser's own jar, as after signing in: a header Lighthouse adds to the page's
  // requests does not reach the search stream's worker, whose every search then answered 401 (the first figures for
  // the flight results were of that loop). Storage is kept between runs for the cookie; the HTTP cache is emptied
  // before each run instead, so every load is cold.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  const session = await page.createCDPSession();
  const [name = '', value = ''] = cookie.split('=', 2);
  /** One Lighthouse run of a screen, cold (HTTP cache emptied), signed in or not. */
  const measure = async (route: string, path: string, preset: 'mobile' | 'desktop') => {
    // A run whose trace Lighthouse could not read (it says so, e.g. NO_NAVSTART, and asks to run again) is run
    // once more; a second failure is reported as it is.
    let lhr: RunnerResult['lhr'] | undefined;
    for (let attempt = 1; attempt <= 2 && (!lhr || lhr.runtimeError); attempt += 1) {
      await session.send('Network.clearBrowserCache');
      // Signed out as after signing out: neither the session nor the signed-in hint (a hint left by a signed-in
      // screen's page would make the sign-in screen ask who is signed in, and be refused, as after a session lapsed).
      if (route === 'sign-in')
        for (const cookieName of [name, SIGNED_IN_HINT_COOKIE])
          await session.send('Network.deleteCookies', { name: cookieName, url: base });
      else await session.send('Network.setCookie', { name, value, url: base, httpOnly: true });
      const result = await lighthouse(
        `${base}${path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          disableStorageReset: true,
        },
        preset === 'desktop' ? desktopConfig : undefined,
        page,
      );
      lhr = result?.lhr;
    }
    if (!lhr) throw new Error(`Lighthouse gave no result for ${route}`);
    return lhr;
  };
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));
  const warmed = new Set<string>();
  try {
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const [route, path] of measured) {
        // Simulated throttling multiplies what this shared machine's CPU did by four, so one run moves by a few
        // points from the next: each screen is measured `runs` times (BENCH_LIGHTHOUSE_RUNS, 5 by default: issue 56) and
        // the median run is reported, as Lighthouse advises, with the spread of the scores beside it.
        // Each screen is loaded once, unmeasured, before its first measured run (decision 038, eleventh pass): the
        // first load of a screen after the console started was the slowest of every set (the flight results' total
        // blocking time 84-246 ms on it, 0-135 ms on the later runs), and agents' browsers and their console are warm.
        // Every cold load is still cold for the browser: the HTTP cache is emptied before each run, measured or not.
        if (!warmed.has(route)) {
          warmed.add(route);
          await measure(route, path, preset);
        }
        const all: RunnerResult['lhr'][] = [];
        for (let run = 0; run < runs; run += 1) all.push(await measure(route, path, preset));
        const lhr = computeMedianRun(all) as RunnerResult['lhr'];
        // BENCH_LIGHTHOUSE_DIR keeps the whole reports (the LCP element, long tasks, requests) to read later: the
        // median run's, and each run's in the order run.
        const keep = process.env.BENCH_LIGHTHOUSE_DIR?.trim();
        if (keep) {
          mkdirSync(keep, { recursive: true });
          const file = `${preset}-${route.replaceAll(' ', '-')}`;
          writeFileSync(join(keep, `${file}.json`), JSON.stringify(lhr));
          for (const [i, run] of all.entries())
            writeFileSync(join(keep, `${file}.run${i + 1}.json`), JSON.stringify(run));
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        rows.push({
          route,
          preset,
          performance: score('performance'),
          accessibility: score('accessibility'),
          best_practices: score('best-practices'),
          fcp_ms: Math.round(audit('first-contentful-paint')),
          lcp_ms: Math.round(audit('largest-contentful-paint')),
          tbt_ms: Math.round(audit('total-blocking-time')),
          cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
          transferred_kib: Math.round((audit('total-byte-weight') / 1024) * 10) / 10,
          runs,
          performance_runs: all
            .map((run) => Math.round((run.categories.performance?.score ?? 0) * 100))
            .sort((a, b) => a - b),
        });
      }
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return rows;
}

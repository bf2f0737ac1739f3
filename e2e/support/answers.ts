import type { Page, Request, Route } from '@playwright/test';

/**
 * The test's hand on the console's answers to the page. Every /api answer tells the page the service's time, and a
 * page counting down reads on its own (time checks, polls): a journey that moves the service's clock and then acts on
 * the page as it stands would race those reads. `hold()` keeps back every answer to a request already sent or sent
 * from then on until the page sends the request `passFrom` names (the agent's own action): that request and all
 * after it go through, and what was held is delivered at `release()`.
 *
 * Installed before the journey's first step on the page, so that an answer in flight when the clock moves is held too
 * (every answer is fetched by the test and handed over).
 */
export async function controlAnswers(page: Page) {
  let holding = false;
  let action: (request: Request) => boolean = () => false;
  let actionSent = false;
  let release = () => {};
  let released = Promise.resolve();

  const handler = async (route: Route) => {
    const request = route.request();
    if (holding && !actionSent && action(request)) actionSent = true;
    // Sent at or after the agent's action: its answer goes through. Anything else is held while holding lasts.
    const afterAction = holding && actionSent;
    const response = await route.fetch({ maxRedirects: 0 }).catch(() => null);
    if (holding && !afterAction) await released;
    if (response === null) await route.abort().catch(() => undefined);
    else await route.fulfill({ response }).catch(() => undefined);
  };
  await page.route('**/api/**', handler);

  return {
    /** From now on the page hears nothing new until it sends the request `action` matches. */
    hold(passFrom: (request: Request) => boolean) {
      released = new Promise<void>((resolve) => (release = resolve));
      action = passFrom;
      actionSent = false;
      holding = true;
    },
    /** Delivers what was held and lets every answer through again. */
    release() {
      holding = false;
      release();
    },
  };
}

import type { Page } from '@playwright/test';

/**
 * Watches, from now on, for a brief message: an element with `role` whose text holds `text`, looked for on every
 * animation frame. For what the console shows only for a moment ("Still searching", the new-version notice before
 * the page moves on): started before the agent's action, it cannot miss a message that comes and goes before an
 * assertion made after the action would look. Resolves when it was seen.
 */
export function glimpse(page: Page, role: 'status' | 'alert', text: string): Promise<unknown> {
  return page.waitForFunction(
    ({ role, text }) =>
      Array.from(document.querySelectorAll(`[role="${role}"]`)).some((element) =>
        element.textContent?.includes(text),
      ),
    { role, text },
    { polling: 'raf' },
  );
}

/**
 * A tab opened before a deploy asks for a screen's chunk of the build it started with, which the new build no longer
 * has (the console answers 404). The agent is told a new version is ready and the screen is opened again at the same
 * address in the new version: what a form keeps in the session (typed travellers, search fields) is still there.
 * A second failure within half a minute (the new build is broken, or the network is) says so instead of reloading
 * again.
 */
const RELOADED_AT = 'console:reloaded-for-new-version';
/** How often a console that does not answer is asked again. */
const RETRY_MS = 2000;
let announced = false;

/** Whether the console answers at all (any status: it is there); false when the request cannot reach it. */
async function consoleAnswers(): Promise<boolean> {
  try {
    await fetch('/api/health', { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

function notice(text: string): HTMLElement {
  const element = document.createElement('div');
  element.className = 'new-version';
  element.setAttribute('role', 'alert');
  element.textContent = text;
  document.body.append(element);
  return element;
}

/**
 * A chunk did not load: a deploy removed it, or the console could not be reached (a restart, the office's line).
 * Unreachable, the agent is told and the tab waits for the console to answer again (reloading then would show the
 * browser's error page instead of the console); once it answers, the screen is opened again in what it now serves.
 */
export async function newVersionReady(): Promise<void> {
  if (announced) return;
  announced = true;
  const unreachable = !(await consoleAnswers());
  if (unreachable) {
    const waiting = notice(
      'The console cannot be reached just now. This screen opens as soon as it answers again…',
    );
    while (!(await consoleAnswers())) await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    waiting.remove();
  }
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 30_000) {
    notice('This screen could not be loaded. Reload the page; if it happens again, tell your administrator.');
    return;
  }
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  notice(
    unreachable
      ? 'The console answers again. Opening this screen…'
      : 'A new version of the console is ready. Opening this screen in it…',
  );
  setTimeout(() => window.location.reload(), 1200);
}

/**
 * A module the agent's action needs now (a screen, a dialog, the palette), or (when its chunk is gone) the new version
 * opened in its place: this never settles then. A chunk only fetched ahead, in the background, is not loaded through
 * this: its failure reloads nothing under an agent who is typing; the screen that needs it does, when it is opened.
 */
export function loadOrReload<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(() => {
    void newVersionReady();
    return new Promise<T>(() => undefined);
  });
}

/**
 * A tab opened before a deploy asks for a screen's chunk of the build it started with, which the new build no longer
 * has (the console answers 404). The agent is told a new version is ready and the screen is opened again at the same
 * address in the new version: what a form keeps in the session (typed travellers, search fields) is still there.
 * A second failure within half a minute (the new build is broken, or the network is) says so instead of reloading
 * again.
 */
const RELOADED_AT = 'console:reloaded-for-new-version';
let announced = false;

export function newVersionReady(): void {
  if (announced) return;
  announced = true;
  const notice = document.createElement('div');
  notice.className = 'new-version';
  notice.setAttribute('role', 'alert');
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 30_000) {
    notice.textContent =
      'This screen could not be loaded. Reload the page; if it happens again, tell your administrator.';
    document.body.append(notice);
    return;
  }
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  notice.textContent = 'A new version of the console is ready. Opening this screen in it…';
  document.body.append(notice);
  setTimeout(() => window.location.reload(), 1200);
}

/**
 * A module the agent's action needs now (a screen, a dialog, the palette), or (when its chunk is gone) the new version
 * opened in its place: this never settles then. A chunk only fetched ahead, in the background, is not loaded through
 * this: its failure reloads nothing under an agent who is typing; the screen that needs it does, when it is opened.
 */
export function loadOrReload<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(() => {
    newVersionReady();
    return new Promise<T>(() => undefined);
  });
}

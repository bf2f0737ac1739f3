import { useSyncExternalStore } from 'react';

/**
 * Whether the first screen has had its turn: two seconds after the page's load event, at the browser's next idle
 * moment (at most two seconds more), or as soon as the agent presses a key or a pointer. What the shell adds around a
 * screen (the deadline notices' radar, the wallet banner, the palette's code) waits for it, so that on a slow link
 * those requests do not take the connections and the bandwidth the screen's own scripts, data and images need
 * (decision 022). Later screens of the visit find it settled.
 */
const AFTER_LOAD_MS = 2000;
let settled = false;
const listeners = new Set<() => void>();

function settle() {
  if (settled) return;
  settled = true;
  window.removeEventListener('keydown', settle, true);
  window.removeEventListener('pointerdown', settle, true);
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // The load event comes early (the scripts are module preloads, the data comes after them): the screen gets two
  // more seconds, then the browser's next idle moment.
  const afterLoad = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(settle, { timeout: 2000 });
      else settle();
    }, AFTER_LOAD_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  window.addEventListener('keydown', settle, true);
  window.addEventListener('pointerdown', settle, true);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once the first screen has had its turn (see above); stays true. */
export const useScreenSettled = () =>
  useSyncExternalStore(
    subscribe,
    () => settled,
    () => false,
  );

import { useSyncExternalStore } from 'react';

/** The width under which the console lays itself out in one column (styles.css and each feature's own CSS, `@media (max-width: 760px)`). */
export const NARROW = '(max-width: 760px)';

const query = typeof window !== 'undefined' ? window.matchMedia(NARROW) : null;
const subscribe = (listener: () => void) => {
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};

/** Whether the screen is narrow (a phone, a window beside another), following the styles' own breakpoint. */
export const useNarrow = () =>
  useSyncExternalStore(
    subscribe,
    () => query?.matches ?? false,
    () => false,
  );

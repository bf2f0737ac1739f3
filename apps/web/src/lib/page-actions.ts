import { useEffect, useSyncExternalStore } from 'react';

/** An action of the page on screen (ticket, confirm, extend, cancel) the command palette can run. */
export interface PageAction {
  id: string;
  label: string;
  /** Does what the page's button does: opens the same confirmation dialog, never acts without it. */
  run: () => void;
}

let current: readonly PageAction[] = [];
const listeners = new Set<() => void>();
const publish = (next: readonly PageAction[]) => {
  current = next;
  for (const listener of listeners) listener();
};

/**
 * The page offers its actions to the command palette while it is on screen. The list is the page's buttons as they
 * stand (only the actions its state allows), renewed when they change.
 */
export function usePageActions(actions: readonly PageAction[]): void {
  const key = actions.map((a) => `${a.id}:${a.label}`).join('|');
  // Renewed when the offered actions change (by key), not on every render's new closures.
  useEffect(() => {
    publish(actions);
    return () => {
      if (current === actions) publish([]);
    };
  }, [key]);
}

/** The actions the page on screen offers now. */
export function usePageActionList(): readonly PageAction[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

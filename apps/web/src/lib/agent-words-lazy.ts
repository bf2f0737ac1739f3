import { useSyncExternalStore } from 'react';

type Words = typeof import('./agent-words.ts');

let loaded: Words | null = null;
let loading: Promise<Words> | null = null;
const listeners = new Set<() => void>();

/**
 * The agent's words for every error (lib/agent-words.ts, with the service's own messages to compare with) load after
 * the first paint, in a file of their own: no screen's first paint needs them, and they are a few KiB on every route.
 * main.tsx asks for them when the browser is idle; a notice shown before that asks at once.
 */
export function loadAgentWords(): Promise<Words> {
  loading ??= import('./agent-words.ts').then((words) => {
    loaded = words;
    for (const listener of listeners) listener();
    return words;
  });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The agent's words once loaded (null for the moment before: the error's own message is shown meanwhile). */
export function useAgentWords(): Words | null {
  const words = useSyncExternalStore(subscribe, () => loaded);
  if (!words) void loadAgentWords();
  return words;
}

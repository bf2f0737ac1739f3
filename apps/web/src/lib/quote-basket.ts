import type { QuoteOptionRequest } from '@console/contract';
import { useSyncExternalStore } from 'react';

/**
 * The options an agent is gathering for a quote (decision 034): kept in this tab (sessionStorage) while they look at
 * flights, hotels and activities, at most five; /quotes turns them into a quote. Each is what to price and its words;
 * the console prices it from the service when the quote is made.
 */
export interface BasketOption {
  request: QuoteOptionRequest;
  label: string;
}
const KEY = 'console.quote-basket';
export const BASKET_LIMIT = 5;
const listeners = new Set<() => void>();
let cache: BasketOption[] | null = null;

function read(): BasketOption[] {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    cache = Array.isArray(parsed) ? (parsed as BasketOption[]).slice(0, BASKET_LIMIT) : [];
  } catch {
    cache = [];
  }
  return cache;
}
function write(next: BasketOption[]) {
  cache = next;
  sessionStorage.setItem(KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

export const basket = {
  list: read,
  /** Adds an option; false when the basket is full or holds it already. */
  add(option: BasketOption): boolean {
    const now = read();
    const same = JSON.stringify(option.request);
    if (now.length >= BASKET_LIMIT || now.some((o) => JSON.stringify(o.request) === same)) return false;
    write([...now, option]);
    return true;
  },
  remove(index: number) {
    write(read().filter((_, i) => i !== index));
  },
  clear() {
    write([]);
  },
};

export function useBasket(): BasketOption[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => [],
  );
}

import type { z } from 'zod';

/**
 * What the agent saw (an offer in the results, a rate on the hotel page), kept for the tab so that a change found
 * later can be shown side by side with it. Read back through its contract schema; anything unreadable is forgotten.
 */
export function remember(kind: string, value: { id: string }): void {
  keep(kind, value.id, value);
}

/** Keeps any value for the tab under `kind:id`; storage that is full or refused keeps nothing. */
export function keep(kind: string, id: string, value: unknown): void {
  try {
    sessionStorage.setItem(`${kind}:${id}`, JSON.stringify(value));
  } catch {
    // the screen still works; only what it would have kept is lost
  }
}

export function forget(kind: string, id: string): void {
  try {
    sessionStorage.removeItem(`${kind}:${id}`);
  } catch {
    // nothing was kept
  }
}

/** sessionStorage refused (some private modes) reads as nothing kept. */
export function recall<S extends z.ZodType>(kind: string, id: string, schema: S): z.output<S> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(sessionStorage.getItem(`${kind}:${id}`) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

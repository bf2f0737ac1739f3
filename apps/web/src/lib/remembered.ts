import type { z } from 'zod';

/**
 * What the agent saw (an offer in the results, a rate on the hotel page), kept for the tab so that a change found
 * later can be shown side by side with it. Read back through its contract schema; anything unreadable is forgotten.
 */
export function remember(kind: string, value: { id: string }): void {
  sessionStorage.setItem(`${kind}:${value.id}`, JSON.stringify(value));
}

export function recall<S extends z.ZodType>(kind: string, id: string, schema: S): z.output<S> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(sessionStorage.getItem(`${kind}:${id}`) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

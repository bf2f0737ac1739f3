import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { ConsoleError } from '../platform/errors.ts';

/** The browser's Idempotency-Key, forwarded unchanged; 1 to 255 printable ASCII characters. */
export function idempotencyKey(c: Context): string | undefined {
  const key = c.req.header('Idempotency-Key');
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(key))
    throw new ConsoleError('invalid_idempotency_key', { param: 'Idempotency-Key' });
  return key;
}

/**
 * A create without a key from the browser still gets one, so the console's own retries after a lost answer cannot
 * book twice; it is sent back in the answer's `Idempotency-Key` header.
 */
export const newIdempotencyKey = (): string => `console-${randomUUID()}`;

/**
 * The 201 of a create: the service's body unchanged, the key it was made with, and `Console-Reconciled: true` when an
 * earlier try's answer was lost and the service's replay for the same key showed the booking was made once.
 */
export function created(c: Context, body: unknown, key: string, reconciled: boolean): Response {
  c.header('Idempotency-Key', key);
  if (reconciled) c.header('Console-Reconciled', 'true');
  return c.json(body, 201);
}

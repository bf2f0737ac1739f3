import { describe, expect, it } from 'vitest';
import { ConsoleError } from './errors.ts';
import { decodeCursor, encodeCursor, matchedOf, pageFrom } from './pages.ts';

describe('keyset cursors', () => {
  it('read back the key they were written with, for their own list and order', () => {
    const cursor = encodeCursor('bookings.newest', ['2026-11-24T10:00:00.000Z', 'ord_1']);
    expect(decodeCursor(cursor, 'bookings.newest', ['string', 'string'])).toEqual([
      '2026-11-24T10:00:00.000Z',
      'ord_1',
    ]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('refuse a cursor of another order, of another key shape, or not a cursor at all, naming `after`', () => {
    const cursor = encodeCursor('audit.newest', ['2026-11-24T10:00:00.000Z', 7]);
    for (const [after, order, shape] of [
      [cursor, 'bookings.newest', ['string', 'number']],
      [cursor, 'audit.newest', ['string', 'string']],
      ['not-a-cursor', 'audit.newest', ['string', 'number']],
      [Buffer.from('{"o":"audit.newest"}').toString('base64url'), 'audit.newest', ['string', 'number']],
    ] as const) {
      let thrown: unknown;
      try {
        decodeCursor(after, order, shape);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ConsoleError);
      expect(thrown).toMatchObject({ param: 'after' });
    }
    expect(decodeCursor(undefined, 'audit.newest', ['string', 'number'])).toBeUndefined();
  });

  it('make a page from limit + 1 rows: the extra says more follow, the last shown is where the next starts', () => {
    const rows = [1, 2, 3].map((n) => ({ n }));
    const full = pageFrom(
      rows,
      2,
      'x',
      (r) => [r.n],
      (r) => r.n,
    );
    expect(full.data).toEqual([1, 2]);
    expect(full.has_more).toBe(true);
    expect(decodeCursor(full.next_cursor ?? '', 'x', ['number'])).toEqual([2]);
    const last = pageFrom(
      rows,
      3,
      'x',
      (r) => [r.n],
      (r) => r.n,
    );
    expect(last).toEqual({ data: [1, 2, 3], has_more: false, next_cursor: null });
  });

  it('count exactly up to the cap and say "at least" past it', () => {
    expect(matchedOf(10_000)).toEqual({ count: 10_000, at_least: false });
    expect(matchedOf(10_001)).toEqual({ count: 10_000, at_least: true });
  });
});

import type { Traveller } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { childAge, guestChecks, guestIndex } from './guest-checks.ts';

const stay = { check_in: '2027-01-03', check_out: '2027-01-05' };
const profile = (id: string, date_of_birth: string, expires_on = '2035-01-01'): Traveller => ({
  id,
  given_name: 'Ada',
  family_name: 'Hart',
  date_of_birth,
  gender: null,
  nationality: 'GB',
  documents: [
    {
      kind: 'passport',
      number: `P${id}`,
      country: 'GB',
      issued_on: null,
      expires_on,
      given_name: null,
      family_name: null,
    },
  ],
  email: null,
  phone: null,
  notes: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});
const typed = (p: Traveller, type: 'adult' | 'child' = 'adult') => ({
  type,
  given_name: p.given_name,
  family_name: p.family_name,
  passport_number: p.documents[0]?.number,
});

describe('guests picked from the directory, checked against the stay', () => {
  it('numbers guests across rooms and finds a searched child’s age after the room’s adults', () => {
    const rooms = [{ guests: [1, 2] }, { guests: [1, 2, 3] }];
    expect(guestIndex(rooms, 1, 2)).toBe(4);
    expect(childAge({ adults: 2, children: [7, 4] }, 3)).toBe(4);
    expect(childAge({ adults: 2 }, 2)).toBeUndefined();
  });

  it('stops one person in two places, even in two rooms', () => {
    const ada = profile('1', '1980-02-02');
    const checks = guestChecks(
      stay,
      [{ adults: 1 }, { adults: 1 }],
      [{ guests: [typed(ada)] }, { guests: [typed(ada)] }],
      {
        '0.0': ada,
        '1.0': ada,
      },
    );
    expect(checks).toEqual([expect.objectContaining({ index: 1, rule: 'duplicate', severity: 'error' })]);
  });

  it('stops a passport that runs out before check-out, and leaves the six-month rule to the flight', () => {
    const short = profile('2', '1980-02-02', '2027-01-04');
    const soon = profile('3', '1981-03-03', '2027-03-01');
    const checks = guestChecks(stay, [{ adults: 2 }], [{ guests: [typed(short), typed(soon)] }], {
      '0.0': short,
      '0.1': soon,
    });
    expect(checks.map((c) => [c.index, c.rule, c.severity])).toEqual([[0, 'document_expires', 'error']]);
  });

  it('warns when a child’s age at check-in is not the age the rate was searched for', () => {
    const child = profile('4', '2019-01-04');
    const rooms = [{ guests: [{ type: 'adult' as const }, typed(child, 'child')] }];
    // Seven on 2027-01-03 (the birthday is the day after): searched as eight.
    const checks = guestChecks(stay, [{ adults: 1, children: [8] }], rooms, { '0.1': child });
    expect(checks).toEqual([
      expect.objectContaining({
        index: 1,
        rule: 'age_type',
        severity: 'warning',
        message: expect.stringContaining('Aged 7'),
      }),
    ]);
    expect(guestChecks(stay, [{ adults: 1, children: [7] }], rooms, { '0.1': child })).toEqual([]);
  });
});

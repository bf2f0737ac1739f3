import { describe, expect, it } from 'vitest';
import { addMonths, bookingDocument, travellerChecks } from './traveller-checks.ts';
import { TravellerInputSchema, travellerFromPassenger } from './travellers.ts';

const profile = {
  id: 'trv_1',
  given_name: 'Amelia',
  family_name: 'Hart',
  documents: [
    {
      kind: 'passport' as const,
      number: 'P1234567',
      country: 'GB',
      issued_on: null,
      expires_on: '2027-03-01',
      given_name: null,
      family_name: null,
    },
  ],
};
const trip = { starts_on: '2026-12-12', ends_on: '2026-12-19' };

describe('travellers checked at entry', () => {
  it('adds months keeping the day, or the month’s last day', () => {
    expect(addMonths('2026-12-19', 6)).toBe('2027-06-19');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
  });

  it('warns of a passport that expires within six months of the trip’s end, and refuses one that expires before it', () => {
    const warn = travellerChecks(
      [
        {
          given_name: 'Amelia',
          family_name: 'Hart',
          date_of_birth: '1985-04-12',
          document_expires_on: '2027-03-01',
        },
      ],
      trip,
    );
    expect(warn).toMatchObject([
      { rule: 'document_six_months', severity: 'warning', field: 'document_expires_on' },
    ]);
    const refuse = travellerChecks(
      [
        {
          given_name: 'Amelia',
          family_name: 'Hart',
          date_of_birth: '1985-04-12',
          document_expires_on: '2026-12-19',
        },
      ],
      trip,
    );
    expect(refuse).toMatchObject([{ rule: 'document_expires', severity: 'error' }]);
    expect(
      travellerChecks(
        [
          {
            given_name: 'A',
            family_name: 'B',
            date_of_birth: '1985-04-12',
            document_expires_on: '2027-06-20',
          },
        ],
        trip,
      ),
    ).toEqual([]);
  });

  it('refuses a child whose age on the travel date makes them an adult', () => {
    const found = travellerChecks(
      [{ given_name: 'Sam', family_name: 'Hart', date_of_birth: '2014-12-11', type: 'child' }],
      trip,
    );
    expect(found).toMatchObject([{ rule: 'age_type', field: 'date_of_birth' }]);
    expect(found[0]?.message).toContain('Aged 12');
  });

  it('warns when the typed name differs from the picked profile’s document name', () => {
    expect(
      travellerChecks(
        [{ given_name: 'Amelie', family_name: 'Hart', date_of_birth: '1985-04-12', profile }],
        trip,
      ),
    ).toMatchObject([{ rule: 'name_differs', severity: 'warning' }]);
    // Case and accents are not a difference.
    expect(
      travellerChecks(
        [{ given_name: 'AMÉLIA', family_name: 'hart', date_of_birth: '1985-04-12', profile }],
        trip,
      ),
    ).toEqual([]);
  });

  it('refuses the same person twice in one booking, by profile or by name and date of birth', () => {
    const person = { given_name: 'Amelia', family_name: 'Hart', date_of_birth: '1985-04-12' };
    expect(travellerChecks([person, { ...person, given_name: 'amelia ' }], trip)).toMatchObject([
      { index: 1, rule: 'duplicate', severity: 'error' },
    ]);
    expect(
      travellerChecks(
        [
          { ...person, profile },
          { ...person, family_name: 'Other', profile },
        ],
        trip,
      ).map((c) => c.rule),
    ).toContain('duplicate');
  });

  it('books on the passport valid longest', () => {
    const [first] = profile.documents;
    if (!first) throw new Error('the profile has a passport');
    const later = { ...first, number: 'P7654321', expires_on: '2031-01-01' };
    expect(bookingDocument({ documents: [first, later] })?.number).toBe('P7654321');
  });

  it('refuses a profile with a bad document or unknown fields', () => {
    const bad = TravellerInputSchema.safeParse({
      given_name: 'Amelia',
      family_name: 'Hart',
      date_of_birth: '1985-04-12',
      documents: [{ number: 'x', country: 'GB', expires_on: '2030-01-01' }],
      secret: 1,
    });
    expect(bad.success).toBe(false);
  });

  it('makes a booked passenger a profile the directory accepts, with their passport', () => {
    const input = travellerFromPassenger(
      {
        given_name: 'Amelia',
        family_name: 'Hart',
        date_of_birth: '1985-04-12',
        gender: 'F',
        nationality: 'GB',
        document: { number: 'P1234567', country_code: 'GB', expires_on: '2031-05-01' },
      },
      'amelia@example.com',
    );
    // A gender the directory does not know is left out rather than guessed.
    expect(input).toMatchObject({ gender: null, documents: [{ number: 'P1234567', country: 'GB' }] });
    expect(TravellerInputSchema.safeParse(input).success).toBe(true);
  });
});

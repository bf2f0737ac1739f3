import type { FlightOffer } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { bookingFormSchema, emptyPassengers, passengersFrom } from './booking-form.ts';

/** An offer as far as the form's checks read it: who it is for, and when it flies. */
const offer = {
  id: 'ofr_test',
  passengers: [{ type: 'adult' }, { type: 'child' }],
  slices: [
    {
      segments: [{ departing_at: '2026-12-20T09:00:00', arriving_at: '2026-12-20T11:00:00' }],
    },
  ],
} as unknown as FlightOffer;

const problems = (values: unknown) => {
  const result = bookingFormSchema(offer).safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the passenger form', () => {
  it('has no gender chosen for the agent, and asks for one', () => {
    const [first] = emptyPassengers(['adult']);
    expect(first?.gender).toBe('');
  });

  it('names every problem in one pass: a missing name, a child who is an adult on the day, no gender, a bad email', () => {
    const [adult, child] = emptyPassengers(['adult', 'child']);
    const found = problems({
      passengers: [
        { ...adult, given_name: '', family_name: 'Hart', date_of_birth: '1985-04-12', gender: 'female' },
        { ...child, given_name: 'Tom', family_name: 'Hart', date_of_birth: '1990-01-01', gender: '' },
      ],
      contact: { email: 'not-an-email', phone: '+442071234567' },
      client_reference: '',
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^passengers\.0\.given_name: /),
        expect.stringMatching(/^passengers\.1\.gender: Choose the gender/),
        expect.stringMatching(
          /^passengers\.1\.date_of_birth: a passenger aged 36 .* travels as adult, not child/,
        ),
        expect.stringMatching(/^contact\.email: /),
      ]),
    );
  });

  it('accepts a form whose passengers fit the offer', () => {
    const [adult, child] = emptyPassengers(['adult', 'child']);
    expect(
      problems({
        passengers: [
          {
            ...adult,
            given_name: 'Amelia',
            family_name: 'Hart',
            date_of_birth: '1985-04-12',
            gender: 'female',
          },
          { ...child, given_name: 'Tom', family_name: 'Hart', date_of_birth: '2016-05-01', gender: 'male' },
        ],
        contact: { email: 'amelia@example.com', phone: '+442071234567' },
        client_reference: '',
      }),
    ).toEqual([]);
  });
});

describe('a rebooking’s passengers', () => {
  it('are the old booking’s travellers by type in their order, with what its read did not show left to type', () => {
    const passengers = passengersFrom(
      ['adult', 'adult', 'child'],
      [
        {
          type: 'child',
          given_name: 'Kit',
          family_name: 'Hart',
          date_of_birth: '2018-01-02',
          gender: 'MALE',
          nationality: null,
        },
        {
          type: 'adult',
          given_name: 'Amelia',
          family_name: 'Hart',
          date_of_birth: null,
          gender: null,
          nationality: 'GB',
        },
      ],
    );
    expect(passengers.map((p) => [p.type, p.given_name, p.date_of_birth, p.gender, p.nationality])).toEqual([
      ['adult', 'Amelia', '', '', 'GB'],
      ['adult', '', '', '', ''],
      ['child', 'Kit', '2018-01-02', 'male', ''],
    ]);
  });
});

import type { BookingOption, Traveller } from '@console/contract';
import { everyInputType } from '@console/contract/fixtures';
import { describe, expect, it } from 'vitest';
import { answersFromTraveller, answersTravellers, fieldOfOption } from './from-traveller.ts';

const question = (id: string, name: string, input_type: number, format_regex: string | null = null) =>
  ({ ...everyInputType[0], id, name, input_type, format_regex, items: [] }) as BookingOption;

const ada: Traveller = {
  id: 'trv_1',
  given_name: 'Ada',
  family_name: 'Lovelace',
  date_of_birth: '1985-12-10',
  gender: 'female',
  nationality: 'GB',
  documents: [
    {
      kind: 'passport',
      number: 'OLD12345',
      country: 'GB',
      issued_on: null,
      expires_on: '2027-01-01',
      given_name: null,
      family_name: null,
    },
    {
      kind: 'passport',
      number: 'NEW98765',
      country: 'IE',
      issued_on: null,
      expires_on: '2034-05-01',
      given_name: 'Augusta Ada',
      family_name: 'King',
    },
  ],
  email: 'ada@example.com',
  phone: '+442071234567',
  notes: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('a saved traveller answering an activity’s questions', () => {
  it('fills the questions whose type and words say what they ask, from the passport valid longest', () => {
    const options = [
      question('passport_number', 'Passport number', 4, '^[A-Z0-9]{6,9}$'),
      question('nationality', 'Nationality', 12),
      question('dob', 'Date of birth', 6),
      question('q17', 'Weight (kg)', 3),
      question('id_photo', 'Passport photo', 8),
      question('x', 'Document expiry date', 6),
      question('issuer', 'Country of issue', 12),
      question('full', 'Participant name', 4),
    ];
    expect(answersFromTraveller(options, ada)).toEqual([
      { index: 0, field: 'document_number', value: 'NEW98765' },
      { index: 1, field: 'nationality', value: 'GB' },
      { index: 2, field: 'date_of_birth', value: '1985-12-10' },
      { index: 5, field: 'document_expires_on', value: '2034-05-01' },
      { index: 6, field: 'document_country', value: 'IE' },
      { index: 7, field: 'full_name', value: 'Augusta Ada King' },
    ]);
  });

  it('leaves a question alone when its own pattern refuses the value, or when its words do not say', () => {
    const options = [
      question('passport', 'Passport no', 4, '^\\d{9}$'),
      question('other', 'Favourite date', 6),
    ];
    expect(answersFromTraveller(options, ada)).toEqual([]);
    expect(answersTravellers(options)).toBe(true);
    expect(answersTravellers([question('other', 'Favourite date', 6)])).toBe(false);
  });

  it('reads the question’s words whatever the supplier’s id style', () => {
    expect(fieldOfOption(question('GIVEN-NAME', 'Vorname', 4))).toBe('given_name');
    expect(fieldOfOption(question('a1', 'Last name', 4))).toBe('family_name');
    expect(fieldOfOption(question('a2', 'Mobile', 13))).toBe('phone');
    expect(fieldOfOption(question('a3', 'E-mail', 4))).toBe('email');
    expect(fieldOfOption(question('a4', 'Date of birth', 4))).toBeNull();
  });

  it('fills nothing a traveller has not got', () => {
    const plain = { ...ada, nationality: null, documents: [], email: null };
    const options = [
      question('n', 'Nationality', 12),
      question('p', 'Passport number', 4),
      question('e', 'Email', 4),
    ];
    expect(answersFromTraveller(options, plain)).toEqual([]);
  });
});

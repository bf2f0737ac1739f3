import type { ActivityAnswersSent } from '@console/contract';
import { everyInputType, goodAnswers } from '@console/contract/fixtures';
import { describe, expect, it } from 'vitest';
import { answersShown, answerWords } from './answers-shown.ts';

const sent = (over: Partial<ActivityAnswersSent> = {}): ActivityAnswersSent => ({
  kept: true,
  product_type_id: 'apt_2k8dj3lq9w',
  date: '2027-01-10',
  travelers: { adults: 1, children: 1, seniors: 0 },
  customer: { given_name: 'Amelia', family_name: 'Hart', email: 'amelia@example.com', phone: null },
  options: { per_booking: [], per_pax: [] },
  ...over,
});
const option = (id: string) => everyInputType.find((o) => o.id === id);

describe('an answer sent with an activity booking, in words', () => {
  it('says each kind of answer in the option’s own words: choices by their labels, dates and times readable', () => {
    const words = Object.fromEntries(
      everyInputType.map((o) => [
        o.id,
        answerWords(
          o,
          { ...goodAnswers, waiver: { file_name: 'waiver.pdf', content_type: 'application/pdf' } }[o.id],
        ),
      ]),
    );
    expect(words).toEqual({
      pickup_point: 'Hotel lobby',
      extras: 'Audio guide, Lunch',
      weight_kg: '72',
      passport: 'AB123456',
      wheelchair: 'Yes',
      arrival_date: 'Thu, 10 Dec 2026',
      waiver: 'waiver.pdf (application/pdf)',
      photo: 'me.png (image/png)',
      pickup_address: '12 Rue Jacob, 75006 Paris, France',
      pickup_time: '08:30',
      landing: 'Thu, 10 Dec 2026, 07:45',
      nationality: 'United Kingdom (GB)',
      mobile: '+33612345678',
      flight: 'AF1234',
    });
  });

  it('shows an answer it cannot put in words as it was sent', () => {
    expect(answerWords(option('pickup_point'), 'rooftop')).toBe('rooftop');
    expect(answerWords(option('wheelchair'), 'maybe')).toBe('maybe');
    expect(answerWords(undefined, { any: 1 })).toBe('{"any":1}');
    expect(answerWords(option('extras'), [])).toBe('None');
  });
});

describe('the answers of a booking', () => {
  it('groups them per booking and per traveller, in the order the activity asks them', () => {
    const options = { per_booking: everyInputType.slice(0, 3), per_pax: everyInputType.slice(3, 5) };
    const shown = answersShown(
      sent({
        options: {
          per_booking: [
            { id: 'weight_kg', value: 80 },
            { id: 'pickup_point', value: 'meeting' },
          ],
          per_pax: [
            [
              { id: 'wheelchair', value: false },
              { id: 'passport', value: 'P1234567' },
            ],
            [{ id: 'passport', value: 'C7654321' }],
          ],
        },
      }),
      options,
    );
    expect(shown).toEqual({
      perBooking: [
        { id: 'pickup_point', question: 'Pickup point', answer: 'Meeting point' },
        { id: 'weight_kg', question: 'Weight (kg)', answer: '80' },
      ],
      travellers: [
        {
          label: 'Adult 1',
          answers: [
            { id: 'passport', question: 'Passport number', answer: 'P1234567' },
            { id: 'wheelchair', question: 'Wheelchair', answer: 'No' },
          ],
        },
        { label: 'Child 1', answers: [{ id: 'passport', question: 'Passport number', answer: 'C7654321' }] },
      ],
    });
  });

  it('names each answer by its question’s id when the activity’s questions cannot be read', () => {
    const shown = answersShown(
      sent({ options: { per_booking: [{ id: 'pickup_point', value: 'hotel' }], per_pax: [] } }),
      null,
    );
    expect(shown.perBooking).toEqual([{ id: 'pickup_point', question: 'pickup_point', answer: 'hotel' }]);
    expect(shown.travellers).toEqual([]);
  });
});

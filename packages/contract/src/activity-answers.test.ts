import { describe, expect, it } from 'vitest';
import { answerValueSchema, bookingOptionsAnswersSchemaFor } from './activity-answers.ts';
import { travelerLabels, travelerSequence } from './activity-options.ts';
import {
  activityAvailability,
  activityBookingRequest,
  badAnswers,
  everyInputType,
  goodAnswers,
} from './fixtures.ts';

describe('an answer to one booking option', () => {
  describe.each(everyInputType.map((option) => [option.input_type_name, option] as const))(
    'a %s answer',
    (_, option) => {
      it('accepts a good value', () => {
        const result = answerValueSchema(option).safeParse(goodAnswers[option.id]);
        expect(result.error?.issues ?? []).toEqual([]);
      });
      it('rejects a bad value', () => {
        expect(answerValueSchema(option).safeParse(badAnswers[option.id]).success).toBe(false);
      });
    },
  );

  it('refuses a date and time on a day that does not exist, and takes 29 February of a leap year', () => {
    const landing = everyInputType.find((o) => o.id === 'landing');
    if (!landing) throw new Error('fixture missing');
    const result = answerValueSchema(landing).safeParse('2027-02-31T10:00');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['is not a real date']);
    expect(answerValueSchema(landing).safeParse('2027-02-29T10:00').success).toBe(false);
    expect(answerValueSchema(landing).safeParse('2028-02-29T10:00').success).toBe(true);
  });

  it('explains a format_regex failure with the option description', () => {
    const passport = everyInputType.find((o) => o.id === 'passport');
    if (!passport) throw new Error('fixture missing');
    const result = answerValueSchema(passport).safeParse('ab-12');
    expect(result.error?.issues[0]?.message).toContain('6 to 9 capital letters or digits');
  });
});

describe('a booking options answer schema built from the options', () => {
  const travelers = activityBookingRequest.travelers;
  const schema = bookingOptionsAnswersSchemaFor(activityAvailability.booking_options, travelers);

  it('accepts one per_booking list and one per_pax list per traveller', () => {
    expect(schema.safeParse(activityBookingRequest.options).error?.issues ?? []).toEqual([]);
  });

  it('refuses a per_pax answer array of the wrong length', () => {
    const options = structuredClone(activityBookingRequest.options);
    options?.per_pax?.pop();
    const result = schema.safeParse(options);
    expect(result.error?.issues[0]?.path).toEqual(['per_pax']);
  });

  it('names the missing required option and the traveller in the path', () => {
    const options = structuredClone(activityBookingRequest.options);
    if (options?.per_pax?.[1]) options.per_pax[1] = [];
    const result = schema.safeParse(options);
    expect(result.error?.issues.map((i) => i.path)).toContainEqual(['per_pax', 1, 'passport']);
  });

  it('names a bad answer by its option id', () => {
    const options = structuredClone(activityBookingRequest.options);
    if (options?.per_pax?.[0]?.[0]) options.per_pax[0][0].value = 'x';
    const result = schema.safeParse(options);
    expect(result.error?.issues[0]?.path.slice(0, 3)).toEqual(['per_pax', 0, 'passport']);
  });

  it('refuses an answer to an option the activity does not have, and one answered twice', () => {
    const unknown = structuredClone(activityBookingRequest.options);
    unknown?.per_booking?.push({ id: 'helicopter', value: true });
    expect(schema.safeParse(unknown).success).toBe(false);
    const twice = structuredClone(activityBookingRequest.options);
    twice?.per_booking?.push({ id: 'pickup_point', value: 'meeting' });
    expect(schema.safeParse(twice).success).toBe(false);
  });

  it('requires options when any option is required, and lets them be left out otherwise', () => {
    expect(schema.safeParse(undefined).success).toBe(false);
    const optionalOnly = bookingOptionsAnswersSchemaFor(
      { per_booking: everyInputType.filter((o) => !o.required), per_pax: [] },
      travelers,
    );
    expect(optionalOnly.safeParse(undefined).success).toBe(true);
  });

  it('orders travellers adults, then children, then seniors', () => {
    expect(travelerSequence({ adults: 2, children: 1, seniors: 1 })).toEqual([
      'adult',
      'adult',
      'child',
      'senior',
    ]);
    expect(travelerLabels({ adults: 1, children: 2, seniors: 0 })).toEqual(['Adult 1', 'Child 1', 'Child 2']);
  });
});

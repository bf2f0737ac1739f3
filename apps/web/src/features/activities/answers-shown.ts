import {
  type ActivityAnswersSent,
  AddressAnswerSchema,
  type BookingOption,
  type BookingOptions,
  calendarDate,
  LOCAL_DATETIME_PATTERN,
  sameJson,
  travelerLabels,
} from '@console/contract';
import { z } from 'zod';
import { countryName } from '../../lib/countries.ts';

/** One answer as the booking page shows it: the option's own name and the answer in words. */
export interface AnswerShown {
  id: string;
  question: string;
  answer: string;
}

/** The answers sent with a booking, in the option's own words: about the booking, then each traveller's. */
export interface AnswersShown {
  perBooking: AnswerShown[];
  travellers: { label: string; answers: AnswerShown[] }[];
}

const DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date as words ("Sun, 10 Jan 2027"), read on its own day whatever the agent's zone. */
function day(date: string): string {
  return calendarDate(date) ? DAY.format(Date.parse(`${date}T00:00:00Z`)) : date;
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const choice = (option: BookingOption, value: unknown) =>
  option.items.find((item) => sameJson(item.value, value))?.label ?? text(value);

/** An answer in words, by the option's input type: a choice by its label, a date readable, a country by its name. */
export function answerWords(option: BookingOption | undefined, value: unknown): string {
  if (!option) return text(value);
  switch (option.input_type) {
    case 1:
      return choice(option, value);
    case 2:
      return Array.isArray(value)
        ? value.length > 0
          ? value.map((v) => choice(option, v)).join(', ')
          : 'None'
        : text(value);
    case 5:
      return value === true ? 'Yes' : value === false ? 'No' : text(value);
    case 6:
      return typeof value === 'string' ? day(value) : text(value);
    case 7:
    case 8: {
      const file = KeptFileSchema.safeParse(value);
      return file.success ? `${file.data.file_name} (${file.data.content_type})` : text(value);
    }
    case 9: {
      const address = AddressAnswerSchema.safeParse(value);
      if (!address.success) return text(value);
      const a = address.data;
      return [
        a.line1,
        a.line2,
        [a.postal_code, a.city].filter(Boolean).join(' '),
        countryName(a.country_code),
      ]
        .filter(Boolean)
        .join(', ');
    }
    case 11:
      // The place's own wall-clock time, as typed: no zone to convert from.
      return typeof value === 'string' && LOCAL_DATETIME_PATTERN.test(value)
        ? `${day(value.slice(0, 10))}, ${value.slice(11, 16)}`
        : text(value);
    case 12:
      return typeof value === 'string' ? `${countryName(value)} (${value})` : text(value);
    default:
      return text(value);
  }
}

/** A file's answer as the console keeps it: its name and type (its bytes went to the service only). */
const KeptFileSchema = z.object({ file_name: z.string(), content_type: z.string() });

const AnswerListSchema = z.array(z.object({ id: z.string(), value: z.unknown() }));

/** A list of answers in the order the activity asks its questions (an answer to a question it no longer asks, last). */
function shownList(
  options: readonly BookingOption[],
  answers: z.infer<typeof AnswerListSchema>,
): AnswerShown[] {
  const order = new Map(options.map((option, i) => [option.id, i]));
  return [...answers]
    .sort((a, b) => (order.get(a.id) ?? options.length) - (order.get(b.id) ?? options.length))
    .map(({ id, value }) => {
      const option = options.find((o) => o.id === id);
      return { id, question: option?.name ?? id, answer: answerWords(option, value) };
    });
}

/**
 * What was sent, in the activity's words: `options` are the booking options of its date (null when they could not be
 * read: each answer is then shown by its question's id, as sent). Travellers are named as the form named them.
 */
export function answersShown(sent: ActivityAnswersSent, options: BookingOptions | null): AnswersShown {
  const perPax = sent.options?.per_pax ?? [];
  const labels = sent.travelers ? travelerLabels(sent.travelers) : [];
  return {
    perBooking: shownList(options?.per_booking ?? [], sent.options?.per_booking ?? []),
    travellers: perPax
      .map((answers, i) => ({
        label: labels[i] ?? `Traveller ${i + 1}`,
        answers: shownList(options?.per_pax ?? [], answers),
      }))
      .filter((traveller) => traveller.answers.length > 0),
  };
}

import { z } from 'zod';
import {
  AddressAnswerSchema,
  type BookingOption,
  type BookingOptions,
  BookingOptionsAnswersSchema,
  FileAnswerSchema,
  FLIGHT_NUMBER_PATTERN,
  IMAGE_CONTENT_TYPES,
  LOCAL_DATETIME_PATTERN,
  type OptionAnswer,
  TIME_PATTERN,
  type Travelers,
  travelerSequence,
} from './activity-options.ts';
import { CountryCodeSchema, calendarDate, DateSchema, PhoneSchema } from './primitives.ts';

/**
 * The booking-option answer engine (issue 34 split it from the schemas in activities.ts): the schema of an answer
 * built at run time from the option that asks it, and of a whole booking's `options` from the availability's
 * booking_options. The sandbox validates bookings with it and the SPA its form, so the two always agree.
 */

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function compileRegex(pattern: string | null | undefined): RegExp | null {
  if (!pattern) return null;
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return null;
  }
}

/** A readable message for a format_regex that failed: the option's description if it has one. */
function formatMessage(option: BookingOption): string {
  return option.description
    ? `does not match the expected format: ${option.description}`
    : 'has the wrong format';
}

function withinValidity(option: BookingOption, date: string): string | null {
  if (option.valid_from && date < option.valid_from.slice(0, date.length))
    return `must be on or after ${option.valid_from}`;
  if (option.valid_to && date > option.valid_to.slice(0, date.length))
    return `must be on or before ${option.valid_to}`;
  return null;
}

/**
 * The schema of one option's answer value, built from the option at run time.
 * Shared by the sandbox (validating bookings) and the SPA (validating the form), so the two always agree.
 */
export function answerValueSchema(option: BookingOption): z.ZodType<unknown> {
  const regex = compileRegex(option.format_regex);
  const matchesFormat = (text: string) => regex === null || regex.test(text);
  const fmt = { error: formatMessage(option) };
  switch (option.input_type) {
    case 1:
      return z.json().refine((value) => option.items.some((item) => sameJson(item.value, value)), {
        error: 'must be one of the listed choices',
      });
    case 2:
      return z
        .array(z.json())
        .min(option.required ? 1 : 0, { error: 'choose at least one' })
        .refine(
          (values) => values.every((value) => option.items.some((item) => sameJson(item.value, value))),
          {
            error: 'must hold only listed choices',
          },
        )
        .refine((values) => new Set(values.map((v) => JSON.stringify(v))).size === values.length, {
          error: 'must not repeat a choice',
        });
    case 3:
      return z
        .number({ error: 'must be a number' })
        .refine(Number.isFinite, { error: 'must be a number' })
        .refine((value) => matchesFormat(String(value)), fmt);
    case 4:
      return z
        .string()
        .trim()
        .min(option.required ? 1 : 0, { error: 'is required' })
        .max(1000)
        .refine(matchesFormat, fmt);
    case 5:
      return z.boolean({ error: 'must be yes or no' });
    case 6:
      return DateSchema.superRefine((date, ctx) => {
        const problem = withinValidity(option, date);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      });
    case 7:
      return FileAnswerSchema;
    case 8:
      return FileAnswerSchema.refine(
        (file) => (IMAGE_CONTENT_TYPES as readonly string[]).includes(file.content_type.toLowerCase()),
        { error: 'must be a PNG, JPEG, GIF or WebP image' },
      );
    case 9:
      return AddressAnswerSchema;
    case 10:
      return z
        .string()
        .regex(TIME_PATTERN, { error: 'must be a time like 14:30' })
        .refine(matchesFormat, fmt);
    case 11:
      return z
        .string()
        .regex(LOCAL_DATETIME_PATTERN, { error: 'must be a date and time like 2026-12-01T14:30' })
        .refine((value) => calendarDate(value.slice(0, 10)) !== null, { error: 'is not a real date' })
        .superRefine((value, ctx) => {
          const problem = withinValidity(option, value.slice(0, 10));
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        });
    case 12:
      return CountryCodeSchema;
    case 13:
      return PhoneSchema.refine(matchesFormat, fmt);
    case 14:
      return z
        .string()
        .regex(FLIGHT_NUMBER_PATTERN, { error: 'must be an airline code and number, like BA117' })
        .refine(matchesFormat, fmt);
    default:
      // An input type the document does not list: the console cannot build a control for it (the form says so), and
      // any JSON answer a caller gives is passed on for the service to judge.
      return z.json();
  }
}

function checkAnswerList(
  ctx: z.RefinementCtx,
  options: readonly BookingOption[],
  answers: readonly OptionAnswer[],
  basePath: (string | number)[],
) {
  const byId = new Map(options.map((option) => [option.id, option]));
  const seen = new Set<string>();
  for (const [index, answer] of answers.entries()) {
    const option = byId.get(answer.id);
    if (!option) {
      ctx.addIssue({
        code: 'custom',
        message: `is not an option of this activity`,
        path: [...basePath, index, 'id'],
      });
      continue;
    }
    if (seen.has(answer.id)) {
      ctx.addIssue({ code: 'custom', message: 'is answered twice', path: [...basePath, option.id] });
      continue;
    }
    seen.add(answer.id);
    const result = answerValueSchema(option).safeParse(answer.value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({
          code: 'custom',
          message: `${option.name} ${issue.message}`,
          path: [...basePath, option.id, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
        });
      }
    }
  }
  for (const option of options) {
    if (option.required && !seen.has(option.id)) {
      ctx.addIssue({ code: 'custom', message: `${option.name} is required`, path: [...basePath, option.id] });
    }
  }
}

/**
 * The schema of a booking's `options`, built from the availability's booking_options and the travellers.
 * Issue paths name the option: `options.per_pax[1].passport_number`, so a 422's `param` points at a field.
 */
export function bookingOptionsAnswersSchemaFor(bookingOptions: BookingOptions, travelers: Travelers) {
  const count = travelerSequence(travelers).length;
  const anyRequired = [...bookingOptions.per_booking, ...bookingOptions.per_pax].some(
    (option) => option.required,
  );
  const base = BookingOptionsAnswersSchema.superRefine((answers, ctx) => {
    checkAnswerList(ctx, bookingOptions.per_booking, answers.per_booking, ['per_booking']);
    const needsPax = bookingOptions.per_pax.length > 0;
    if (needsPax && answers.per_pax.length !== count) {
      ctx.addIssue({
        code: 'custom',
        message: `needs one answer list per traveller (${count}), got ${answers.per_pax.length}`,
        path: ['per_pax'],
      });
      return;
    }
    if (!needsPax && answers.per_pax.some((list) => list.length > 0)) {
      ctx.addIssue({
        code: 'custom',
        message: 'this activity asks nothing per traveller',
        path: ['per_pax'],
      });
      return;
    }
    for (const [traveler, list] of answers.per_pax.entries()) {
      checkAnswerList(ctx, bookingOptions.per_pax, list, ['per_pax', traveler]);
    }
  });
  return anyRequired ? base : base.optional();
}

import { z } from 'zod';
import { MoneySchema } from './money.ts';
import { CountryCodeSchema } from './primitives.ts';
import { TextSchema } from './read.ts';

/**
 * What an activity booking asks (the supplier's booking options, by the 14 input types), the answers the console
 * sends, and the travellers by category.
 */

// ---------- booking options ----------

/** The 14 input types, by their integer code. */
export const INPUT_TYPES = {
  1: 'list',
  2: 'list_multiple',
  3: 'number',
  4: 'string',
  5: 'boolean',
  6: 'date',
  7: 'file',
  8: 'image',
  9: 'address',
  10: 'time',
  11: 'datetime',
  12: 'country',
  13: 'phone',
  14: 'flight_number',
} as const;
export type InputTypeCode = keyof typeof INPUT_TYPES;
export type InputTypeName = (typeof INPUT_TYPES)[InputTypeCode];
export const INPUT_TYPE_CODES = Object.keys(INPUT_TYPES).map(Number) as InputTypeCode[];
export const InputTypeCodeSchema = z.literal(INPUT_TYPE_CODES, {
  error: 'must be an input type from 1 to 14',
});

export const BookingOptionItemSchema = z.object({
  label: TextSchema,
  label_translated: TextSchema.nullish(),
  value: z.json(),
  price: MoneySchema,
});
export type BookingOptionItem = z.infer<typeof BookingOptionItemSchema>;

export const BookingOptionSchema = z.object({
  id: z.string().min(1),
  name: TextSchema,
  name_translated: TextSchema.nullish(),
  description: TextSchema.nullish(),
  description_translated: TextSchema.nullish(),
  required: z.boolean(),
  add_on: z.boolean(),
  /** 1 to 14 in the document; any other integer is shown as written and cannot be answered here. */
  input_type: z.number().int(),
  input_type_name: TextSchema,
  format_regex: TextSchema.nullish(),
  valid_from: TextSchema.nullish(),
  valid_to: TextSchema.nullish(),
  price: MoneySchema,
  items: z.array(BookingOptionItemSchema),
});
export type BookingOption = z.infer<typeof BookingOptionSchema>;

export const BookingOptionsSchema = z.object({
  per_booking: z.array(BookingOptionSchema),
  per_pax: z.array(BookingOptionSchema),
});
export type BookingOptions = z.infer<typeof BookingOptionsSchema>;

/** File and image answers: the file inline as base64 (docs/decisions/002). At most 2 MiB decoded. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const FileAnswerSchema = z
  .object({
    file_name: z.string().trim().min(1).max(255),
    content_type: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/i, { error: 'must be a media type' }),
    data_base64: z.base64({ error: 'must be base64' }),
  })
  .strict()
  .refine((file) => base64DecodedLength(file.data_base64) <= MAX_UPLOAD_BYTES, {
    error: 'a file can be at most 2 MiB',
    path: ['data_base64'],
  });
export type FileAnswer = z.infer<typeof FileAnswerSchema>;

export function base64DecodedLength(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

export const AddressAnswerSchema = z
  .object({
    line1: z.string().trim().min(1, { error: 'is required' }).max(200),
    line2: z.string().trim().max(200).optional(),
    city: z.string().trim().min(1, { error: 'is required' }).max(100),
    postal_code: z.string().trim().max(20).optional(),
    country_code: CountryCodeSchema,
  })
  .strict();
export type AddressAnswer = z.infer<typeof AddressAnswerSchema>;

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const LOCAL_DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;
export const FLIGHT_NUMBER_PATTERN = /^[A-Z0-9]{2}\d{1,4}[A-Z]?$/;

/** Whether the console knows an option's input type (1 to 14). */
export function isKnownInputType(code: number): code is InputTypeCode {
  return code in INPUT_TYPES;
}

export const OptionAnswerSchema = z.object({ id: z.string().min(1), value: z.json() }).strict();
export type OptionAnswer = z.infer<typeof OptionAnswerSchema>;

export const BookingOptionsAnswersSchema = z
  .object({
    per_booking: z.array(OptionAnswerSchema).default([]),
    per_pax: z.array(z.array(OptionAnswerSchema)).default([]),
  })
  .strict();
export type BookingOptionsAnswers = z.input<typeof BookingOptionsAnswersSchema>;

export const TravelersSchema = z
  .object({
    adults: z.number().int().min(1, { error: 'at least one adult' }).max(20),
    children: z.number().int().min(0).max(20).default(0),
    seniors: z.number().int().min(0).max(20).default(0),
  })
  .strict();
export type Travelers = z.input<typeof TravelersSchema>;

export const TRAVELER_CATEGORIES = ['adult', 'child', 'senior'] as const;
export const TravelerCategorySchema = z.enum(TRAVELER_CATEGORIES);
export type TravelerCategory = z.infer<typeof TravelerCategorySchema>;

const CATEGORY_WORDS: Record<string, TravelerCategory> = {
  adult: 'adult',
  adults: 'adult',
  child: 'child',
  children: 'child',
  childs: 'child',
  kid: 'child',
  kids: 'child',
  senior: 'senior',
  seniors: 'senior',
};

/**
 * The booking category a service's category names, read by meaning: the document types a rate's and a capacity's
 * `category` only as string, so `adult`, `ADULT`, `Adults` and `adults ` alike name adults. Null for
 * a category a booking request cannot carry (it names adults, children and seniors only): shown as written, never
 * booked.
 */
export function travelerCategoryOf(written: string): TravelerCategory | null {
  return CATEGORY_WORDS[written.toLowerCase().replace(/[^a-z]/g, '')] ?? null;
}

/** The traveller categories in per_pax order: adults, then children, then seniors. */
export function travelerSequence(travelers: Travelers): TravelerCategory[] {
  return [
    ...Array<TravelerCategory>(travelers.adults).fill('adult'),
    ...Array<TravelerCategory>(travelers.children ?? 0).fill('child'),
    ...Array<TravelerCategory>(travelers.seniors ?? 0).fill('senior'),
  ];
}

/** "Adult 1", "Child 2"...: how a per_pax traveller is labelled. */
export function travelerLabels(travelers: Travelers): string[] {
  const seen = { adult: 0, child: 0, senior: 0 };
  const names = { adult: 'Adult', child: 'Child', senior: 'Senior' };
  return travelerSequence(travelers).map((category) => {
    seen[category] += 1;
    return `${names[category]} ${seen[category]}`;
  });
}

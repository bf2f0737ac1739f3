import { z } from 'zod';
import { optionalText } from './notes.ts';
import { PageQueryShape, pageSchema } from './pages.ts';
import {
  CountryCodeSchema,
  DateSchema,
  DateTimeSchema,
  EmailSchema,
  GenderSchema,
  PersonNameSchema,
  PhoneSchema,
} from './primitives.ts';

/**
 * The office's traveller directory, kept by the console (not the service; decision 018): strict to write, and the
 * checks a booking form runs against the trip being booked.
 */

export const DOCUMENT_KINDS = ['passport', 'national_id'] as const;

export const TravellerDocumentSchema = z.strictObject({
  kind: z.enum(DOCUMENT_KINDS).default('passport'),
  number: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{5,20}$/i, { error: 'must be 5 to 20 letters and digits' })
    .transform((v) => v.toUpperCase()),
  country: CountryCodeSchema,
  issued_on: DateSchema.nullish(),
  expires_on: DateSchema,
  /** The name exactly as printed on the document, when it differs from the profile's (else the profile's). */
  given_name: PersonNameSchema.nullish(),
  family_name: PersonNameSchema.nullish(),
});
export type TravellerDocument = z.output<typeof TravellerDocumentSchema>;

/** A traveller as an agent writes them: names as on the travel document, and what a booking asks of them. */
export const TravellerInputSchema = z.strictObject({
  given_name: PersonNameSchema,
  family_name: PersonNameSchema,
  date_of_birth: DateSchema,
  gender: GenderSchema.nullish(),
  nationality: CountryCodeSchema.nullish(),
  documents: z.array(TravellerDocumentSchema).max(5).default([]),
  email: EmailSchema.nullish(),
  phone: PhoneSchema.nullish(),
  notes: optionalText(1000),
});
export type TravellerInput = z.input<typeof TravellerInputSchema>;

export const TravellerSchema = z.object({
  id: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  date_of_birth: z.string(),
  gender: GenderSchema.nullable(),
  nationality: z.string().nullable(),
  documents: z.array(
    z.object({
      kind: z.enum(DOCUMENT_KINDS),
      number: z.string(),
      country: z.string(),
      issued_on: z.string().nullable(),
      expires_on: z.string(),
      given_name: z.string().nullable(),
      family_name: z.string().nullable(),
    }),
  ),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: DateTimeSchema,
  updated_at: DateTimeSchema,
});
export type Traveller = z.infer<typeof TravellerSchema>;

/** What the directory's list shows: no document numbers, contact or notes (they come with one traveller's page). */
export const TravellerSummarySchema = TravellerSchema.pick({
  id: true,
  given_name: true,
  family_name: true,
  date_of_birth: true,
  nationality: true,
}).extend({
  /** The soonest-expiring document's expiry, for the list's "expires" column; null with no document. */
  document_expires_on: z.string().nullable(),
});
export type TravellerSummary = z.infer<typeof TravellerSummarySchema>;

export const TravellerListSchema = pageSchema(TravellerSummarySchema);

export const TravellersQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  ...PageQueryShape,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * Saving a traveller (decision 043): what to do when they are already in the directory (the same name and date of
 * birth, or the same document): `ask` (the default) answers 409 `traveller_exists` naming the profiles they match;
 * `update` fills that profile (`update_id`, else the closest match) with what is sent; `new` saves another person
 * anyway. `booking_id` links the profile to the booking the traveller was saved from.
 */
export const TravellerSaveSchema = TravellerInputSchema.extend({
  on_match: z.enum(['ask', 'update', 'new']).default('ask'),
  update_id: z.string().trim().min(1).max(64).optional(),
  booking_id: z.string().trim().min(1).max(100).optional(),
});
export type TravellerSave = z.input<typeof TravellerSaveSchema>;

/** A saved traveller, and whether the save made a profile or filled one already there. */
export const TravellerSavedSchema = TravellerSchema.extend({ outcome: z.enum(['created', 'updated']) });
export type TravellerSaved = z.infer<typeof TravellerSavedSchema>;

/** Why two profiles are taken for one person: the booking linked to it, the name and birth date, or a document. */
export const MATCHED_ON = ['booking', 'name_and_birth', 'document'] as const;

/** A profile a traveller matches: what the list shows of it, and why it matched. */
export const TravellerMatchSchema = TravellerSummarySchema.extend({ matched_on: z.enum(MATCHED_ON) });
export type TravellerMatch = z.infer<typeof TravellerMatchSchema>;

/** The 409 a save answers when the traveller is already there: the v3 envelope with the profiles matched. */
export const TravellerExistsSchema = z.object({
  error: z.object({ code: z.literal('traveller_exists'), matches: z.array(TravellerMatchSchema) }),
});

/** "Is this person saved already?": a booking's passenger, as the booking's page asks (no write). */
export const TravellerMatchQuerySchema = z.strictObject({
  given_name: PersonNameSchema,
  family_name: PersonNameSchema,
  date_of_birth: DateSchema,
  documents: z
    .array(z.strictObject({ number: TravellerDocumentSchema.shape.number, country: CountryCodeSchema }))
    .max(5)
    .default([]),
  booking_id: z.string().trim().min(1).max(100).optional(),
});
export type TravellerMatchQuery = z.input<typeof TravellerMatchQuerySchema>;
export const TravellerMatchListSchema = z.object({ data: z.array(TravellerMatchSchema) });

/** Two profiles that are likely one person, and whether this user may merge them (decision 043). */
const DuplicateSideSchema = TravellerSummarySchema.extend({ created_at: DateTimeSchema });
export const TravellerDuplicateSchema = z.object({
  first: DuplicateSideSchema,
  second: DuplicateSideSchema,
  matched_on: z.enum(MATCHED_ON),
  can_merge: z.boolean(),
});
export type TravellerDuplicate = z.infer<typeof TravellerDuplicateSchema>;
export const TravellerDuplicateListSchema = pageSchema(TravellerDuplicateSchema);
export const TravellerDuplicatesQuerySchema = z.object({
  ...PageQueryShape,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** A page of one traveller's bookings (newest link first). */
export const TravellerBookingsQuerySchema = z.object({
  ...PageQueryShape,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Merging `other_id` into the profile of the path: it keeps its own fields, takes the other's missing ones. */
export const TravellerMergeSchema = z.strictObject({ other_id: z.string().trim().min(1).max(64) });

/** A booked passenger as a directory profile: what an order's passenger, or a booking form's, says of them. */
export function travellerFromPassenger(
  passenger: {
    given_name: string;
    family_name: string;
    date_of_birth: string;
    gender?: string | null | undefined;
    nationality?: string | null | undefined;
    document?: { number: string; country_code: string; expires_on: string; issued_on?: string | null } | null;
  },
  email?: string | null,
): TravellerInput {
  const { document } = passenger;
  return {
    given_name: passenger.given_name,
    family_name: passenger.family_name,
    date_of_birth: passenger.date_of_birth,
    gender: passenger.gender === 'male' || passenger.gender === 'female' ? passenger.gender : null,
    nationality: passenger.nationality ?? null,
    documents: document
      ? [
          {
            number: document.number,
            country: document.country_code,
            expires_on: document.expires_on,
            issued_on: document.issued_on ?? null,
          },
        ]
      : [],
    email: email ?? null,
  };
}

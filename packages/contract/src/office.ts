import { z } from 'zod';
import { GenderSchema } from './flights.ts';
import { AmountSchema, MoneySchema } from './money.ts';
import {
  ageOn,
  CountryCodeSchema,
  DateSchema,
  DateTimeSchema,
  EmailSchema,
  PersonNameSchema,
  PhoneSchema,
} from './primitives.ts';

/**
 * The office's own records, kept by the console (not the service): the traveller directory, trip files and the
 * wallet alert. Strict to send (the SPA and the BFF validate what is written), read by the SPA with the same schemas.
 */

// ---------------------------------------------------------------------------------------------------- travellers

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

const optionalText = (max: number) => z.string().trim().max(max).nullish();

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

export const TravellerListSchema = z.object({ data: z.array(TravellerSummarySchema) });

export const TravellersQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The passport a booking uses: the one valid longest, among the passports (else any document). */
export function bookingDocument(
  traveller: Pick<Traveller, 'documents'>,
): Traveller['documents'][number] | null {
  const passports = traveller.documents.filter((d) => d.kind === 'passport');
  const pool = passports.length > 0 ? passports : traveller.documents;
  return [...pool].sort((a, b) => b.expires_on.localeCompare(a.expires_on))[0] ?? null;
}

/** Adds months to a calendar date (the day kept, or the month's last day). */
export function addMonths(date: string, months: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

export interface TripDates {
  /** The first departure's date, on which ages are counted (flights); the stay's or activity's first day otherwise. */
  starts_on: string | null;
  /** The last flight's arrival date, or the trip's last day. */
  ends_on: string | null;
}

/** A traveller as typed on a booking form, with the directory profile the agent picked for them (if any). */
export interface TravellerOnForm {
  given_name: string;
  family_name: string;
  date_of_birth: string;
  type?: 'adult' | 'child' | 'infant' | undefined;
  document_number?: string | undefined;
  document_expires_on?: string | undefined;
  profile?: Pick<Traveller, 'id' | 'given_name' | 'family_name' | 'documents'> | null | undefined;
}

export interface TravellerCheck {
  /** Index of the traveller on the form. */
  index: number;
  field: 'name' | 'date_of_birth' | 'document_expires_on' | 'traveller';
  /** An error stops the booking; a warning is shown and the agent may go on. */
  severity: 'error' | 'warning';
  rule: 'document_expires' | 'document_six_months' | 'age_type' | 'name_differs' | 'duplicate';
  message: string;
}

const nameKey = (given: string, family: string) =>
  `${given} ${family}`.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Age bands airlines use on the first departure: infant under 2, child 2 to 11, adult 12 and over. */
const typeForAge = (age: number) => (age < 2 ? 'infant' : age < 12 ? 'child' : 'adult');

/**
 * Travellers checked at entry against the trip being booked (docs/decisions/018): a document that expires before the
 * trip ends (error) or within six months of its end (warning: many countries ask for six months' validity), a child or
 * infant whose age on the travel date does not fit the passenger type (error), a name that differs from the picked
 * profile's document name (warning), and one person twice in one booking (error).
 */
export function travellerChecks(travellers: readonly TravellerOnForm[], trip: TripDates): TravellerCheck[] {
  const checks: TravellerCheck[] = [];
  const seen = new Map<string, number>();
  travellers.forEach((t, index) => {
    const key =
      t.profile?.id ??
      (t.given_name && t.family_name ? `${nameKey(t.given_name, t.family_name)}|${t.date_of_birth}` : '');
    if (key) {
      const first = seen.get(key);
      if (first !== undefined)
        checks.push({
          index,
          field: 'traveller',
          severity: 'error',
          rule: 'duplicate',
          message: `The same person as traveller ${first + 1}: one person cannot take two places in a booking.`,
        });
      else seen.set(key, index);
    }
    const expires = t.document_expires_on;
    if (expires && DateSchema.safeParse(expires).success && trip.ends_on) {
      if (expires <= trip.ends_on)
        checks.push({
          index,
          field: 'document_expires_on',
          severity: 'error',
          rule: 'document_expires',
          message: `The passport expires on ${expires}, before the trip ends (${trip.ends_on}).`,
        });
      else if (expires < addMonths(trip.ends_on, 6))
        checks.push({
          index,
          field: 'document_expires_on',
          severity: 'warning',
          rule: 'document_six_months',
          message: `The passport expires on ${expires}, within six months of the trip's end (${trip.ends_on}): many countries refuse entry.`,
        });
    }
    if (t.type && trip.starts_on && DateSchema.safeParse(t.date_of_birth).success) {
      const age = ageOn(t.date_of_birth, trip.starts_on);
      if (age >= 0 && typeForAge(age) !== t.type)
        checks.push({
          index,
          field: 'date_of_birth',
          severity: 'error',
          rule: 'age_type',
          message: `Aged ${age} on ${trip.starts_on}: travels as ${typeForAge(age)}, not ${t.type}.`,
        });
    }
    if (t.profile && t.given_name && t.family_name) {
      const document = bookingDocument(t.profile);
      const onDocument = {
        given: document?.given_name ?? t.profile.given_name,
        family: document?.family_name ?? t.profile.family_name,
      };
      if (nameKey(t.given_name, t.family_name) !== nameKey(onDocument.given, onDocument.family))
        checks.push({
          index,
          field: 'name',
          severity: 'warning',
          rule: 'name_differs',
          message: `The name differs from the travel document's: ${onDocument.given} ${onDocument.family}. Airlines refuse names that do not match.`,
        });
    }
  });
  return checks;
}

// ---------------------------------------------------------------------------------------------------------- trips

export const TripInputSchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'is required' }).max(100),
  /** Sent to the service as each part's `client_reference`; made up (TRIP-XXXXXX) when not given. */
  reference: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]{0,39}$/, { error: 'letters, digits and . _ / - (at most 40)' })
    .optional(),
  travellers: z.array(z.string().trim().min(1).max(120)).max(9).default([]),
  starts_on: DateSchema.nullish(),
  ends_on: DateSchema.nullish(),
  /** Made from a booking's page: that booking is the trip's first part. */
  booking_id: z.string().trim().min(1).max(200).optional(),
  notes: optionalText(1000),
});
export type TripInput = z.input<typeof TripInputSchema>;

export const TripUpdateSchema = TripInputSchema.omit({ booking_id: true, reference: true }).partial();

export const TripSchema = z.object({
  id: z.string(),
  name: z.string(),
  reference: z.string(),
  travellers: z.array(z.string()),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  notes: z.string().nullable(),
  agent: z.object({ id: z.string(), email: z.string() }),
  parts: z.number().int(),
  created_at: DateTimeSchema,
  updated_at: DateTimeSchema,
});
export type Trip = z.infer<typeof TripSchema>;
export const TripListSchema = z.object({ data: z.array(TripSchema) });
export const TripsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  /** The trips this booking is part of. */
  booking: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const TRIP_PART_PRODUCTS = ['flight', 'hotel', 'activity'] as const;

/** One booking of a trip as read from the service now, with what the timeline needs. */
export const TripPartSchema = z.object({
  booking_id: z.string(),
  product: z.enum(TRIP_PART_PRODUCTS),
  status: z.string(),
  reference: z.string().nullable(),
  title: z.string(),
  total: MoneySchema,
  /** The running clock (ticketing, payment, hold), null when none runs. */
  deadline: z.string().nullable(),
  /** Wall-clock start and end as the service gave them (a local time, or a date); null when not readable. */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  travellers: z.array(z.string()),
  /** How many travel: names may be unknown (an activity gives counts). */
  traveller_count: z.number().int().nullable(),
  /** Lines for the timeline: each flight leg, the stay, the activity's slot. */
  lines: z.array(z.object({ at: z.string().nullable(), text: z.string() })),
  /** False when the service could not be asked (the part is shown from the ledger). */
  read: z.boolean(),
});
export type TripPart = z.infer<typeof TripPartSchema>;

export const TRIP_CONFLICT_RULES = [
  'check_in_after_arrival',
  'check_in_before_arrival',
  'check_out_after_departure',
  'check_out_before_departure',
  'activity_before_arrival',
  'activity_after_departure',
  'activity_outside_stay',
  'stay_without_flight',
  'hold_lapses_first',
  'travellers_differ',
] as const;

export const TripConflictSchema = z.object({
  rule: z.enum(TRIP_CONFLICT_RULES),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  booking_ids: z.array(z.string()),
});
export type TripConflict = z.infer<typeof TripConflictSchema>;

export const TripDetailSchema = TripSchema.extend({
  parts: z.array(TripPartSchema),
  part_count: z.number().int(),
  conflicts: z.array(TripConflictSchema),
});
export type TripDetail = z.infer<typeof TripDetailSchema>;

export const AttachBookingSchema = z.strictObject({ booking_id: z.string().trim().min(1).max(200) });

// ------------------------------------------------------------------------------------------------- wallet alerts

export const WalletAlertSettingSchema = z.strictObject({
  /** Warn when `available` falls under this, or the running holds' totals exceed it; null turns the alert off. */
  low_balance_threshold: AmountSchema.nullable(),
});
export type WalletAlertSetting = z.infer<typeof WalletAlertSettingSchema>;

/** What the shell's banner says. Amounts only for admins (agents see the office is short, not its figures). */
export const WalletAlertSchema = z.object({
  threshold: MoneySchema.nullable(),
  alerts: z.array(
    z.object({
      kind: z.enum(['low_available', 'holds_exceed']),
      message: z.string(),
    }),
  ),
  checked: z.boolean(),
});
export type WalletAlert = z.infer<typeof WalletAlertSchema>;

export const STATEMENT_KINDS = ['hold', 'payment', 'release', 'refund'] as const;

export const StatementQuerySchema = z.object({
  from: DateSchema.optional(),
  to: DateSchema.optional(),
});

export const StatementLineSchema = z.object({
  at: DateTimeSchema,
  kind: z.enum(STATEMENT_KINDS),
  action: z.string(),
  booking_id: z.string().nullable(),
  user: z.string(),
  amount: MoneySchema,
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

export const StatementSchema = z.object({
  from: z.string(),
  to: z.string(),
  lines: z.array(StatementLineSchema),
  days: z.array(
    z.object({
      day: z.string(),
      hold: AmountSchema,
      payment: AmountSchema,
      release: AmountSchema,
      refund: AmountSchema,
    }),
  ),
  totals: z.object({
    hold: AmountSchema,
    payment: AmountSchema,
    release: AmountSchema,
    refund: AmountSchema,
  }),
});
export type Statement = z.infer<typeof StatementSchema>;

import { z } from 'zod';

/** RFC 3339 date-time with a Z or an offset, as every `*_at` and deadline field carries. */
export const DateTimeSchema = z.iso.datetime({ offset: true });
/** Calendar date, YYYY-MM-DD, naming a day that exists: 2027-02-31 and 2027-02-29 are refused, 2028-02-29 is not. */
export const DateSchema = z.iso.date();

/**
 * The one reading of a date a person types or a link carries: the same text when it is YYYY-MM-DD and names a day
 * of the calendar, else null. `Date.parse` is no such check: it takes 2027-02-31 and rolls it into March.
 */
export function calendarDate(text: string | null | undefined): string | null {
  return typeof text === 'string' && DateSchema.safeParse(text).success ? text : null;
}

export const EnvironmentSchema = z.enum(['test', 'live']);
export type Environment = z.infer<typeof EnvironmentSchema>;

export const EmailSchema = z.email({ error: 'must be an email address' }).max(254);
/**
 * International phone number in E.164 form: a plus, the country code, the number; 8 to 16 characters. The console's
 * forms read what a person types into this form first (apps/web/src/lib/phone-resolver.ts), so its message is for a
 * number that could not be read at all.
 */
export const PhoneSchema = z.string().regex(/^\+[1-9]\d{6,14}$/, {
  error: 'is not a phone number we can read: give it with its country code, like +44 20 7946 0000',
});
/** ISO 3166-1 alpha-2 country code. */
export const CountryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, { error: 'must be a two-letter country code' });
/** A person's name as airlines and hotels accept it: letters, spaces, hyphens, apostrophes, dots. */
export const PersonNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(60, { error: 'must be at most 60 characters' })
  .regex(/^\p{L}[\p{L}\p{M}' .-]*$/u, { error: 'may hold only letters, spaces, hyphens and apostrophes' });
/**
 * The office's own reference for its client: one line of text. Every control character (CR, LF, NEL U+0085, VT, FF,
 * tab…), the line and paragraph separators U+2028 / U+2029 (which a mail client shows as new lines) and the direction
 * overrides are refused: the reference is quoted in e-mails that go to every admin.
 */
export const ClientReferenceSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]*$/u, {
    error: 'must be one line of text: no line breaks, tabs or other control characters',
  });

export const ContactSchema = z.object({ email: EmailSchema, phone: PhoneSchema });
export type Contact = z.infer<typeof ContactSchema>;
/** A contact read back from an order (not shown in the document) where a service keeps the shape we send. */
export const ReadContactSchema = z.object({ email: z.string(), phone: z.string().nullish() });

/** Days between two YYYY-MM-DD dates (b - a), computed on UTC midnights so time zones cannot shift it. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Whole years of age on a date, for a date of birth (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, onDate: string): number {
  const [by = 0, bm = 0, bd = 0] = dateOfBirth.split('-').map(Number);
  const [oy = 0, om = 0, od = 0] = onDate.split('-').map(Number);
  let age = oy - by;
  if (om < bm || (om === bm && od < bd)) age -= 1;
  return age;
}

/** A query-string integer: "8" becomes 8; bad text fails validation rather than turning into NaN. */
export function queryInt(min: number, max: number) {
  return z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });
}

/**
 * How deep a request's JSON may nest. The deepest body the console sends (and the sandbox takes) is an activity option answer (an address
 * inside an answer inside a traveller's list inside `options`): about 6 levels. Validating thousands of levels
 * overflowed the stack (a 500), so the console and the sandbox refuse anything past this before parsing it.
 */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of objects and arrays in JSON text, counted without parsing it (strings are skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92)
        i += 1; // a backslash escapes the next character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 || ch === 91) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (ch === 125 || ch === 93) depth -= 1;
  }
  return deepest;
}

/** A traveller's gender as the service's orders take it (flights, the traveller directory). */
export const GenderSchema = z.enum(['male', 'female']);

/**
 * A download's query (a PDF the console writes): the zone its times are written in, the agent's as the SPA shows it;
 * a zone the console does not know is not refused, the person's own (or UTC) is used instead.
 */
export const DownloadQuerySchema = z.object({ time_zone: z.string().optional() });

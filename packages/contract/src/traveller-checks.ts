import { ageOn, calendarDate } from './primitives.ts';
import type { Traveller } from './travellers.ts';

/**
 * A booking form's checks of its travellers against the trip (decision 018). Kept apart from the directory's schemas
 * so a booking page carries these few functions only.
 */

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

/**
 * A person's name as the office compares names: case, accents and spacing aside ("Amélie  ROSE" is "amelie rose").
 * The entry checks and the directory's "already saved?" match (decision 043) read names this one way.
 */
export const travellerNameKey = (given: string, family: string) =>
  `${given} ${family}`.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
const nameKey = travellerNameKey;

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
    const expires = calendarDate(t.document_expires_on);
    if (expires && trip.ends_on) {
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
    if (t.type && trip.starts_on && calendarDate(t.date_of_birth) !== null) {
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

import { type BookingOption, bookingDocument, type Traveller } from '@console/contract';

/**
 * A saved traveller's answers to an activity's per-traveller questions (decision 018). The questions are the
 * supplier's own (`booking_options.per_pax`: an id, a name and an input type, nothing more): a question is filled
 * only when its input type and its id or name say plainly what it asks (a date of birth, a nationality, a passport
 * number and so on), and only with a value its own pattern accepts. Anything else is left for the agent.
 */

type Field =
  | 'date_of_birth'
  | 'nationality'
  | 'document_country'
  | 'document_number'
  | 'document_expires_on'
  | 'given_name'
  | 'family_name'
  | 'full_name'
  | 'email'
  | 'phone';

/** What the agent is told was filled, per field. */
export const FIELD_WORDS: Record<Field, string> = {
  date_of_birth: 'date of birth',
  nationality: 'nationality',
  document_country: 'document country',
  document_number: 'passport number',
  document_expires_on: 'passport expiry',
  given_name: 'given names',
  family_name: 'family name',
  full_name: 'name',
  email: 'email',
  phone: 'phone',
};

const DOCUMENT = /passport|document|\bid\b|identity|id[\s_-]?card/;

/** The directory field one supplier question asks for, or null when its words do not say it plainly. */
export function fieldOfOption(option: Pick<BookingOption, 'id' | 'name' | 'input_type'>): Field | null {
  const words = `${option.id} ${option.name}`.toLowerCase().replace(/[_-]+/g, ' ');
  if (/photo|image|scan|copy|picture/.test(words)) return null;
  switch (option.input_type) {
    case 6: // date
      if (/birth|\bdob\b/.test(words)) return 'date_of_birth';
      if (DOCUMENT.test(words) && /expir|valid/.test(words)) return 'document_expires_on';
      return null;
    case 12: // country
      if (/national|citizen/.test(words)) return 'nationality';
      if (DOCUMENT.test(words) || /issu/.test(words)) return 'document_country';
      return null;
    case 13: // phone
      return /phone|mobile|cell/.test(words) ? 'phone' : null;
    case 4: // string
      if (DOCUMENT.test(words) && /number|\bno\b|\bnum\b|\bnr\b/.test(words)) return 'document_number';
      if (/e ?mail/.test(words)) return 'email';
      if (/given|first name|forename/.test(words)) return 'given_name';
      if (/family|last name|surname/.test(words)) return 'family_name';
      if (/^name$|full name|(traveller|traveler|participant|passenger|guest) name/.test(words))
        return 'full_name';
      return null;
    default:
      return null;
  }
}

function profileValue(field: Field, traveller: Traveller): string | null {
  const document = bookingDocument(traveller);
  switch (field) {
    case 'date_of_birth':
      return traveller.date_of_birth;
    case 'nationality':
      return traveller.nationality ?? null;
    case 'document_country':
      return document?.country ?? null;
    case 'document_number':
      return document?.number ?? null;
    case 'document_expires_on':
      return document?.expires_on ?? null;
    case 'given_name':
      return document?.given_name ?? traveller.given_name;
    case 'family_name':
      return document?.family_name ?? traveller.family_name;
    case 'full_name':
      return `${document?.given_name ?? traveller.given_name} ${document?.family_name ?? traveller.family_name}`;
    case 'email':
      return traveller.email ?? null;
    case 'phone':
      return traveller.phone ?? null;
  }
}

/** A value the question's own pattern refuses is not filled (an unreadable pattern does not stop it). */
function fits(option: Pick<BookingOption, 'format_regex'>, value: string): boolean {
  if (!option.format_regex) return true;
  try {
    return new RegExp(option.format_regex).test(value);
  } catch {
    return true;
  }
}

export interface FilledAnswer {
  /** The question's index in `per_pax`. */
  index: number;
  field: Field;
  value: string;
}

/** Whether any of these questions is one a saved traveller can answer. */
export const answersTravellers = (options: readonly BookingOption[]) =>
  options.some((option) => fieldOfOption(option) !== null);

/** The answers a saved traveller gives to one traveller's questions. */
export function answersFromTraveller(
  options: readonly BookingOption[],
  traveller: Traveller,
): FilledAnswer[] {
  const filled: FilledAnswer[] = [];
  options.forEach((option, index) => {
    const field = fieldOfOption(option);
    if (!field) return;
    const value = profileValue(field, traveller);
    if (value && fits(option, value)) filled.push({ index, field, value });
  });
  return filled;
}

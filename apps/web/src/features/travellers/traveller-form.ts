import {
  CountryCodeSchema,
  DateSchema,
  EmailSchema,
  GenderSchema,
  PersonNameSchema,
  PhoneSchema,
  type Traveller,
  type TravellerInput,
} from '@console/contract';
import { z } from 'zod';
import { optional } from '../../lib/forms.ts';

/** The profile form as an agent types it: blank optional fields allowed, one row per document. */
export const TravellerFormSchema = z.object({
  given_name: PersonNameSchema,
  family_name: PersonNameSchema,
  date_of_birth: z.string().min(1, { error: 'Enter the date of birth' }).pipe(DateSchema),
  gender: z.union([z.literal(''), GenderSchema]),
  nationality: optional(CountryCodeSchema),
  email: optional(EmailSchema),
  phone: optional(PhoneSchema),
  notes: z.string().trim().max(1000),
  documents: z.array(
    z.object({
      kind: z.enum(['passport', 'national_id']),
      number: z
        .string()
        .trim()
        .regex(/^[A-Z0-9]{5,20}$/i, { error: 'must be 5 to 20 letters and digits' }),
      country: CountryCodeSchema,
      issued_on: optional(DateSchema),
      expires_on: z.string().min(1, { error: 'Enter when it expires' }).pipe(DateSchema),
      given_name: optional(PersonNameSchema),
      family_name: optional(PersonNameSchema),
    }),
  ),
});
export type TravellerForm = z.input<typeof TravellerFormSchema>;

export const emptyDocument = (): TravellerForm['documents'][number] => ({
  kind: 'passport',
  number: '',
  country: '',
  issued_on: '',
  expires_on: '',
  given_name: '',
  family_name: '',
});

export function toForm(t?: Traveller): TravellerForm {
  return {
    given_name: t?.given_name ?? '',
    family_name: t?.family_name ?? '',
    date_of_birth: t?.date_of_birth ?? '',
    gender: t?.gender ?? '',
    nationality: t?.nationality ?? '',
    email: t?.email ?? '',
    phone: t?.phone ?? '',
    notes: t?.notes ?? '',
    documents: (t?.documents ?? []).map((d) => ({
      kind: d.kind,
      number: d.number,
      country: d.country,
      issued_on: d.issued_on ?? '',
      expires_on: d.expires_on,
      given_name: d.given_name ?? '',
      family_name: d.family_name ?? '',
    })),
  };
}

const orNull = (value: string) => (value === '' ? null : value);

/** The wire body: blanks sent as null, document numbers upper-cased. */
export function toInput(form: z.output<typeof TravellerFormSchema>): TravellerInput {
  return {
    given_name: form.given_name,
    family_name: form.family_name,
    date_of_birth: form.date_of_birth,
    gender: form.gender === '' ? null : form.gender,
    nationality: orNull(form.nationality),
    email: orNull(form.email),
    phone: orNull(form.phone),
    notes: orNull(form.notes),
    documents: form.documents.map((d) => ({
      kind: d.kind,
      number: d.number.toUpperCase(),
      country: d.country,
      issued_on: orNull(d.issued_on),
      expires_on: d.expires_on,
      given_name: orNull(d.given_name),
      family_name: orNull(d.family_name),
    })),
  };
}

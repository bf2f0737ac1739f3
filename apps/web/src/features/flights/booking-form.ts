import {
  CountryCodeSchema,
  DateSchema,
  EmailSchema,
  type FlightOffer,
  type FlightOrderRequest,
  type FlightSearchRequest,
  GenderSchema,
  offerPassengerTypes,
  type PassengerType,
  PassengerTypeSchema,
  PersonNameSchema,
  PhoneSchema,
  passengerProblems,
  type RebookTraveller,
} from '@console/contract';
import { z } from 'zod';
import { optional } from '../../lib/forms.ts';

/**
 * The booking form's shape: the contract's passenger fields as an agent types them (optional ones may be left
 * empty). `toOrderRequest` turns it into the wire body, which the contract then validates.
 */
export const PassengerFormSchema = z
  .object({
    type: PassengerTypeSchema,
    given_name: PersonNameSchema,
    family_name: PersonNameSchema,
    date_of_birth: z.string().min(1, { error: 'Enter the date of birth' }).pipe(DateSchema),
    // No default: the agent chooses it as on the travel document.
    gender: z.string().min(1, { error: 'Choose the gender as on the travel document' }).pipe(GenderSchema),
    nationality: optional(CountryCodeSchema),
    national_id: z.string().trim().max(30),
    document_number: optional(
      z
        .string()
        .trim()
        .regex(/^[A-Z0-9]{5,20}$/i, { error: 'must be 5 to 20 letters and digits' }),
    ),
    document_expires_on: optional(DateSchema),
    document_country: optional(CountryCodeSchema),
  })
  .superRefine((p, ctx) => {
    if (p.document_number) {
      if (!p.document_expires_on)
        ctx.addIssue({
          code: 'custom',
          message: 'Enter when the document expires',
          path: ['document_expires_on'],
        });
      if (!p.document_country)
        ctx.addIssue({ code: 'custom', message: 'Enter the issuing country', path: ['document_country'] });
    }
  });
export type PassengerForm = z.input<typeof PassengerFormSchema>;

export const BookingFormBase = z.object({
  passengers: z.array(PassengerFormSchema),
  contact: z.object({ email: EmailSchema, phone: PhoneSchema }),
  client_reference: z.string().trim().max(100),
});
export type BookingForm = z.input<typeof BookingFormBase>;

/**
 * The form as typed so far (every field may still be empty or wrong), for keeping what the agent typed across an
 * expired offer: read back only when it still has the form's shape.
 */
export const BookingDraftSchema = z.object({
  passengers: z.array(
    z.object({
      type: PassengerTypeSchema,
      given_name: z.string(),
      family_name: z.string(),
      date_of_birth: z.string(),
      gender: z.string(),
      nationality: z.string(),
      national_id: z.string(),
      document_number: z.string(),
      document_expires_on: z.string(),
      document_country: z.string(),
    }),
  ),
  contact: z.object({ email: z.string(), phone: z.string() }),
  client_reference: z.string(),
}) satisfies z.ZodType<BookingForm>;
export type BookingFormValues = z.output<typeof BookingFormBase>;

export function toOrderRequest(form: z.output<typeof BookingFormBase>, offerId: string): FlightOrderRequest {
  return {
    offer_id: offerId,
    passengers: form.passengers.map((p) => ({
      type: p.type,
      given_name: p.given_name,
      family_name: p.family_name,
      date_of_birth: p.date_of_birth,
      gender: p.gender,
      ...(p.nationality ? { nationality: p.nationality } : {}),
      ...(p.national_id ? { national_id: p.national_id } : {}),
      ...(p.document_number && p.document_expires_on && p.document_country
        ? {
            document: {
              number: p.document_number.toUpperCase(),
              expires_on: p.document_expires_on,
              country_code: p.document_country,
            },
          }
        : {}),
    })),
    contact: form.contact,
    ...(form.client_reference ? { client_reference: form.client_reference } : {}),
  };
}

/**
 * The form's schema for one offer: the contract's checks of ages and documents against the flights, too. Each
 * passenger's checks run whatever else is still wrong on the form, so one submit names every problem at once.
 */
export function bookingFormSchema(offer: FlightOffer, searched?: readonly PassengerType[]) {
  const passenger = PassengerFormSchema.superRefine(
    (p, ctx) => {
      const type = PassengerTypeSchema.safeParse(p.type);
      const born = DateSchema.safeParse(p.date_of_birth);
      if (!type.success || !born.success) return;
      const expires = DateSchema.safeParse(p.document_expires_on);
      const document =
        p.document_number && expires.success
          ? { number: p.document_number, expires_on: expires.data, country_code: p.document_country ?? '' }
          : undefined;
      for (const problem of passengerProblems(
        { type: type.data, date_of_birth: born.data, ...(document ? { document } : {}) },
        offer,
      ))
        ctx.addIssue({
          code: 'custom',
          message: problem.message,
          path: [problem.field === 'document.expires_on' ? 'document_expires_on' : 'date_of_birth'],
        });
    },
    { when: () => true },
  );
  return BookingFormBase.extend({ passengers: z.array(passenger) }).superRefine(
    (form, ctx) => {
      const wanted = offerPassengerTypes(offer) ?? searched ?? null;
      const given = Array.isArray(form.passengers) ? form.passengers.map((p) => p.type) : [];
      if (wanted && [...wanted].sort().join() !== [...given].sort().join())
        ctx.addIssue({
          code: 'custom',
          message: `the offer is for ${wanted.join(', ')}`,
          path: ['passengers'],
        });
    },
    { when: () => true },
  );
}

/**
 * Who the offer is for: the types its passengers name, or (when the service's passengers do not name them) the
 * searched counts: adults, then children, then infants.
 */
export function passengerTypesFor(
  offer: FlightOffer,
  searched: FlightSearchRequest['passengers'],
): PassengerType[] {
  return (
    offerPassengerTypes(offer) ?? [
      ...Array.from({ length: searched.adults }, () => 'adult' as const),
      ...Array.from({ length: searched.children ?? 0 }, () => 'child' as const),
      ...Array.from({ length: searched.infants ?? 0 }, () => 'infant' as const),
    ]
  );
}

export function emptyPassengers(types: readonly PassengerType[]): PassengerForm[] {
  return types.map((type) => ({
    type,
    given_name: '',
    family_name: '',
    date_of_birth: '',
    gender: '',
    nationality: '',
    national_id: '',
    document_number: '',
    document_expires_on: '',
    document_country: '',
  }));
}

/**
 * The passengers of a rebooking (decision 054): the travellers the old booking had, by type in their order, as far as
 * its read showed them (a birth date or gender it did not show is left for the agent).
 */
export function passengersFrom(
  types: readonly PassengerType[],
  travellers: readonly RebookTraveller[],
): PassengerForm[] {
  const left = [...travellers];
  return emptyPassengers(types).map((empty) => {
    const index = left.findIndex((t) => t.type === empty.type);
    const [traveller] = index < 0 ? [] : left.splice(index, 1);
    if (!traveller) return empty;
    const gender = traveller.gender?.toLowerCase();
    return {
      ...empty,
      given_name: traveller.given_name,
      family_name: traveller.family_name,
      date_of_birth: traveller.date_of_birth ?? '',
      gender: gender === 'male' || gender === 'female' ? gender : '',
      nationality: traveller.nationality ?? '',
    };
  });
}

/** What changed between the offer as seen and as re-priced: price and each segment's baggage and cabin. */
export function offerChanges(before: FlightOffer, after: FlightOffer): string[] {
  const changes: string[] = [];
  if (before.total.amount !== after.total.amount) changes.push('price');
  const terms = (o: FlightOffer) =>
    o.slices
      .flatMap((s) =>
        s.segments.map(
          (g) =>
            `${g.flight_number}|${g.cabin_class}|${g.baggage.checked}|${g.baggage.cabin}|${g.departing_at}`,
        ),
      )
      .join(';');
  if (terms(before) !== terms(after)) changes.push('terms');
  return changes;
}

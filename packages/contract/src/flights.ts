import { z } from 'zod';
import { idSchema } from './ids.ts';
import { MoneySchema } from './money.ts';
import {
  ageOn,
  ClientReferenceSchema,
  ContactSchema,
  CountryCodeSchema,
  DateSchema,
  DateTimeSchema,
  PersonNameSchema,
  queryInt,
} from './primitives.ts';

export const IataCodeSchema = z.string().regex(/^[A-Z]{3}$/, { error: 'must be a three-letter IATA code' });
export const AirlineCodeSchema = z
  .string()
  .regex(/^[A-Z0-9]{2}$/, { error: 'must be a two-character airline code' });

// ---------- places ----------

export const FlightPlaceSchema = z.object({
  object: z.literal('flight_place'),
  code: IataCodeSchema,
  name: z.string(),
  type: z.enum(['city', 'airport']),
  city_code: IataCodeSchema,
  country_code: CountryCodeSchema,
  country: z.string(),
});
export type FlightPlace = z.infer<typeof FlightPlaceSchema>;

export const FlightPlaceListSchema = z.object({
  object: z.literal('flight_place_list'),
  data: z.array(FlightPlaceSchema),
});
export type FlightPlaceList = z.infer<typeof FlightPlaceListSchema>;

export const FLIGHT_PLACES_LIMIT = { default: 8, max: 20 } as const;
export const FlightPlacesQuerySchema = z.object({
  query: z.string().trim().min(2, { error: 'must be at least 2 characters' }).max(100),
  limit: queryInt(1, FLIGHT_PLACES_LIMIT.max).default(FLIGHT_PLACES_LIMIT.default),
});
export type FlightPlacesQuery = z.infer<typeof FlightPlacesQuerySchema>;

// ---------- search ----------

export const CABIN_CLASSES = ['economy', 'premium_economy', 'business', 'first'] as const;
export const CabinClassSchema = z.enum(CABIN_CLASSES);
export type CabinClass = z.infer<typeof CabinClassSchema>;

export const PROVIDERS = ['gts', 'meta', 'tp', 'parto', 'pgf'] as const;
export const ProviderSchema = z.enum(PROVIDERS);

export const PASSENGER_TYPES = ['adult', 'child', 'infant'] as const;
export const PassengerTypeSchema = z.enum(PASSENGER_TYPES);
export type PassengerType = z.infer<typeof PassengerTypeSchema>;

/** Limits the spec leaves open, set as GDSs set them (docs/decisions/002). */
export const FLIGHT_SEARCH_LIMITS = { maxSlices: 6, maxPassengers: 9, maxOffers: 5000 } as const;

export const SearchSliceSchema = z
  .object({ origin: IataCodeSchema, destination: IataCodeSchema, departure_date: DateSchema })
  .strict()
  .refine((slice) => slice.origin !== slice.destination, {
    error: 'destination must differ from origin',
    path: ['destination'],
  });

export const SearchPassengersSchema = z
  .object({
    adults: z.number().int().min(1, { error: 'must be at least 1' }),
    children: z.number().int().min(0).default(0),
    infants: z.number().int().min(0).default(0),
  })
  .strict()
  .refine((p) => p.infants <= p.adults, { error: 'infants cannot outnumber adults', path: ['infants'] })
  .refine((p) => p.adults + p.children + p.infants <= FLIGHT_SEARCH_LIMITS.maxPassengers, {
    error: `at most ${FLIGHT_SEARCH_LIMITS.maxPassengers} passengers in one search`,
    path: ['adults'],
  });
export type SearchPassengers = z.infer<typeof SearchPassengersSchema>;

export const FlightSearchRequestSchema = z
  .object({
    slices: z
      .array(SearchSliceSchema)
      .min(1, { error: 'needs at least one slice' })
      .max(FLIGHT_SEARCH_LIMITS.maxSlices, { error: `at most ${FLIGHT_SEARCH_LIMITS.maxSlices} slices` }),
    passengers: SearchPassengersSchema,
    cabin_class: CabinClassSchema.optional(),
    provider: ProviderSchema.optional(),
    max_offers: z.number().int().min(1).max(FLIGHT_SEARCH_LIMITS.maxOffers).optional(),
  })
  .strict()
  .superRefine((request, ctx) => {
    for (let index = 1; index < request.slices.length; index += 1) {
      const previous = request.slices[index - 1];
      const slice = request.slices[index];
      if (previous && slice && slice.departure_date < previous.departure_date) {
        ctx.addIssue({
          code: 'custom',
          message: 'slices must be in date order',
          path: ['slices', index, 'departure_date'],
        });
      }
    }
  });
export type FlightSearchRequest = z.input<typeof FlightSearchRequestSchema>;
export type ParsedFlightSearchRequest = z.output<typeof FlightSearchRequestSchema>;

export const BaggageSchema = z.object({ checked: z.string(), cabin: z.string() });

export const FlightSegmentSchema = z.object({
  origin: IataCodeSchema,
  destination: IataCodeSchema,
  /** Local time at the origin with its UTC offset, e.g. 2026-12-01T08:30:00+01:00. */
  departing_at: DateTimeSchema,
  arriving_at: DateTimeSchema,
  marketing_carrier: AirlineCodeSchema,
  operating_carrier: AirlineCodeSchema,
  flight_number: z.string(),
  aircraft: z.string(),
  aircraft_name: z.string(),
  booking_class: z.string(),
  cabin_class: CabinClassSchema,
  stops: z.number().int().min(0),
  seats_remaining: z.number().int().min(0),
  duration_minutes: z.number().int().positive(),
  baggage: BaggageSchema,
});
export type FlightSegment = z.infer<typeof FlightSegmentSchema>;

export const FlightSliceSchema = z.object({
  origin: IataCodeSchema,
  destination: IataCodeSchema,
  duration_minutes: z.number().int().positive(),
  segments: z.array(FlightSegmentSchema).min(1),
});
export type FlightSlice = z.infer<typeof FlightSliceSchema>;

/** An offer's passenger (inner fields not shown in the spec; after Duffel): id, type and that passenger's fare. */
export const OfferPassengerSchema = z.object({
  id: idSchema('flightPassenger'),
  type: PassengerTypeSchema,
  base: MoneySchema,
  tax: MoneySchema,
  total: MoneySchema,
});
export type OfferPassenger = z.infer<typeof OfferPassengerSchema>;

export const FlightOfferSchema = z.object({
  object: z.literal('flight_offer'),
  id: idSchema('offer'),
  owner: z.string(),
  validating_airline: AirlineCodeSchema,
  airline_name: z.string(),
  cabin_class: CabinClassSchema,
  total: MoneySchema,
  base: MoneySchema,
  tax: MoneySchema,
  passengers: z.array(OfferPassengerSchema),
  slices: z.array(FlightSliceSchema).min(1),
  /** Not in the spec's table: when the offer stops being bookable (after Duffel's expires_at). */
  expires_at: DateTimeSchema.optional(),
});
export type FlightOffer = z.infer<typeof FlightOfferSchema>;

export const FLIGHT_SEARCH_STATUSES = ['in_progress', 'complete'] as const;
export const FlightSearchSchema = z.object({
  object: z.literal('flight_search'),
  id: idSchema('flightSearch'),
  status: z.enum(FLIGHT_SEARCH_STATUSES),
  offer_count: z.number().int().min(0),
  offers: z.array(FlightOfferSchema),
});
export type FlightSearch = z.infer<typeof FlightSearchSchema>;

// ---------- streaming search events ----------

/** `event: offers`: the full list so far, replacing every earlier batch. */
export const FlightOffersEventSchema = z.object({
  object: z.literal('flight_offer_batch'),
  search_id: idSchema('flightSearch'),
  replace: z.literal(true),
  offer_count: z.number().int().min(0),
  /** How many providers have answered so far, of how many were asked. */
  providers_answered: z.number().int().min(0),
  providers_total: z.number().int().min(1),
  offers: z.array(FlightOfferSchema),
});
export type FlightOffersEvent = z.infer<typeof FlightOffersEventSchema>;

/** `event: done`: the last event. Payload not shown in the spec; ours names the search and its final count. */
export const FlightSearchDoneEventSchema = z.object({
  object: z.literal('flight_search_done'),
  search_id: idSchema('flightSearch'),
  status: z.enum(['complete', 'partial']),
  offer_count: z.number().int().min(0),
});
export type FlightSearchDoneEvent = z.infer<typeof FlightSearchDoneEventSchema>;

export const FLIGHT_SEARCH_EVENT_NAMES = ['offers', 'done'] as const;
export type FlightSearchEvent =
  | { event: 'offers'; data: FlightOffersEvent }
  | { event: 'done'; data: FlightSearchDoneEvent };

/** Parses one SSE event (its name and its data line) of the flight search stream; null for names we don't know. */
export function parseFlightSearchEvent(event: string | undefined, data: string): FlightSearchEvent | null {
  if (event === 'offers') return { event, data: FlightOffersEventSchema.parse(JSON.parse(data)) };
  if (event === 'done') return { event, data: FlightSearchDoneEventSchema.parse(JSON.parse(data)) };
  return null;
}

// ---------- conditions ----------

export const FlightConditionsSchema = z.object({
  object: z.literal('flight_conditions'),
  offer_id: idSchema('offer'),
  fare_type: z.number().int(),
  fare_rules: z.array(
    z.object({
      airline: z.string(),
      route: z.string(),
      rules: z.array(z.object({ category: z.string(), text: z.string() })),
    }),
  ),
  baggage: z.array(
    z.object({
      origin: z.string(),
      destination: z.string(),
      flight_number: z.string(),
      allowance: z.string(),
    }),
  ),
});
export type FlightConditions = z.infer<typeof FlightConditionsSchema>;

// ---------- orders ----------

export const GenderSchema = z.enum(['male', 'female']);

export const TravelDocumentSchema = z
  .object({
    number: z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{5,20}$/i, { error: 'must be 5 to 20 letters and digits' }),
    expires_on: DateSchema,
    country_code: CountryCodeSchema,
    issued_on: DateSchema.optional(),
  })
  .strict()
  .refine((doc) => doc.issued_on === undefined || doc.issued_on < doc.expires_on, {
    error: 'must be issued before it expires',
    path: ['issued_on'],
  });
export type TravelDocument = z.infer<typeof TravelDocumentSchema>;

export const OrderPassengerInputSchema = z
  .object({
    type: PassengerTypeSchema,
    given_name: PersonNameSchema,
    family_name: PersonNameSchema,
    date_of_birth: DateSchema,
    gender: GenderSchema,
    nationality: CountryCodeSchema.optional(),
    national_id: z.string().trim().min(1).max(30).optional(),
    document: TravelDocumentSchema.optional(),
  })
  .strict();
export type OrderPassengerInput = z.infer<typeof OrderPassengerInputSchema>;

export const FlightOrderRequestSchema = z
  .object({
    offer_id: idSchema('offer'),
    passengers: z.array(OrderPassengerInputSchema).min(1).max(FLIGHT_SEARCH_LIMITS.maxPassengers),
    contact: ContactSchema.strict(),
    client_reference: ClientReferenceSchema.optional(),
  })
  .strict();
export type FlightOrderRequest = z.infer<typeof FlightOrderRequestSchema>;

/** Age bands airlines use, on the date of the first departure: infant under 2, child 2 to 11, adult 12 and over. */
export function passengerTypeForAge(age: number): PassengerType {
  if (age < 2) return 'infant';
  if (age < 12) return 'child';
  return 'adult';
}

/**
 * Checks passengers against the offer they are booked on: the types match the offer's passenger types,
 * each date of birth fits its type on the first departure, and each document outlives the last arrival.
 * Returns the first problem as { param, message }, or null. Shared by the sandbox and the booking form.
 */
export function checkPassengersAgainstOffer(
  passengers: readonly OrderPassengerInput[],
  offer: Pick<FlightOffer, 'passengers' | 'slices'>,
): { param: string; message: string } | null {
  const wanted = offer.passengers.map((p) => p.type).sort();
  const given = passengers.map((p) => p.type).sort();
  if (wanted.join() !== given.join()) {
    return {
      param: 'passengers',
      message: `the offer is for ${describeTypes(wanted)}, but the request has ${describeTypes(given)}`,
    };
  }
  const firstDeparture = offer.slices[0]?.segments[0]?.departing_at.slice(0, 10);
  const lastSlice = offer.slices.at(-1);
  const lastArrival = lastSlice?.segments.at(-1)?.arriving_at.slice(0, 10);
  for (const [index, passenger] of passengers.entries()) {
    if (firstDeparture) {
      const age = ageOn(passenger.date_of_birth, firstDeparture);
      if (age < 0) {
        return { param: `passengers[${index}].date_of_birth`, message: 'date of birth is after the flight' };
      }
      const type = passengerTypeForAge(age);
      if (type !== passenger.type) {
        return {
          param: `passengers[${index}].date_of_birth`,
          message: `a passenger aged ${age} on ${firstDeparture} travels as ${type}, not ${passenger.type}`,
        };
      }
    }
    if (passenger.document && lastArrival && passenger.document.expires_on <= lastArrival) {
      return {
        param: `passengers[${index}].document.expires_on`,
        message: `the document must be valid after the last flight (${lastArrival})`,
      };
    }
  }
  return null;
}

function describeTypes(types: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  return [...counts].map(([type, count]) => `${count} ${type}${count === 1 ? '' : 's'}`).join(', ');
}

export const FLIGHT_ORDER_STATUSES = ['held', 'ticketing', 'ticketed', 'cancelled', 'refunded'] as const;
export const FlightOrderStatusSchema = z.enum(FLIGHT_ORDER_STATUSES);
export type FlightOrderStatus = z.infer<typeof FlightOrderStatusSchema>;

/** An order's passenger: what was sent, plus its id and, once ticketed, its ticket number. */
export const OrderPassengerSchema = z.object({
  id: idSchema('flightPassenger'),
  type: PassengerTypeSchema,
  given_name: z.string(),
  family_name: z.string(),
  date_of_birth: DateSchema,
  gender: GenderSchema,
  nationality: z.string().nullable(),
  national_id: z.string().nullable(),
  document: z
    .object({
      number: z.string(),
      expires_on: DateSchema,
      country_code: z.string(),
      issued_on: DateSchema.nullable(),
    })
    .nullable(),
  ticket_number: z.string().nullable(),
});
export type OrderPassenger = z.infer<typeof OrderPassengerSchema>;

/** An order's segment: the offer's segment plus the index of the slice it belongs to. */
export const OrderSegmentSchema = FlightSegmentSchema.extend({ slice_index: z.number().int().min(0) });
export type OrderSegment = z.infer<typeof OrderSegmentSchema>;

export const OrderNoteSchema = z.object({ text: z.string(), created_at: DateTimeSchema });

export const FlightOrderSchema = z.object({
  object: z.literal('flight_order'),
  id: idSchema('flightOrder'),
  status: FlightOrderStatusSchema,
  ticketing_deadline: DateTimeSchema,
  validating_airline: AirlineCodeSchema,
  total: MoneySchema,
  contact: ContactSchema,
  passengers: z.array(OrderPassengerSchema),
  segments: z.array(OrderSegmentSchema),
  notes: z.array(OrderNoteSchema),
  /** Fields beyond the spec's table, optional so a service without them still parses (docs/decisions/002). */
  offer_id: idSchema('offer').optional(),
  booking_reference: z.string().nullable().optional(),
  client_reference: z.string().nullable().optional(),
  created_at: DateTimeSchema.optional(),
  refunded_amount: MoneySchema.nullable().optional(),
});
export type FlightOrder = z.infer<typeof FlightOrderSchema>;

// ---------- refunds and notes ----------

/** refund_type: 1 voluntary (the customer's choice, fare rules apply), 2 involuntary (airline change, full refund). */
export const REFUND_TYPES = { voluntary: 1, involuntary: 2 } as const;
/** refund_payment_mode: 1 back to the office wallet (the only mode the sandbox supports). */
export const REFUND_PAYMENT_MODES = { wallet: 1 } as const;

export const RefundQuoteTicketSchema = z.object({
  ticket_number: z.string(),
  passenger_id: idSchema('flightPassenger'),
  passenger_name: z.string(),
  fare: MoneySchema,
  penalty: MoneySchema,
  refund_amount: MoneySchema,
});
export type RefundQuoteTicket = z.infer<typeof RefundQuoteTicketSchema>;

export const RefundQuoteSchema = z.object({
  object: z.literal('refund_quote'),
  order_id: idSchema('flightOrder'),
  refund_type: z.number().int(),
  tickets: z.array(RefundQuoteTicketSchema),
  /** Sum of the tickets' refund_amount; not in the spec's table. */
  total_refund: MoneySchema.optional(),
});
export type RefundQuote = z.infer<typeof RefundQuoteSchema>;

export const RefundRequestSchema = z
  .object({
    refund_type: z.literal([1, 2], { error: 'must be 1 (voluntary) or 2 (involuntary)' }).optional(),
    ticket_numbers: z.array(z.string().min(1)).min(1).optional(),
    refund_payment_mode: z.literal(1, { error: 'must be 1 (wallet)' }).optional(),
  })
  .strict();
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

export const RefundSchema = z.object({
  object: z.literal('refund'),
  order_id: idSchema('flightOrder'),
  status: z.enum(['requested', 'completed']),
  refunded_tickets: z.array(z.string()),
  /** What returns to the wallet; not in the spec's table. */
  amount: MoneySchema.optional(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const NotesRequestSchema = z
  .object({
    notes: z
      .array(z.string().trim().min(1, { error: 'a note cannot be empty' }).max(1000))
      .min(1, { error: 'needs at least one note' })
      .max(20),
  })
  .strict();
export type NotesRequest = z.infer<typeof NotesRequestSchema>;

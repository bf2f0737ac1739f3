import { z } from 'zod';
import { idSchema } from './ids.ts';
import { MoneySchema } from './money.ts';
import {
  ageOn,
  ClientReferenceSchema,
  ContactSchema,
  CountryCodeSchema,
  DateSchema,
  GenderSchema,
  PersonNameSchema,
  queryInt,
} from './primitives.ts';
import {
  extra,
  OpaqueIdSchema,
  OpenListSchema,
  OpenSchema,
  ReadDateTimeSchema,
  TextSchema,
  wallClockOf,
} from './read.ts';

export const IataCodeSchema = z.string().regex(/^[A-Z]{3}$/, { error: 'must be a three-letter IATA code' });
export const AirlineCodeSchema = z
  .string()
  .regex(/^[A-Z0-9]{2}$/, { error: 'must be a two-character airline code' });

// ---------- places ----------

/** Read as the document states it: strings (`type` is city or airport in the document; any string is shown). */
export const FlightPlaceSchema = z.object({
  object: z.literal('flight_place'),
  code: TextSchema,
  name: TextSchema,
  type: TextSchema,
  city_code: TextSchema,
  country_code: TextSchema,
  country: TextSchema,
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

export const BaggageSchema = z.object({ checked: TextSchema, cabin: TextSchema });

/** A segment as the document states it: every field a string except the three integers. */
export const FlightSegmentSchema = z.object({
  origin: TextSchema,
  destination: TextSchema,
  /** Local time at the airport, with or without an offset (read with `wallClockOf`). */
  departing_at: ReadDateTimeSchema,
  arriving_at: ReadDateTimeSchema,
  marketing_carrier: TextSchema,
  operating_carrier: TextSchema,
  flight_number: TextSchema,
  aircraft: TextSchema,
  aircraft_name: TextSchema,
  booking_class: TextSchema,
  cabin_class: TextSchema,
  stops: z.number().int(),
  seats_remaining: z.number().int(),
  duration_minutes: z.number().int(),
  baggage: BaggageSchema,
});
export type FlightSegment = z.infer<typeof FlightSegmentSchema>;

export const FlightSliceSchema = z.object({
  origin: TextSchema,
  destination: TextSchema,
  duration_minutes: z.number().int(),
  segments: z.array(FlightSegmentSchema),
});
export type FlightSlice = z.infer<typeof FlightSliceSchema>;

/**
 * An offer's passenger as our sandbox sends it (inner fields not shown in the document; after Duffel): id, type and
 * that passenger's fare. Read with `readKnown`; a service may send any other shape.
 */
export const OfferPassengerSchema = z.object({
  id: OpaqueIdSchema,
  type: PassengerTypeSchema,
  base: MoneySchema,
  tax: MoneySchema,
  total: MoneySchema,
});
export type OfferPassenger = z.infer<typeof OfferPassengerSchema>;

/** A passenger of an offer whose shape names at least its type (`type`, or `passenger_type`). */
export const OfferPassengerTypeSchema = z.union([
  z.object({ type: PassengerTypeSchema }),
  z.object({ passenger_type: PassengerTypeSchema }).transform((p) => ({ type: p.passenger_type })),
]);

export const FlightOfferSchema = z.object({
  object: z.literal('flight_offer'),
  id: idSchema('offer'),
  owner: TextSchema,
  validating_airline: TextSchema,
  airline_name: TextSchema,
  cabin_class: TextSchema,
  total: MoneySchema,
  base: MoneySchema,
  tax: MoneySchema,
  passengers: OpenListSchema,
  slices: z.array(FlightSliceSchema),
  /** Not in the document's table: when the offer stops being bookable (after Duffel's expires_at). */
  expires_at: extra(ReadDateTimeSchema),
});
export type FlightOffer = z.infer<typeof FlightOfferSchema>;

export const FLIGHT_SEARCH_STATUSES = ['in_progress', 'complete'] as const;
export const FlightSearchSchema = z.object({
  object: z.literal('flight_search'),
  id: OpaqueIdSchema,
  status: TextSchema,
  offer_count: z.number().int().min(0),
  offers: z.array(FlightOfferSchema),
});
export type FlightSearch = z.infer<typeof FlightSearchSchema>;

// ---------- streaming search events ----------

/**
 * `event: offers`: "a full flight offer batch with replace = true" — the offers so far, replacing every earlier
 * batch. The document names only the offers and `replace`; the rest is ours and read when it is there.
 */
export const FlightOffersEventSchema = z.object({
  replace: z.boolean().optional(),
  offers: z.array(FlightOfferSchema),
  search_id: extra(TextSchema),
  offer_count: extra(z.number().int().min(0)),
  /** How many providers have answered so far, of how many were asked. */
  providers_answered: extra(z.number().int().min(0)),
  providers_total: extra(z.number().int().min(1)),
});
export type FlightOffersEvent = z.infer<typeof FlightOffersEventSchema>;

/** Our sandbox's `done` payload. The document does not show it: any payload (or none) ends the stream. */
export const SandboxFlightSearchDoneEventSchema = z.object({
  object: z.literal('flight_search_done'),
  search_id: idSchema('flightSearch'),
  status: z.enum(['complete', 'partial']),
  offer_count: z.number().int().min(0),
});
export type SandboxFlightSearchDoneEvent = z.infer<typeof SandboxFlightSearchDoneEventSchema>;

export const FLIGHT_SEARCH_EVENT_NAMES = ['offers', 'done'] as const;
export type FlightSearchEvent =
  | { event: 'offers'; data: FlightOffersEvent }
  | { event: 'done'; data: unknown };

/**
 * Parses one SSE event (its name and its data) of the flight search stream; null for names we don't know. The done
 * payload is whatever the service sent: JSON when it is JSON, the text otherwise.
 */
export function parseFlightSearchEvent(event: string | undefined, data: string): FlightSearchEvent | null {
  if (event === 'offers') return { event, data: FlightOffersEventSchema.parse(JSON.parse(data)) };
  if (event === 'done') {
    try {
      return { event, data: JSON.parse(data) as unknown };
    } catch {
      return { event, data };
    }
  }
  return null;
}

// ---------- conditions ----------

export const FlightConditionsSchema = z.object({
  object: z.literal('flight_conditions'),
  offer_id: TextSchema,
  fare_type: z.number().int(),
  fare_rules: z.array(
    z.object({
      airline: TextSchema,
      route: TextSchema,
      rules: z.array(z.object({ category: TextSchema, text: TextSchema })),
    }),
  ),
  baggage: z.array(
    z.object({
      origin: TextSchema,
      destination: TextSchema,
      flight_number: TextSchema,
      allowance: TextSchema,
    }),
  ),
});
export type FlightConditions = z.infer<typeof FlightConditionsSchema>;

// ---------- orders ----------

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

/**
 * The passenger types an offer is for, when its passengers (not shown in the document) name them; null when they
 * do not, and the console then goes by the search's passenger counts.
 */
export function offerPassengerTypes(offer: Pick<FlightOffer, 'passengers'>): PassengerType[] | null {
  const types: PassengerType[] = [];
  for (const passenger of offer.passengers) {
    const read = OfferPassengerTypeSchema.safeParse(passenger);
    if (!read.success) return null;
    types.push(read.data.type);
  }
  return types.length > 0 ? types : null;
}

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
/**
 * What is wrong with one passenger for an offer's flights: an age that does not fit the passenger type on the first
 * departure, a date of birth after it, a document that expires before the last arrival. Each with the field it is
 * about (`date_of_birth`, `document.expires_on`), every problem at once.
 */
export function passengerProblems(
  passenger: Pick<OrderPassengerInput, 'type' | 'date_of_birth' | 'document'>,
  offer: Pick<FlightOffer, 'slices'>,
): { field: 'date_of_birth' | 'document.expires_on'; message: string }[] {
  const problems: { field: 'date_of_birth' | 'document.expires_on'; message: string }[] = [];
  const firstDeparture = wallClockOf(offer.slices[0]?.segments[0]?.departing_at)?.date;
  const lastArrival = wallClockOf(offer.slices.at(-1)?.segments.at(-1)?.arriving_at)?.date;
  if (firstDeparture) {
    const age = ageOn(passenger.date_of_birth, firstDeparture);
    if (age < 0) problems.push({ field: 'date_of_birth', message: 'date of birth is after the flight' });
    else {
      const type = passengerTypeForAge(age);
      if (type !== passenger.type)
        problems.push({
          field: 'date_of_birth',
          message: `a passenger aged ${age} on ${firstDeparture} travels as ${type}, not ${passenger.type}`,
        });
    }
  }
  if (passenger.document && lastArrival && passenger.document.expires_on <= lastArrival)
    problems.push({
      field: 'document.expires_on',
      message: `the document must be valid after the last flight (${lastArrival})`,
    });
  return problems;
}

/** The first problem of an order's passengers for an offer (the service refuses on the first it finds). */
export function checkPassengersAgainstOffer(
  passengers: readonly OrderPassengerInput[],
  offer: Pick<FlightOffer, 'passengers' | 'slices'>,
  /** The searched passenger types, for an offer whose passengers do not name theirs. */
  searchedTypes?: readonly PassengerType[],
): { param: string; message: string } | null {
  const types = offerPassengerTypes(offer) ?? searchedTypes ?? null;
  const wanted = types ? [...types].sort() : null;
  const given = passengers.map((p) => p.type).sort();
  if (wanted && wanted.join() !== given.join()) {
    return {
      param: 'passengers',
      message: `the offer is for ${describeTypes(wanted)}, but the request has ${describeTypes(given)}`,
    };
  }
  for (const [index, passenger] of passengers.entries()) {
    const problem = passengerProblems(passenger, offer)[0];
    if (problem) return { param: `passengers[${index}].${problem.field}`, message: problem.message };
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

/**
 * An order's passenger as our sandbox sends it (not shown in the document): what was sent, plus its id and, once
 * ticketed, its ticket number. The console reads it with `readKnown` and shows any other shape generically.
 */
export const OrderPassengerSchema = z.object({
  id: OpaqueIdSchema,
  type: TextSchema,
  given_name: z.string(),
  family_name: z.string(),
  date_of_birth: z.string().nullish(),
  gender: z.string().nullish(),
  nationality: z.string().nullish(),
  national_id: z.string().nullish(),
  document: z
    .object({
      number: z.string(),
      expires_on: z.string(),
      country_code: z.string(),
      issued_on: z.string().nullish(),
    })
    .nullish(),
  ticket_number: z.string().nullish(),
});
export type OrderPassenger = z.infer<typeof OrderPassengerSchema>;

/** An order's segment as our sandbox sends it: the offer's segment plus the index of the slice it belongs to. */
export const OrderSegmentSchema = FlightSegmentSchema.extend({ slice_index: z.number().int().min(0) });
export type OrderSegment = z.infer<typeof OrderSegmentSchema>;

/** An order's note as our sandbox sends it. */
export const OrderNoteSchema = z.object({ text: z.string(), created_at: z.string() });
export type OrderNote = z.infer<typeof OrderNoteSchema>;

/**
 * A flight order as the document states it. `status` is any string: the five the document lists are known, any
 * other is shown as written and disables the actions that depend on it.
 */
export const FlightOrderSchema = z.object({
  object: z.literal('flight_order'),
  id: OpaqueIdSchema,
  status: TextSchema,
  ticketing_deadline: ReadDateTimeSchema,
  validating_airline: TextSchema,
  total: MoneySchema,
  contact: OpenSchema,
  passengers: OpenListSchema,
  segments: OpenListSchema,
  notes: OpenListSchema,
  /** Fields beyond the document's table: used when there and readable (decision 013). */
  offer_id: extra(TextSchema),
  booking_reference: extra(z.string().nullable()),
  client_reference: extra(z.string().nullable()),
  created_at: extra(z.string()),
  refunded_amount: extra(MoneySchema.nullable()),
});
export type FlightOrder = z.infer<typeof FlightOrderSchema>;

// ---------- refunds and notes ----------

/** Our sandbox's refund_type values (meaning not shown in the document): 1 voluntary, 2 involuntary. */
export const REFUND_TYPES = { voluntary: 1, involuntary: 2 } as const;
/** Our sandbox's refund_payment_mode: 1 back to the office wallet. */
export const REFUND_PAYMENT_MODES = { wallet: 1 } as const;

/** A refund quote's ticket as our sandbox sends it (not shown in the document). */
export const RefundQuoteTicketSchema = z.object({
  ticket_number: z.string(),
  passenger_id: z.string().nullish(),
  passenger_name: z.string(),
  fare: MoneySchema,
  penalty: MoneySchema,
  refund_amount: MoneySchema,
});
export type RefundQuoteTicket = z.infer<typeof RefundQuoteTicketSchema>;

export const RefundQuoteSchema = z.object({
  object: z.literal('refund_quote'),
  order_id: TextSchema,
  refund_type: z.number().int(),
  tickets: OpenListSchema,
  /** Sum of the tickets' refund_amount; not in the document's table. */
  total_refund: extra(MoneySchema),
});
export type RefundQuote = z.infer<typeof RefundQuoteSchema>;

/**
 * What the console sends to refund. refund_type and refund_payment_mode are integers whose meaning the document does
 * not show: the console sends back a value the service offered (the quote's refund_type), never a fixed list.
 */
export const RefundRequestSchema = z
  .object({
    refund_type: z.number({ error: 'must be a whole number' }).int().optional(),
    ticket_numbers: z.array(z.string().min(1)).min(1).optional(),
    refund_payment_mode: z.number({ error: 'must be a whole number' }).int().optional(),
  })
  .strict();
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

export const RefundSchema = z.object({
  object: z.literal('refund'),
  order_id: TextSchema,
  /** A requested refund has the status requested; any other string is shown as written. */
  status: TextSchema,
  refunded_tickets: z.array(z.string()),
  /** What returns to the wallet; not in the document's table. */
  amount: extra(MoneySchema),
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

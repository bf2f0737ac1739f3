import {
  CabinClassSchema,
  DateSchema,
  type FlightOffer,
  type FlightSearchRequest,
  FlightSearchRequestSchema,
  IataCodeSchema,
} from '@console/contract';
import { z } from 'zod';

/**
 * The flight desk's state in the URL, so a refresh or a shared link shows the same search, sort and filters:
 * ?from=LON&to=NYC&depart=2026-12-10&return=2026-12-17&adults=2&children=0&infants=0&cabin=economy
 *  &sort=price&stops=0,1&airlines=BA,AA
 */
const count = (min: number, max: number) => z.number().int().min(min).max(max);

const LegSchema = z
  .object({ from: IataCodeSchema, to: IataCodeSchema, depart: DateSchema })
  .refine((leg) => leg.from !== leg.to, {
    error: 'Choose a destination other than the origin',
    path: ['to'],
  });

export const SearchFormSchema = z
  .object({
    trip: z.enum(['oneway', 'return', 'multi']),
    /** The flights of a multi-city trip, in order. */
    legs: z.array(LegSchema).max(6),
    from: IataCodeSchema.optional(),
    to: IataCodeSchema.optional(),
    depart: DateSchema.optional(),
    return: DateSchema.optional(),
    adults: count(1, 9),
    children: count(0, 8),
    infants: count(0, 8),
    cabin: CabinClassSchema,
  })
  .superRefine((f, ctx) => {
    const issue = (message: string, path: (string | number)[]) =>
      ctx.addIssue({ code: 'custom', message, path });
    if (f.trip === 'multi') {
      if (f.legs.length < 2) issue('A multi-city trip has at least two flights', ['legs']);
      f.legs.forEach((leg, i) => {
        const previous = f.legs[i - 1];
        if (previous && leg.depart < previous.depart)
          issue('Each flight departs on or after the one before', ['legs', i, 'depart']);
      });
    } else {
      if (!f.from) issue('Choose where the trip starts', ['from']);
      if (!f.to) issue('Choose the destination', ['to']);
      if (!f.depart) issue('Choose the outbound date', ['depart']);
      if (f.from && f.from === f.to) issue('Choose a destination other than the origin', ['to']);
      if (f.trip === 'return' && !f.return) issue('Choose the return date', ['return']);
      if (f.depart && f.return && f.return < f.depart)
        issue('Return on or after the outbound date', ['return']);
    }
    if (f.infants > f.adults)
      issue('Each infant travels on an adult’s lap: no more infants than adults', ['infants']);
    if (f.adults + f.children + f.infants > 9) issue('At most 9 passengers in one booking', ['adults']);
  });
export type SearchForm = z.infer<typeof SearchFormSchema>;

export const SORTS = [
  { id: 'price', label: 'Lowest price' },
  { id: 'duration', label: 'Shortest' },
  { id: 'departure', label: 'Earliest departure' },
] as const;
export type SortId = (typeof SORTS)[number]['id'];

export interface ResultView {
  sort: SortId;
  stops: number[];
  airlines: string[];
  bags: boolean;
  departFrom: number | null;
  departTo: number | null;
}

const LEG = /^([A-Z]{3})-([A-Z]{3})-(\d{4}-\d{2}-\d{2})$/;

/** `legs=LON-PAR-2026-12-10,PAR-FCO-2026-12-14` ⇄ the legs of a multi-city search. */
export function readLegs(value: string | null): { from: string; to: string; depart: string }[] {
  return (value ?? '')
    .split(',')
    .map((text) => LEG.exec(text))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ from: m[1] ?? '', to: m[2] ?? '', depart: m[3] ?? '' }));
}
export const writeLegs = (legs: readonly { from: string; to: string; depart: string }[]) =>
  legs.map((l) => `${l.from}-${l.to}-${l.depart}`).join(',');

export function readSearch(
  params: URLSearchParams,
): { form: SearchForm; request: FlightSearchRequest } | null {
  const number = (name: string, fallback: number) => (params.has(name) ? Number(params.get(name)) : fallback);
  const legs = readLegs(params.get('legs'));
  const trip = legs.length > 0 ? 'multi' : params.has('return') ? 'return' : 'oneway';
  const parsed = SearchFormSchema.safeParse({
    trip,
    legs,
    from: trip === 'multi' ? undefined : (params.get('from') ?? undefined),
    to: trip === 'multi' ? undefined : (params.get('to') ?? undefined),
    depart: trip === 'multi' ? undefined : (params.get('depart') ?? undefined),
    return: trip === 'return' ? (params.get('return') ?? undefined) : undefined,
    adults: number('adults', 1),
    children: number('children', 0),
    infants: number('infants', 0),
    cabin: params.get('cabin') ?? 'economy',
  });
  if (!parsed.success) return null;
  const f = parsed.data;
  const slices =
    f.trip === 'multi'
      ? f.legs.map((leg) => ({ origin: leg.from, destination: leg.to, departure_date: leg.depart }))
      : [{ origin: f.from ?? '', destination: f.to ?? '', departure_date: f.depart ?? '' }];
  if (f.trip === 'return' && f.return)
    slices.push({ origin: f.to ?? '', destination: f.from ?? '', departure_date: f.return });
  const request = {
    slices,
    passengers: { adults: f.adults, children: f.children, infants: f.infants },
    cabin_class: f.cabin,
    max_offers: 2000,
  };
  return FlightSearchRequestSchema.safeParse(request).success ? { form: f, request } : null;
}

export function readView(params: URLSearchParams): ResultView {
  const list = (name: string) => (params.get(name) ?? '').split(',').filter(Boolean);
  const sort = SORTS.find((s) => s.id === params.get('sort'))?.id ?? 'price';
  const hour = (name: string) => {
    const value = Number(params.get(name));
    return params.has(name) && Number.isInteger(value) && value >= 0 && value <= 24 ? value : null;
  };
  return {
    sort,
    stops: list('stops')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 0 && n <= 3),
    airlines: list('airlines').filter((a) => /^[A-Z0-9]{2}$/.test(a)),
    bags: params.get('bags') === '1',
    departFrom: hour('dep_from'),
    departTo: hour('dep_to'),
  };
}

export const stopsOf = (offer: FlightOffer) => Math.max(...offer.slices.map((s) => s.segments.length - 1));
export const durationOf = (offer: FlightOffer) => offer.slices.reduce((n, s) => n + s.duration_minutes, 0);
export const departureOf = (offer: FlightOffer) => offer.slices[0]?.segments[0]?.departing_at ?? '';
/** The local hour of the first departure, read from the offset time as written. */
export const departureHour = (offer: FlightOffer) => Number(departureOf(offer).slice(11, 13));
export const hasCheckedBag = (offer: FlightOffer) =>
  offer.slices.every((s) =>
    s.segments.every((g) => !/^no /i.test(g.baggage.checked) && g.baggage.checked !== '0'),
  );

/** Filters then sorts; the sort is stable on price, then id, so equal offers keep their places as batches arrive. */
export function viewOffers(offers: readonly FlightOffer[], view: ResultView): FlightOffer[] {
  const cents = (o: FlightOffer) => Math.round(Number(o.total.amount) * 100);
  const filtered = offers.filter(
    (o) =>
      (view.stops.length === 0 || view.stops.includes(Math.min(stopsOf(o), 2))) &&
      (view.airlines.length === 0 || view.airlines.includes(o.validating_airline)) &&
      (!view.bags || hasCheckedBag(o)) &&
      (view.departFrom === null || departureHour(o) >= view.departFrom) &&
      (view.departTo === null || departureHour(o) < view.departTo),
  );
  const key: Record<SortId, (o: FlightOffer) => number | string> = {
    price: cents,
    duration: durationOf,
    departure: departureOf,
  };
  const by = key[view.sort];
  return filtered.sort((a, b) => {
    const x = by(a);
    const y = by(b);
    return x < y ? -1 : x > y ? 1 : cents(a) - cents(b) || (a.id < b.id ? -1 : 1);
  });
}

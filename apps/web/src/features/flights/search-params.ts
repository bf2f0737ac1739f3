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

export const SearchFormSchema = z
  .object({
    from: IataCodeSchema,
    to: IataCodeSchema,
    depart: DateSchema,
    return: DateSchema.optional(),
    adults: count(1, 9),
    children: count(0, 8),
    infants: count(0, 8),
    cabin: CabinClassSchema,
  })
  .refine((f) => f.from !== f.to, { error: 'Choose a destination other than the origin', path: ['to'] })
  .refine((f) => f.infants <= f.adults, {
    error: 'Each infant travels on an adult’s lap: no more infants than adults',
    path: ['infants'],
  })
  .refine((f) => f.adults + f.children + f.infants <= 9, {
    error: 'At most 9 passengers in one booking',
    path: ['adults'],
  })
  .refine((f) => f.return === undefined || f.return >= f.depart, {
    error: 'Return on or after the outbound date',
    path: ['return'],
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

export function readSearch(
  params: URLSearchParams,
): { form: SearchForm; request: FlightSearchRequest } | null {
  const number = (name: string, fallback: number) => (params.has(name) ? Number(params.get(name)) : fallback);
  const parsed = SearchFormSchema.safeParse({
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    depart: params.get('depart') ?? undefined,
    return: params.get('return') ?? undefined,
    adults: number('adults', 1),
    children: number('children', 0),
    infants: number('infants', 0),
    cabin: params.get('cabin') ?? 'economy',
  });
  if (!parsed.success) return null;
  const f = parsed.data;
  const slices = [{ origin: f.from, destination: f.to, departure_date: f.depart }];
  if (f.return) slices.push({ origin: f.to, destination: f.from, departure_date: f.return });
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

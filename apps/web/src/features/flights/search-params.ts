import {
  CabinClassSchema,
  calendarDate,
  DateSchema,
  type FlightSearchRequest,
  FlightSearchRequestSchema,
  IataCodeSchema,
} from '@console/contract';
import { z } from 'zod';

/**
 * The flight desk's state in the URL, so a refresh or a shared link shows the same search, sort and filters:
 * ?from=LON&to=NYC&depart=2026-12-10&return=2026-12-17&adults=2&children=0&infants=0&cabin=economy
 *  &sort=price&stops=0,1&airlines=BA,AA&airports=LHR,JFK&price_min=400&price_max=900&max_minutes=900
 *  &density=comfortable
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

export const DENSITIES = [
  { id: 'compact', label: 'Compact' },
  { id: 'comfortable', label: 'Comfortable' },
] as const;
export type DensityId = (typeof DENSITIES)[number]['id'];

export interface ResultView {
  sort: SortId;
  stops: number[];
  airlines: string[];
  /** Airports the agent keeps, at the ends of the trip (a city's LHR, LGW…): none is every airport. */
  airports: string[];
  bags: boolean;
  departFrom: number | null;
  departTo: number | null;
  /** The total the row shows first, in whole currency units, from and up to. */
  priceMin: number | null;
  priceMax: number | null;
  /** The longest trip kept, in minutes of flying and connecting, every flight of it together. */
  maxMinutes: number | null;
  /** Compact rows (one line a flight) unless the link says comfortable. */
  density: DensityId;
}

/** The days a return is proposed after the outbound date. */
export const RETURN_AFTER_DAYS = 7;

/** A calendar date `days` after another (YYYY-MM-DD), on UTC midnights so no zone can move it. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The return date a return trip's form shows once the outbound date is set: the date already there, unless it is
 * empty or still the one proposed for an earlier outbound date (the agent has not chosen one), then depart + 7.
 */
export function proposeReturn({
  depart,
  current,
  proposed,
}: {
  depart: string | null | undefined;
  current: string | null | undefined;
  /** The return last proposed, if the form proposed one. */
  proposed?: string | null | undefined;
}): string | undefined {
  const day = calendarDate(depart);
  if (!day) return current ?? undefined;
  if (current && current !== proposed) return current;
  return addDays(day, RETURN_AFTER_DAYS);
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
  const depart = trip === 'multi' ? undefined : (params.get('depart') ?? undefined);
  const parsed = SearchFormSchema.safeParse({
    trip,
    legs,
    from: trip === 'multi' ? undefined : (params.get('from') ?? undefined),
    to: trip === 'multi' ? undefined : (params.get('to') ?? undefined),
    depart,
    // A return asked for with its date left empty (`return=`) is the proposed one, depart + 7.
    return:
      trip === 'return' ? proposeReturn({ depart, current: params.get('return') || undefined }) : undefined,
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
    airports: list('airports').filter((a) => /^[A-Z0-9]{3}$/.test(a)),
    priceMin: whole('price_min'),
    priceMax: whole('price_max'),
    maxMinutes: whole('max_minutes'),
    density: params.get('density') === 'comfortable' ? 'comfortable' : 'compact',
  };
  function whole(name: string): number | null {
    const text = params.get(name);
    return text !== null && /^\d{1,9}$/.test(text) ? Number(text) : null;
  }
}

import { type FlightOffer, type Money, money, toCents } from '@console/contract';
import type { ResultView, SortId } from './search-params.ts';

/**
 * What the results screen works out of a search's offers, with no screen in it: the filters and the sort, the counts
 * beside each filter, the airline × stops grid of lowest prices, the changes of airport a row must say, and the
 * party's price per person. Money is added and divided in integer cents (packages/contract money), never in floats.
 */

/** The total a row shows first (what the client pays: the net plus the office's fee, decision 032). */
export type PriceOf = (offer: FlightOffer) => Money;
/** The places the agent searched, flight by flight (a city such as LON, or an airport). */
export type SearchedSlices = readonly { origin: string; destination: string }[];
export interface Party {
  adults: number;
  children: number;
  infants: number;
}

export const stopsOf = (offer: FlightOffer) => Math.max(...offer.slices.map((s) => s.segments.length - 1));
/** The grid's and the filter's stop classes: direct, 1 stop, 2 stops or more. */
export const stopClassOf = (offer: FlightOffer) => Math.min(stopsOf(offer), 2);
export const durationOf = (offer: FlightOffer) => offer.slices.reduce((n, s) => n + s.duration_minutes, 0);
export const departureOf = (offer: FlightOffer) => offer.slices[0]?.segments[0]?.departing_at ?? '';
/** The local hour of the first departure, read from the offset time as written. */
export const departureHour = (offer: FlightOffer) => Number(departureOf(offer).slice(11, 13));
export const hasCheckedBag = (offer: FlightOffer) =>
  offer.slices.every((s) =>
    s.segments.every((g) => !/^no /i.test(g.baggage.checked) && g.baggage.checked !== '0'),
  );

/** The airports an offer uses at each place searched: where each flight leaves and where it lands. */
export function endsOf(offer: FlightOffer, searched: SearchedSlices): { place: string; airport: string }[] {
  const ends: { place: string; airport: string }[] = [];
  offer.slices.forEach((slice, index) => {
    const asked = searched[index];
    const first = slice.segments[0]?.origin ?? slice.origin;
    const last = slice.segments.at(-1)?.destination ?? slice.destination;
    ends.push({ place: asked?.origin ?? first, airport: first });
    ends.push({ place: asked?.destination ?? last, airport: last });
  });
  return ends;
}

/** Which part of the view to leave out when counting for one control (the grid ignores its own two filters). */
type Except = 'airlines' | 'stops' | 'airports';

function passes(
  offer: FlightOffer,
  view: ResultView,
  price: Money,
  searched: SearchedSlices,
  narrowed: ReadonlySet<string>,
  except: readonly Except[] = [],
): boolean {
  if (!except.includes('stops') && view.stops.length > 0 && !view.stops.includes(stopClassOf(offer)))
    return false;
  if (
    !except.includes('airlines') &&
    view.airlines.length > 0 &&
    !view.airlines.includes(offer.validating_airline)
  )
    return false;
  if (view.bags && !hasCheckedBag(offer)) return false;
  if (view.departFrom !== null && departureHour(offer) < view.departFrom) return false;
  if (view.departTo !== null && departureHour(offer) >= view.departTo) return false;
  const cents = toCents(price.amount);
  if (view.priceMin !== null && cents < BigInt(view.priceMin) * 100n) return false;
  if (view.priceMax !== null && cents > BigInt(view.priceMax) * 100n) return false;
  if (view.maxMinutes !== null && durationOf(offer) > view.maxMinutes) return false;
  if (!except.includes('airports') && narrowed.size > 0) {
    // At a place where the agent kept some of its airports, the offer uses only those; other places are as they are.
    for (const end of endsOf(offer, searched))
      if (narrowed.has(end.place) && !view.airports.includes(end.airport)) return false;
  }
  return true;
}

/** The places searched where the agent kept some of the airports the offers use there (London, of LHR and LGW). */
function narrowedPlaces(
  offers: readonly FlightOffer[],
  view: ResultView,
  searched: SearchedSlices,
): Set<string> {
  const places = new Set<string>();
  if (view.airports.length === 0) return places;
  for (const offer of offers)
    for (const end of endsOf(offer, searched)) if (view.airports.includes(end.airport)) places.add(end.place);
  return places;
}

/** Filters, then sorts; ties go by price, then id, so equal offers keep their places as batches arrive. */
export function viewOffers(
  offers: readonly FlightOffer[],
  view: ResultView,
  priceOf: PriceOf,
  searched: SearchedSlices,
): FlightOffer[] {
  const narrowed = narrowedPlaces(offers, view, searched);
  const rows = offers
    .map((offer) => ({ offer, price: priceOf(offer) }))
    .filter(({ offer, price }) => passes(offer, view, price, searched, narrowed))
    .map(({ offer, price }) => ({ offer, cents: toCents(price.amount) }));
  const key: Record<SortId, (row: (typeof rows)[number]) => bigint | number | string> = {
    price: (row) => row.cents,
    duration: (row) => durationOf(row.offer),
    departure: (row) => departureOf(row.offer),
  };
  const by = key[view.sort];
  return rows
    .sort((a, b) => {
      const x = by(a);
      const y = by(b);
      if (x < y) return -1;
      if (x > y) return 1;
      if (a.cents !== b.cents) return a.cents < b.cents ? -1 : 1;
      return a.offer.id < b.offer.id ? -1 : 1;
    })
    .map((row) => row.offer);
}

/** The offers each count is taken over: those the other filters keep (a count says what choosing it would show). */
function keptExcept(
  offers: readonly FlightOffer[],
  view: ResultView,
  priceOf: PriceOf,
  searched: SearchedSlices,
  except: readonly Except[],
) {
  const narrowed = narrowedPlaces(offers, view, searched);
  return offers.filter((offer) => passes(offer, view, priceOf(offer), searched, narrowed, except));
}

/** Each airline that validates an offer, by name, with how many offers the other filters leave it. */
export function airlineCounts(
  offers: readonly FlightOffer[],
  view: ResultView,
  priceOf: PriceOf,
  searched: SearchedSlices,
): { code: string; name: string; count: number }[] {
  const all = new Map<string, { code: string; name: string; count: number }>();
  for (const offer of offers)
    all.set(offer.validating_airline, { code: offer.validating_airline, name: offer.airline_name, count: 0 });
  for (const offer of keptExcept(offers, view, priceOf, searched, ['airlines'])) {
    const entry = all.get(offer.validating_airline);
    if (entry) entry.count += 1;
  }
  return [...all.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Stops (direct, 1, 2+) with how many offers the other filters leave each. */
export function stopCounts(
  offers: readonly FlightOffer[],
  view: ResultView,
  priceOf: PriceOf,
  searched: SearchedSlices,
): Map<number, number> {
  const counts = new Map<number, number>([
    [0, 0],
    [1, 0],
    [2, 0],
  ]);
  for (const offer of keptExcept(offers, view, priceOf, searched, ['stops']))
    counts.set(stopClassOf(offer), (counts.get(stopClassOf(offer)) ?? 0) + 1);
  return counts;
}

/**
 * The airports of each place searched that has more than one in the offers (London: LHR, LGW, STN…), each with how
 * many offers the other filters leave that use only it there (what ticking it alone shows); busiest first.
 */
export function airportGroups(
  offers: readonly FlightOffer[],
  view: ResultView,
  priceOf: PriceOf,
  searched: SearchedSlices,
): { place: string; airports: { code: string; count: number }[] }[] {
  const places = new Map<string, Map<string, number>>();
  for (const offer of offers)
    for (const end of endsOf(offer, searched)) {
      const airports = places.get(end.place) ?? new Map<string, number>();
      if (!airports.has(end.airport)) airports.set(end.airport, 0);
      places.set(end.place, airports);
    }
  for (const offer of keptExcept(offers, view, priceOf, searched, ['airports'])) {
    // Counted where the offer uses that airport alone at the place: what ticking it alone would show.
    const used = new Map<string, Set<string>>();
    for (const end of endsOf(offer, searched))
      used.set(end.place, (used.get(end.place) ?? new Set<string>()).add(end.airport));
    for (const [place, airports] of used) {
      const [only] = airports;
      const counts = places.get(place);
      if (airports.size === 1 && only !== undefined && counts) counts.set(only, (counts.get(only) ?? 0) + 1);
    }
  }
  return [...places.entries()]
    .filter(([, airports]) => airports.size > 1)
    .map(([place, airports]) => ({
      place,
      airports: [...airports.entries()]
        .map(([code, count]) => ({ code, count }))
        .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
    }));
}

/** The lowest and highest total of the offers, in whole units (down and up), for the price range's bounds. */
export function priceBounds(
  offers: readonly FlightOffer[],
  priceOf: PriceOf,
): { min: number; max: number } | null {
  let low: bigint | null = null;
  let high: bigint | null = null;
  for (const offer of offers) {
    const cents = toCents(priceOf(offer).amount);
    if (low === null || cents < low) low = cents;
    if (high === null || cents > high) high = cents;
  }
  if (low === null || high === null) return null;
  return { min: Number(low / 100n), max: Number((high + 99n) / 100n) };
}

/** The shortest and longest trip of the offers, in minutes. */
export function durationBounds(offers: readonly FlightOffer[]): { min: number; max: number } | null {
  if (offers.length === 0) return null;
  const minutes = offers.map(durationOf);
  return { min: Math.min(...minutes), max: Math.max(...minutes) };
}

export interface StopsGrid {
  /** The airlines, the cheapest first, each with its lowest total. */
  airlines: { code: string; name: string; lowest: Money }[];
  /** The stop classes some offer has (0 direct, 1, 2 for two or more). */
  stops: number[];
  /** The lowest total of an airline at a stop class, if it has one. */
  cell: (airline: string, stops: number) => Money | null;
}

/** The airline × stops grid of lowest prices, over the offers the other filters (not airline or stops) keep. */
export function stopsGrid(
  offers: readonly FlightOffer[],
  view: ResultView,
  priceOf: PriceOf,
  searched: SearchedSlices,
): StopsGrid {
  const cells = new Map<string, bigint>();
  const names = new Map<string, string>();
  const stops = new Set<number>();
  for (const offer of keptExcept(offers, view, priceOf, searched, ['airlines', 'stops'])) {
    const cents = toCents(priceOf(offer).amount);
    const key = `${offer.validating_airline}|${stopClassOf(offer)}`;
    const held = cells.get(key);
    if (held === undefined || cents < held) cells.set(key, cents);
    names.set(offer.validating_airline, offer.airline_name);
    stops.add(stopClassOf(offer));
  }
  const lowestOf = (code: string) =>
    [0, 1, 2].reduce<bigint | null>((low, n) => {
      const cents = cells.get(`${code}|${n}`);
      return cents !== undefined && (low === null || cents < low) ? cents : low;
    }, null) ?? 0n;
  const airlines = [...names.entries()]
    .map(([code, name]) => ({ code, name, cents: lowestOf(code) }))
    .sort((a, b) => (a.cents < b.cents ? -1 : a.cents > b.cents ? 1 : a.name.localeCompare(b.name)))
    .map(({ code, name, cents }) => ({ code, name, lowest: money(cents) }));
  return {
    airlines,
    stops: [...stops].sort((a, b) => a - b),
    cell: (airline, n) => {
      const cents = cells.get(`${airline}|${n}`);
      return cents === undefined ? null : money(cents);
    },
  };
}

/** Whether a grid cell is the filter in force now: its airline alone and its stops alone. */
export const isCellChosen = (view: ResultView, airline: string, stops: number) =>
  view.airlines.length === 1 &&
  view.airlines[0] === airline &&
  view.stops.length === 1 &&
  view.stops[0] === stops;

/** The URL change a grid cell makes: it sets its airline and stops, and clears both when it is the filter already. */
export const cellFilter = (view: ResultView, airline: string, stops: number) =>
  isCellChosen(view, airline, stops)
    ? { airlines: null, stops: null }
    : { airlines: airline, stops: String(stops) };

/**
 * What a row must say about airports that change where the agent would expect one: an open jaw (out to LGA, back
 * from JFK), a return to another airport of the city it left, a connection that changes airports. In words.
 */
export function airportChanges(offer: FlightOffer, searched: SearchedSlices): string[] {
  const said: string[] = [];
  const firstOf = (i: number) => offer.slices[i]?.segments[0]?.origin ?? offer.slices[i]?.origin;
  const lastOf = (i: number) => offer.slices[i]?.segments.at(-1)?.destination ?? offer.slices[i]?.destination;
  const count = offer.slices.length;
  const isReturn =
    count === 2 &&
    searched[0] !== undefined &&
    searched[1] !== undefined &&
    searched[0].origin === searched[1].destination &&
    searched[0].destination === searched[1].origin;
  offer.slices.forEach((slice, i) => {
    slice.segments.slice(1).forEach((segment, k) => {
      const landed = slice.segments[k]?.destination;
      if (landed && segment.origin !== landed)
        said.push(`Changes airport: lands ${landed}, leaves ${segment.origin}`);
    });
    const next = searched[i + 1];
    const landed = lastOf(i);
    const leaves = firstOf(i + 1);
    if (next && searched[i]?.destination === next.origin && landed && leaves && landed !== leaves)
      said.push(
        isReturn ? `Out to ${landed}, back from ${leaves}` : `Lands ${landed}, next flight leaves ${leaves}`,
      );
  });
  const start = firstOf(0);
  const end = lastOf(count - 1);
  if (
    count > 1 &&
    searched[0] !== undefined &&
    searched[0].origin === searched[count - 1]?.destination &&
    start &&
    end &&
    start !== end
  )
    said.push(`Returns to ${end}, not ${start}`);
  return said;
}

/**
 * The party's price in words: the total for all, and what each traveller's share is. "Each" when every traveller
 * is of one kind (adults only) and the total divides to the cent; else the average, said as one.
 */
export function partyPrice(
  total: Money,
  party: Party,
): { travellers: number; each: Money; average: boolean } {
  const travellers = Math.max(1, party.adults + party.children + party.infants);
  const kinds = [party.adults, party.children, party.infants].filter((n) => n > 0).length;
  const cents = toCents(total.amount);
  const n = BigInt(travellers);
  // Half up, to the cent.
  const each = (cents * 2n + n) / (2n * n);
  return { travellers, each: money(each), average: kinds > 1 || cents % n !== 0n };
}

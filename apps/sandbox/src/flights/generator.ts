import {
  type CabinClass,
  compareMoney,
  type FlightConditions,
  fromCents,
  money,
  type OfferPassenger,
  type ParsedFlightSearchRequest,
  type PassengerType,
  PROVIDERS,
} from '@console/contract';
import { AIRCRAFT, AIRLINE_BY_CODE, AIRLINES, type Airline } from '../data/airlines.ts';
import { AIRPORT_BY_CODE, type Airport, airportsFor, distanceKm } from '../data/airports.ts';
import { hashString, Rng } from '../lib/rng.ts';
import { formatZoned, zonedToUtc } from '../lib/timezones.ts';
import type { FlightOffer, FlightSegment, FlightSlice } from '../shapes.ts';

/** Fare brands: what the agent chooses between on one itinerary. */
const BRANDS = [
  {
    id: 'light',
    name: 'Light',
    priceFactor: 0.82,
    checked: 'no checked bag',
    refundable: false,
    changeFee: null,
  },
  {
    id: 'standard',
    name: 'Standard',
    priceFactor: 1,
    checked: '1 x 23 kg',
    refundable: false,
    changeFee: 150,
  },
  { id: 'flex', name: 'Flex', priceFactor: 1.45, checked: '2 x 23 kg', refundable: true, changeFee: 0 },
] as const;
type Brand = (typeof BRANDS)[number];

const CABIN_FACTOR: Record<CabinClass, number> = {
  economy: 1,
  premium_economy: 1.7,
  business: 3.6,
  first: 6.2,
};
const BOOKING_CLASS: Record<CabinClass, Record<Brand['id'], string>> = {
  economy: { light: 'O', standard: 'V', flex: 'Y' },
  premium_economy: { light: 'E', standard: 'W', flex: 'R' },
  business: { light: 'I', standard: 'D', flex: 'J' },
  first: { light: 'A', standard: 'A', flex: 'F' },
};
const PASSENGER_SHARE: Record<PassengerType, number> = { adult: 1, child: 0.75, infant: 0.1 };

interface Leg {
  from: Airport;
  to: Airport;
  carrier: Airline;
  distance: number;
  minutes: number;
}

interface Itinerary {
  carrier: Airline;
  legs: Leg[];
  /** Wall-clock departure from the first airport, minutes after midnight. */
  departureMinute: number;
  layovers: number[];
}

const roundTo5 = (minutes: number) => Math.max(5, Math.round(minutes / 5) * 5);
const flightMinutes = (km: number) => roundTo5((km / 820) * 60 + 30);

function leg(from: Airport, to: Airport, carrier: Airline): Leg {
  const distance = distanceKm(from, to);
  return { from, to, carrier, distance, minutes: flightMinutes(distance) };
}

/** Carriers that fly direct between two airports: those with a hub at either end. */
function directCarriers(from: Airport, to: Airport): Airline[] {
  const km = distanceKm(from, to);
  return AIRLINES.filter(
    (a) =>
      (a.hubs.includes(from.code) || a.hubs.includes(to.code)) && !(a.lowCost && km > 3500) && km <= 15500,
  );
}

/** One-stop routings through a carrier's hub, when the detour is modest. */
function connections(from: Airport, to: Airport): { carrier: Airline; hub: Airport }[] {
  const direct = distanceKm(from, to);
  const out: { carrier: Airline; hub: Airport }[] = [];
  for (const carrier of AIRLINES) {
    if (carrier.lowCost) continue;
    for (const hubCode of carrier.hubs) {
      const hub = AIRPORT_BY_CODE.get(hubCode);
      if (!hub || hub.code === from.code || hub.code === to.code) continue;
      const a = distanceKm(from, hub);
      const b = distanceKm(hub, to);
      if (a > 14000 || b > 14000 || a < 150 || b < 150) continue;
      const detour = (a + b) / Math.max(direct, 1);
      if (detour <= (direct < 2000 ? 1.9 : 1.35)) out.push({ carrier, hub });
    }
  }
  return out;
}

function itinerariesFor(origin: string, destination: string, date: string, rng: Rng): Itinerary[] {
  const out: Itinerary[] = [];
  for (const from of airportsFor(origin)) {
    for (const to of airportsFor(destination)) {
      if (from.code === to.code) continue;
      for (const carrier of directCarriers(from, to)) {
        const flightsPerDay = rng.int(1, distanceKm(from, to) < 3000 ? 4 : 2);
        for (let i = 0; i < flightsPerDay; i += 1) {
          out.push({
            carrier,
            legs: [leg(from, to, carrier)],
            departureMinute: rng.int(6 * 12, 22 * 12) * 5,
            layovers: [],
          });
        }
      }
      for (const { carrier, hub } of connections(from, to)) {
        const departures = rng.int(1, 2);
        for (let i = 0; i < departures; i += 1) {
          out.push({
            carrier,
            legs: [leg(from, hub, carrier), leg(hub, to, carrier)],
            departureMinute: rng.int(6 * 12, 23 * 12) * 5,
            layovers: [rng.int(12, 48) * 5],
          });
        }
      }
    }
  }
  // Days are seeded by date too, so Tuesday and Friday differ.
  return out.filter(() => !rng.chance(hashString(date) % 7 === 0 ? 0.2 : 0.05));
}

function aircraftFor(km: number, rng: Rng) {
  const pool: readonly { code: string; name: string }[] =
    km < 1500 ? AIRCRAFT.short : km < 5000 ? AIRCRAFT.medium : AIRCRAFT.long;
  return rng.pick(pool);
}

function buildSlice(
  itinerary: Itinerary,
  date: string,
  cabin: CabinClass,
  brand: Brand,
  rng: Rng,
): FlightSlice {
  const segments: FlightSegment[] = [];
  const first = itinerary.legs[0];
  if (!first) throw new Error('an itinerary has at least one leg');
  let departUtc = zonedToUtc(date, itinerary.departureMinute, first.from.timeZone);
  for (const [index, l] of itinerary.legs.entries()) {
    const arriveUtc = departUtc + l.minutes * 60_000;
    const aircraft = aircraftFor(l.distance, rng);
    const number = `${l.carrier.code}${rng.int(1, 9) * 100 + rng.int(0, 99)}`;
    segments.push({
      origin: l.from.code,
      destination: l.to.code,
      departing_at: formatZoned(departUtc, l.from.timeZone),
      arriving_at: formatZoned(arriveUtc, l.to.timeZone),
      marketing_carrier: l.carrier.code,
      operating_carrier: l.carrier.code,
      flight_number: number,
      aircraft: aircraft.code,
      aircraft_name: aircraft.name,
      booking_class: BOOKING_CLASS[cabin][brand.id],
      cabin_class: cabin,
      stops: 0,
      seats_remaining: rng.int(1, 9),
      duration_minutes: l.minutes,
      baggage: {
        checked: cabin === 'economy' ? brand.checked : brand.id === 'light' ? '1 x 32 kg' : '2 x 32 kg',
        cabin: '1 x 8 kg',
      },
    });
    departUtc = arriveUtc + (itinerary.layovers[index] ?? 0) * 60_000;
  }
  const lastSegment = segments.at(-1);
  const firstSegment = segments[0];
  const total =
    firstSegment && lastSegment
      ? Math.round((Date.parse(lastSegment.arriving_at) - Date.parse(firstSegment.departing_at)) / 60_000)
      : 0;
  return {
    origin: first.from.code,
    destination: itinerary.legs.at(-1)?.to.code ?? first.to.code,
    duration_minutes: total,
    segments,
  };
}

/** The passengers of a request in order: adults, children, infants. */
function passengerTypes(request: ParsedFlightSearchRequest): PassengerType[] {
  const { adults, children, infants } = request.passengers;
  return [
    ...Array<PassengerType>(adults).fill('adult'),
    ...Array<PassengerType>(children).fill('child'),
    ...Array<PassengerType>(infants).fill('infant'),
  ];
}

function priceOffer(
  types: PassengerType[],
  km: number,
  cabin: CabinClass,
  brand: Brand,
  carrierFactor: number,
  connecting: boolean,
  daysAhead: number,
  segmentCount: number,
  idBase: string,
): { passengers: OfferPassenger[]; base: bigint; tax: bigint } {
  const urgency = daysAhead < 7 ? 1.35 : daysAhead < 21 ? 1.12 : 1;
  const adultBase =
    (45 + 0.085 * km) *
    CABIN_FACTOR[cabin] *
    brand.priceFactor *
    carrierFactor *
    (connecting ? 0.88 : 1) *
    urgency;
  const adultBaseCents = BigInt(Math.round(adultBase) * 100);
  const adultTaxCents = BigInt(Math.round(adultBase * 0.16 * 100) + segmentCount * 2340);
  let base = 0n;
  let tax = 0n;
  const passengers = types.map((type, index) => {
    const share = PASSENGER_SHARE[type];
    const paxBase = BigInt(Math.round((Number(adultBaseCents) * share) / 100)) * 100n;
    const paxTax = type === 'infant' ? adultTaxCents / 5n : adultTaxCents;
    base += paxBase;
    tax += paxTax;
    return {
      id: `pas_${idBase}${String(index).padStart(2, '0')}`,
      type,
      base: money(paxBase),
      tax: money(paxTax),
      total: money(paxBase + paxTax),
    };
  });
  return { passengers, base, tax };
}

export interface GeneratedOffer {
  offer: FlightOffer;
  provider: (typeof PROVIDERS)[number];
  brand: Brand['id'];
  /** The price re-pricing will move to, for about one offer in seven; null when it holds. */
  repricedTotal: string | null;
}

/**
 * Every offer for a search, seeded by the request alone: the same request always gives the same offers
 * (ids aside). Offers combine one itinerary per slice on one validating carrier, in three fare brands.
 */
export function generateOffers(
  request: ParsedFlightSearchRequest,
  options: { todayIso: string; newOfferId: () => string; expiresAt: string },
): GeneratedOffer[] {
  const cabin = request.cabin_class ?? 'economy';
  const seed = JSON.stringify([request.slices, request.passengers, cabin]);
  const rng = new Rng(seed);
  const types = passengerTypes(request);
  const perSlice = request.slices.map((slice) =>
    itinerariesFor(slice.origin, slice.destination, slice.departure_date, rng).map((it) => ({
      it,
      date: slice.departure_date,
    })),
  );
  const carriers = new Set(perSlice[0]?.map((x) => x.it.carrier.code) ?? []);
  for (const list of perSlice.slice(1)) {
    const here = new Set(list.map((x) => x.it.carrier.code));
    for (const code of carriers) if (!here.has(code)) carriers.delete(code);
  }
  const firstDate = request.slices[0]?.departure_date ?? options.todayIso;
  const daysAhead = Math.max(0, (Date.parse(firstDate) - Date.parse(options.todayIso)) / 86_400_000);
  const out: GeneratedOffer[] = [];
  for (const code of [...carriers].sort()) {
    const carrier = AIRLINE_BY_CODE.get(code);
    if (!carrier) continue;
    if (carrier.lowCost && cabin !== 'economy') continue;
    const carrierFactor = 0.85 + (hashString(code) % 40) / 100;
    const choices = perSlice.map((list) =>
      list.filter((x) => x.it.carrier.code === code).slice(0, request.slices.length > 1 ? 4 : 12),
    );
    // Combine slices: the cartesian product, capped so a long multi-city trip stays bounded.
    let combos: (typeof choices)[number][number][][] = [[]];
    for (const list of choices) {
      const next: typeof combos = [];
      for (const combo of combos)
        for (const choice of list) if (next.length < 48) next.push([...combo, choice]);
      combos = next;
    }
    for (const combo of combos) {
      const brands = carrier.lowCost ? BRANDS.slice(0, 2) : BRANDS;
      for (const brand of brands) {
        const itemRng = new Rng(
          `${seed}|${code}|${combo.map((c) => `${c.it.departureMinute}${c.it.legs.map((l) => l.to.code).join()}`).join('/')}|${brand.id}`,
        );
        const slices = combo.map((c) => buildSlice(c.it, c.date, cabin, brand, itemRng));
        const km = combo.reduce((sum, c) => sum + c.it.legs.reduce((s, l) => s + l.distance, 0), 0);
        const segmentCount = slices.reduce((n, s) => n + s.segments.length, 0);
        const connecting = combo.some((c) => c.it.legs.length > 1);
        const id = options.newOfferId();
        const priced = priceOffer(
          types,
          km,
          cabin,
          brand,
          carrierFactor,
          connecting,
          daysAhead,
          segmentCount,
          id.slice(4, 22),
        );
        const totalCents = priced.base + priced.tax;
        const moves = itemRng.chance(1 / 7);
        out.push({
          offer: {
            object: 'flight_offer',
            id,
            owner: carrier.code,
            validating_airline: carrier.code,
            airline_name: carrier.name,
            cabin_class: cabin,
            total: money(totalCents),
            base: money(priced.base),
            tax: money(priced.tax),
            passengers: priced.passengers,
            slices,
            expires_at: options.expiresAt,
          },
          provider: PROVIDERS[hashString(`${code}${brand.id}`) % PROVIDERS.length] ?? 'gts',
          brand: brand.id,
          repricedTotal: moves ? fromCents((totalCents * BigInt(100 + itemRng.int(3, 9))) / 100n) : null,
        });
      }
    }
  }
  out.sort((a, b) => compareMoney(a.offer.total, b.offer.total));
  return out;
}

/** Fare rules and baggage of an offer, from its brand. */
export function conditionsFor(offer: FlightOffer, brandId: string): FlightConditions {
  const brand = BRANDS.find((b) => b.id === brandId) ?? BRANDS[1];
  const rules = [
    {
      category: 'Changes',
      text:
        brand.changeFee === null
          ? 'Changes are not permitted.'
          : brand.changeFee === 0
            ? 'Changes permitted free of charge; any fare difference applies.'
            : `Changes permitted for USD ${brand.changeFee}.00 per passenger plus any fare difference.`,
    },
    {
      category: 'Cancellation',
      text: brand.refundable
        ? 'Fully refundable before departure.'
        : brand.id === 'standard'
          ? 'Refundable before departure less a penalty of USD 150.00 per ticket.'
          : 'Non-refundable; government taxes are refunded on request.',
    },
    { category: 'No-show', text: 'A no-show cancels all later flights of the booking.' },
    { category: 'Fare brand', text: `${brand.name} fare (${offer.cabin_class.replace('_', ' ')}).` },
  ];
  return {
    object: 'flight_conditions',
    offer_id: offer.id,
    fare_type: brand.id === 'light' ? 1 : brand.id === 'standard' ? 2 : 3,
    fare_rules: offer.slices.map((slice) => ({
      airline: offer.validating_airline,
      route: `${slice.origin}-${slice.destination}`,
      rules,
    })),
    baggage: offer.slices.flatMap((slice) =>
      slice.segments.map((s) => ({
        origin: s.origin,
        destination: s.destination,
        flight_number: s.flight_number,
        allowance: `${s.baggage.checked}; cabin ${s.baggage.cabin}`,
      })),
    ),
  };
}

/** The refund penalty per ticket of a brand: flex 0, standard 150.00, light the whole base fare. */
export function refundPenaltyCents(brandId: string, fareCents: bigint, baseCents: bigint): bigint {
  if (brandId === 'flex') return 0n;
  if (brandId === 'standard') return fareCents < 15000n ? fareCents : 15000n;
  return baseCents;
}

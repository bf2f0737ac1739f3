import {
  type Facet,
  type HotelFilters,
  type Money,
  money,
  type Occupancy,
  type ParsedHotelSearchRequest,
  percentOfMoney,
  subtractMoney,
  toCents,
} from '@console/contract';
import { DAY, HOUR } from '../lib/clock.ts';
import { hashString, Rng } from '../lib/rng.ts';
import { formatZoned, zonedToUtc } from '../lib/timezones.ts';
import type { Cancellation, HotelCitySearch, HotelRate, HotelSummary } from '../shapes.ts';
import {
  type CatalogueHotel,
  CHAINS,
  catalogue,
  FACILITIES,
  MEAL_NAMES,
  type MealKey,
  PROPERTY_TYPES,
  ROOM_FACILITIES,
  type RoomType,
} from './catalogue.ts';

const MEAL_PER_PERSON_NIGHT: Record<MealKey, number> = {
  room_only: 0,
  self_catering: 0,
  breakfast: 16,
  breakfast_lunch: 38,
  breakfast_dinner: 42,
  full_board: 65,
  all_inclusive: 105,
};

export const SORTS = [
  { id: 'popularity', name: 'Most popular' },
  { id: 'price', name: 'Lowest price' },
  { id: 'review_score', name: 'Best reviewed' },
  { id: 'stars_desc', name: 'Stars (high to low)' },
  { id: 'stars_asc', name: 'Stars (low to high)' },
  { id: 'distance', name: 'Distance from centre' },
];

export function reviewWord(score: number | null): string | null {
  if (score === null) return null;
  if (score >= 9) return 'Wonderful';
  if (score >= 8.5) return 'Excellent';
  if (score >= 8) return 'Very good';
  if (score >= 7) return 'Good';
  if (score >= 6) return 'Pleasant';
  return 'Review score';
}

function nightsOf(checkIn: string, checkOut: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${checkIn}T00:00:00Z`); t < Date.parse(`${checkOut}T00:00:00Z`); t += DAY) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

function fits(room: RoomType, occupancy: Occupancy): boolean {
  return occupancy.adults + occupancy.children.length <= room.maxOccupancy;
}

/** The price of one room for the stay, before discount, in cents. */
function roomPriceCents(
  h: CatalogueHotel,
  room: RoomType,
  meal: MealKey,
  refundable: boolean,
  nights: string[],
  occupancy: Occupancy,
): bigint {
  let total = 0;
  const people = occupancy.adults + occupancy.children.length * 0.5;
  for (const night of nights) {
    const date = new Date(`${night}T00:00:00Z`);
    const weekday = date.getUTCDay();
    const month = date.getUTCMonth();
    const season =
      month === 11 ? 1.2 : month === 6 || month === 7 ? 1.25 : month === 0 || month === 1 ? 0.9 : 1;
    const weekend = weekday === 5 || weekday === 6 ? 1.15 : 1;
    const jitter = 0.95 + (hashString(`${h.hotel.id}${night}`) % 100) / 1000;
    const occupancyFactor = 1 + 0.15 * (occupancy.adults - 1) + 0.1 * occupancy.children.length;
    total +=
      h.nightlyBase * room.priceFactor * season * weekend * jitter * occupancyFactor +
      MEAL_PER_PERSON_NIGHT[meal] * people;
  }
  return BigInt(Math.round(total * (refundable ? 1.12 : 1) * 100));
}

export interface RateSpec {
  room: RoomType;
  meal: MealKey;
  refundable: boolean;
  total: Money;
  totalBeforeDiscount: Money | null;
}

/** Every bookable combination of room, board and refundability for a stay, cheapest first. */
export function rateSpecs(
  h: CatalogueHotel,
  request: Pick<ParsedHotelSearchRequest, 'check_in' | 'check_out' | 'occupancies'>,
): RateSpec[] {
  const nights = nightsOf(request.check_in, request.check_out);
  const specs: RateSpec[] = [];
  for (const room of h.roomTypes) {
    if (!request.occupancies.every((o) => fits(room, o))) continue;
    for (const meal of h.meals) {
      for (const refundable of h.freeCancellation ? [false, true] : [false]) {
        let cents = 0n;
        for (const occupancy of request.occupancies)
          cents += roomPriceCents(h, room, meal, refundable, nights, occupancy);
        const before = money(cents);
        const total =
          h.discountPercent > 0 ? subtractMoney(before, percentOfMoney(before, h.discountPercent)) : before;
        specs.push({
          room,
          meal,
          refundable,
          total,
          totalBeforeDiscount: h.discountPercent > 0 ? before : null,
        });
      }
    }
  }
  return specs.sort((a, b) => Number(toCents(a.total.amount) - toCents(b.total.amount)));
}

/** The cancellation terms of a rate, from when it is booked. */
export function cancellationFor(
  spec: RateSpec,
  checkIn: string,
  nights: number,
  now: number,
  timeZone = 'UTC',
): { cancellation: Cancellation; refundableUntil: string | null } {
  // Times at the hotel, written in its local time with its offset (decision 049): check-in from 14:00, free
  // cancellation until 18:00 two days before.
  const checkInMs = zonedToUtc(checkIn, 14 * 60, timeZone);
  const at = (ms: number) => formatZoned(ms, timeZone);
  if (!spec.refundable) {
    return {
      cancellation: {
        non_refundable: true,
        policy_text: 'Non-refundable: cancelling at any time costs the full price.',
        policies: [{ starts_at: at(now), penalty: spec.total, description: 'Full price' }],
      },
      refundableUntil: null,
    };
  }
  const twoDaysBefore = new Date(Date.parse(`${checkIn}T00:00:00Z`) - 2 * DAY).toISOString().slice(0, 10);
  const freeUntil = Math.max(now + HOUR, zonedToUtc(twoDaysBefore, 18 * 60, timeZone));
  const firstNight = money(toCents(spec.total.amount) / BigInt(Math.max(1, nights)));
  return {
    cancellation: {
      non_refundable: false,
      policy_text: `Free cancellation until ${at(freeUntil).slice(0, 16).replace('T', ' ')} hotel time (${timeZone}); after that the first night (${firstNight.amount} USD) is charged, and from check-in the full price.`,
      policies: [
        { starts_at: at(freeUntil), penalty: firstNight, description: 'First night' },
        { starts_at: at(checkInMs), penalty: spec.total, description: 'Full price' },
      ],
    },
    refundableUntil: at(freeUntil),
  };
}

/** Builds a hotel_rate (without its id) for a spec. */
export function rateBody(
  h: CatalogueHotel,
  spec: RateSpec,
  request: Pick<ParsedHotelSearchRequest, 'check_in' | 'check_out' | 'occupancies'>,
  now: number,
): Omit<HotelRate, 'id'> {
  const nights = nightsOf(request.check_in, request.check_out).length;
  const rng = new Rng(`${h.hotel.id}${spec.room.name}${request.check_in}`);
  const { cancellation, refundableUntil } = cancellationFor(
    spec,
    request.check_in,
    nights,
    now,
    h.hotel.location.time_zone ?? 'UTC',
  );
  return {
    object: 'hotel_rate',
    check_in: request.check_in,
    check_out: request.check_out,
    nights,
    total: spec.total,
    total_before_discount: spec.totalBeforeDiscount,
    discount_percent: h.discountPercent,
    deal_badges: h.dealBadges,
    refundable: spec.refundable,
    refundable_until: refundableUntil,
    available_rooms: rng.int(request.occupancies.length, request.occupancies.length + 6),
    units: request.occupancies.length,
    board: MEAL_NAMES[spec.meal],
    board_basis: {
      room_only: 'RO',
      breakfast: 'BB',
      breakfast_lunch: 'BL',
      breakfast_dinner: 'HB',
      full_board: 'FB',
      all_inclusive: 'AI',
      self_catering: 'SC',
    }[spec.meal],
    board_included:
      spec.meal === 'room_only' || spec.meal === 'self_catering'
        ? []
        : spec.meal
            .split('_')
            .filter((w) => w !== 'full' && w !== 'board' && w !== 'all' && w !== 'inclusive')
            .concat(
              spec.meal === 'full_board'
                ? ['breakfast', 'lunch', 'dinner']
                : spec.meal === 'all_inclusive'
                  ? ['breakfast', 'lunch', 'dinner', 'drinks']
                  : [],
            ),
    rooms: request.occupancies.map((o) => ({
      name: spec.room.name,
      bed_type: spec.room.bedType,
      beds: spec.room.beds,
      bedrooms: spec.room.bedrooms,
      max_occupancy: spec.room.maxOccupancy,
      facilities: spec.room.facilities,
      occupancy: { adults: o.adults, children: o.children },
    })),
    cancellation,
  };
}

// ---------- city search ----------

type Group = keyof HotelFilters;

function matches(h: CatalogueHotel, key: Group, values: readonly (string | number | boolean)[]): boolean {
  if (values.length === 0) return true;
  const nums = values.filter((v): v is number => typeof v === 'number');
  switch (key) {
    case 'stars':
      return nums.includes(h.stars);
    case 'review_score':
      return (h.hotel.review_score ?? 0) >= Math.min(...nums);
    case 'meals':
      return values.some((v) => h.meals.some((m) => m === v));
    case 'free_cancellation':
      return h.freeCancellation;
    case 'adults_only':
      return h.adultsOnly;
    case 'sustainable':
      return h.sustainable;
    case 'distance_km':
      return (h.hotel.location.distance_km ?? 99) <= Math.max(...nums);
    case 'min_beds':
      return h.roomTypes.some((r) => r.beds >= Math.min(...nums));
    case 'min_bedrooms':
      return h.roomTypes.some((r) => r.bedrooms >= Math.min(...nums));
    case 'bed_type':
      return h.roomTypes.some((r) => values.includes(r.bedType));
    case 'property_type':
      return values.some((v) => v === h.propertyType.value || v === String(h.propertyType.value));
    case 'facility':
      return values.some((v) => typeof v === 'string' && h.facilities.includes(v));
    case 'room_facility':
      return values.some((v) => typeof v === 'string' && h.roomFacilities.includes(v));
    case 'district':
      return values.some((v) => Number(v) === h.districtId);
    case 'chain':
      return values.some((v) => v === h.chainId);
    case 'landmark':
      return values.some((v) => h.landmarkIds.includes(Number(v)));
  }
}

const FACET_DEFS: {
  key: Group;
  title: string;
  type: Facet['type'];
  options: (hotels: CatalogueHotel[]) => { value: string | number | boolean; name: string }[];
}[] = [
  {
    key: 'stars',
    title: 'Stars',
    type: 'enum',
    options: () =>
      [5, 4, 3, 2, 1, 0].map((v) => ({
        value: v,
        name: v === 0 ? 'Unrated' : `${v} star${v === 1 ? '' : 's'}`,
      })),
  },
  {
    key: 'review_score',
    title: 'Review score',
    type: 'range',
    options: () => [9, 8, 7, 6, 5].map((v) => ({ value: v, name: `${reviewWord(v)}: ${v}+` })),
  },
  {
    key: 'meals',
    title: 'Meals',
    type: 'enum',
    options: () =>
      (
        [
          'breakfast',
          'breakfast_lunch',
          'breakfast_dinner',
          'full_board',
          'all_inclusive',
          'self_catering',
        ] as const
      ).map((v) => ({ value: v, name: MEAL_NAMES[v] })),
  },
  {
    key: 'free_cancellation',
    title: 'Free cancellation',
    type: 'boolean',
    options: () => [{ value: true, name: 'Free cancellation' }],
  },
  {
    key: 'adults_only',
    title: 'Adults only',
    type: 'boolean',
    options: () => [{ value: true, name: 'Adults only' }],
  },
  {
    key: 'sustainable',
    title: 'Sustainability certified',
    type: 'boolean',
    options: () => [{ value: true, name: 'Sustainability certified' }],
  },
  {
    key: 'distance_km',
    title: 'Distance from centre',
    type: 'range',
    options: () => [1, 3, 5].map((v) => ({ value: v, name: `Less than ${v} km` })),
  },
  {
    key: 'min_beds',
    title: 'Beds',
    type: 'range',
    options: () => [1, 2, 3, 4, 5].map((v) => ({ value: v, name: `${v}+ bed${v === 1 ? '' : 's'}` })),
  },
  {
    key: 'min_bedrooms',
    title: 'Bedrooms',
    type: 'range',
    options: () => [1, 2, 3, 4].map((v) => ({ value: v, name: `${v}+ bedroom${v === 1 ? '' : 's'}` })),
  },
  {
    key: 'bed_type',
    title: 'Bed type',
    type: 'enum',
    options: () => [
      { value: 'double', name: 'Double bed' },
      { value: 'single', name: 'Single beds' },
    ],
  },
  {
    key: 'property_type',
    title: 'Property type',
    type: 'enum',
    options: () => PROPERTY_TYPES.map((p) => ({ value: p.value, name: p.name })),
  },
  {
    key: 'facility',
    title: 'Facilities',
    type: 'enum',
    options: () => FACILITIES.map(([value, name]) => ({ value, name })),
  },
  {
    key: 'room_facility',
    title: 'Room facilities',
    type: 'enum',
    options: () => ROOM_FACILITIES.map(([value, name]) => ({ value, name })),
  },
  {
    key: 'district',
    title: 'District',
    type: 'enum',
    options: (hotels) =>
      [...new Set(hotels.map((h) => h.districtId))].map((id) => ({
        value: id,
        name: catalogue().districtNames.get(id) ?? String(id),
      })),
  },
  {
    key: 'chain',
    title: 'Chain',
    type: 'enum',
    options: () => CHAINS.map((c) => ({ value: c.id, name: c.name })),
  },
  {
    key: 'landmark',
    title: 'Nearby landmarks',
    type: 'enum',
    options: (hotels) =>
      [...new Set(hotels.flatMap((h) => h.landmarkIds))]
        .sort()
        .map((id) => ({ value: id, name: catalogue().landmarkNames.get(id) ?? String(id) })),
  },
];

export function citySearch(
  cityId: number,
  request: ParsedHotelSearchRequest,
  extraFilters: HotelFilters,
): Omit<HotelCitySearch, 'id' | 'object' | 'mode'> {
  const all = catalogue().byCity.get(cityId) ?? [];
  const filters: Partial<Record<Group, (string | number | boolean)[]>> = {
    ...extraFilters,
    ...request.filters,
  };
  const groups = (Object.keys(filters) as Group[]).filter((k) => (filters[k]?.length ?? 0) > 0);
  const priced = all.map((h) => ({ h, specs: rateSpecs(h, request) })).filter((x) => x.specs.length > 0);
  const passesExcept = (x: (typeof priced)[number], skip: Group | null) =>
    groups.every((g) => g === skip || matches(x.h, g, filters[g] ?? []));
  const results = priced.filter((x) => passesExcept(x, null));
  const facets: Facet[] = FACET_DEFS.map((def) => {
    const base = priced.filter((x) => passesExcept(x, def.key));
    const options = def
      .options(all.filter((h) => priced.some((p) => p.h === h)))
      .map((o) => ({ ...o, count: base.filter((x) => matches(x.h, def.key, [o.value])).length }))
      .filter((o) => o.count > 0 || def.type !== 'enum' || ['stars', 'meals', 'bed_type'].includes(def.key));
    return { key: def.key, title: def.title, type: def.type, options };
  }).filter((f) => f.options.length > 0);
  const sort = request.sort ?? 'popularity';
  const lead = (x: (typeof priced)[number]) => toCents(x.specs[0]?.total.amount ?? '0.00');
  const byId = (a: (typeof priced)[number], b: (typeof priced)[number]) =>
    Number(a.h.hotel.id) - Number(b.h.hotel.id);
  results.sort((a, b) => {
    switch (sort) {
      case 'price':
        return Number(lead(a) - lead(b)) || byId(a, b);
      case 'stars_desc':
        return b.h.stars - a.h.stars || Number(lead(a) - lead(b)) || byId(a, b);
      case 'stars_asc':
        return a.h.stars - b.h.stars || Number(lead(a) - lead(b)) || byId(a, b);
      case 'review_score':
        return (
          (b.h.hotel.review_score ?? 0) - (a.h.hotel.review_score ?? 0) ||
          b.h.reviewCount - a.h.reviewCount ||
          byId(a, b)
        );
      case 'distance':
        return (a.h.hotel.location.distance_km ?? 0) - (b.h.hotel.location.distance_km ?? 0) || byId(a, b);
      default:
        return b.h.popularity - a.h.popularity || byId(a, b);
    }
  });
  const pageSize = request.page_size ?? 20;
  const totalPages = Math.max(1, Math.ceil(results.length / pageSize));
  const page = request.page ?? 1;
  const slice = results.slice((page - 1) * pageSize, page * pageSize);
  const adults = request.occupancies.reduce((n, o) => n + o.adults, 0);
  const children = request.occupancies.reduce((n, o) => n + o.children.length, 0);
  const nights = nightsOf(request.check_in, request.check_out).length;
  const offers: HotelSummary[] = slice.map(({ h, specs }) => {
    const cheapest = specs[0];
    return {
      object: 'hotel_summary',
      hotel_id: h.hotel.id,
      name: h.hotel.name,
      lead_rate: cheapest?.total ?? money('0.00'),
      lead_rate_before_discount: cheapest?.totalBeforeDiscount ?? null,
      discount_percent: h.discountPercent,
      deal_badges: h.dealBadges,
      meal_plan: cheapest && cheapest.meal !== 'room_only' ? MEAL_NAMES[cheapest.meal] : null,
      refundable: cheapest?.refundable ?? false,
      free_cancellation: h.freeCancellation,
      check_in: request.check_in,
      check_out: request.check_out,
      nights,
      occupancy: { adults, children },
      rating: h.stars,
      review_score: h.hotel.review_score,
      review_count: h.reviewCount,
      review_word: reviewWord(h.hotel.review_score),
      accommodation: h.propertyType.name,
      address: h.hotel.address,
      location: h.hotel.location,
      images: h.hotel.images,
    };
  });
  const applied: Record<string, (string | number | boolean)[]> = {};
  for (const g of groups) applied[g] = filters[g] ?? [];
  return {
    check_in: request.check_in,
    check_out: request.check_out,
    nights,
    total: results.length,
    sort,
    filters_applied: applied,
    sorts: SORTS,
    facets,
    pagination: {
      page,
      page_size: pageSize,
      total_pages: totalPages,
      has_next: page < totalPages,
      has_prev: page > 1,
    },
    offer_count: offers.length,
    offers,
  };
}

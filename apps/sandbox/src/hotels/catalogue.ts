import { distanceKm } from '../data/airports.ts';
import { CITY_SEEDS, type CitySeed } from '../data/hotel-cities.ts';
import { Rng } from '../lib/rng.ts';
import type { Hotel, HotelPlace } from '../shapes.ts';

/** The seeded hotel catalogue: places (cities, regions, countries, districts, landmarks, hotels) and properties. */

export const PROPERTY_TYPES = [
  { value: 1, name: 'Hotel' },
  { value: 2, name: 'Apartment' },
  { value: 3, name: 'Hostel' },
  { value: 4, name: 'Resort' },
  { value: 5, name: 'Guesthouse' },
  { value: 6, name: 'Bed and breakfast' },
] as const;

export const FACILITIES = [
  ['wifi', 'Free Wi-Fi'],
  ['parking', 'Parking'],
  ['pool', 'Swimming pool'],
  ['spa', 'Spa'],
  ['gym', 'Fitness centre'],
  ['restaurant', 'Restaurant'],
  ['bar', 'Bar'],
  ['airport_shuttle', 'Airport shuttle'],
  ['pets_allowed', 'Pets allowed'],
  ['ev_charging', 'EV charging'],
  ['family_rooms', 'Family rooms'],
  ['accessible', 'Accessible rooms'],
  ['front_desk_24h', '24-hour front desk'],
] as const;

export const ROOM_FACILITIES = [
  ['air_conditioning', 'Air conditioning'],
  ['balcony', 'Balcony'],
  ['kitchen', 'Kitchen'],
  ['sea_view', 'Sea view'],
  ['bathtub', 'Bathtub'],
  ['coffee_machine', 'Coffee machine'],
  ['soundproofing', 'Soundproofing'],
  ['private_pool', 'Private pool'],
] as const;

export const CHAINS = [
  { id: 'accor', name: 'Accor', brands: ['Novotel', 'ibis', 'Sofitel', 'Pullman', 'Mercure'] },
  { id: 'marriott', name: 'Marriott', brands: ['Marriott', 'Courtyard', 'Moxy', 'W'] },
  {
    id: 'hilton',
    name: 'Hilton',
    brands: ['Hilton', 'Hampton by Hilton', 'DoubleTree by Hilton', 'Canopy by Hilton'],
  },
  { id: 'ihg', name: 'IHG', brands: ['InterContinental', 'Holiday Inn', 'Kimpton', 'Hotel Indigo'] },
  { id: 'hyatt', name: 'Hyatt', brands: ['Hyatt Regency', 'Park Hyatt', 'Andaz', 'Hyatt Place'] },
  {
    id: 'radisson',
    name: 'Radisson',
    brands: ['Radisson Blu', 'Park Inn by Radisson', 'Radisson Collection'],
  },
] as const;

export const MEAL_NAMES = {
  room_only: 'Room only',
  breakfast: 'Breakfast included',
  breakfast_lunch: 'Breakfast and lunch',
  breakfast_dinner: 'Half board (breakfast and dinner)',
  full_board: 'Full board',
  all_inclusive: 'All inclusive',
  self_catering: 'Self catering',
} as const;
export type MealKey = keyof typeof MEAL_NAMES;

const WORDS = [
  'Lumière',
  'Central',
  'Royal',
  'Garden',
  'Harbour',
  'Park',
  'Riverside',
  'Opera',
  'Old Town',
  'Skyline',
  'Azure',
  'Olive',
  'Cedar',
  'Linden',
  'Atlas',
  'Aurora',
  'Meridian',
  'Sunset',
  'Marble',
  'Crown',
  'Orchard',
  'Velvet',
  'Amber',
  'Ivory',
  'Sapphire',
  'Heritage',
  'Beacon',
  'Citadel',
];
const PREFIX: Record<number, readonly string[]> = {
  1: ['Hotel', 'Grand Hotel', 'The', 'Boutique Hotel', 'Hotel'],
  2: ['Apartments', 'Residence', 'Suites'],
  3: ['Hostel', 'The Hostel'],
  4: ['Resort', 'Beach Resort', 'Palace Resort'],
  5: ['Guesthouse', 'Casa', 'Maison'],
  6: ['B&B', 'Chambres'],
};
const STREETS = ['Rue', 'Street', 'Avenue', 'Road', 'Lane', 'Square', 'Way', 'Boulevard'];

export interface RoomType {
  name: string;
  bedType: 'single' | 'double';
  beds: number;
  bedrooms: number;
  maxOccupancy: number;
  facilities: string[];
  priceFactor: number;
}

export interface CatalogueHotel {
  hotel: Hotel;
  cityId: number;
  districtId: number;
  landmarkIds: number[];
  propertyType: (typeof PROPERTY_TYPES)[number];
  stars: number;
  reviewCount: number;
  facilities: string[];
  roomFacilities: string[];
  chainId: string | null;
  meals: MealKey[];
  freeCancellation: boolean;
  adultsOnly: boolean;
  sustainable: boolean;
  roomTypes: RoomType[];
  nightlyBase: number;
  discountPercent: number;
  dealBadges: string[];
  popularity: number;
  /** A slow supplier: confirmation goes through `confirming` first. */
  slowSupplier: boolean;
}

export interface Catalogue {
  places: HotelPlace[];
  hotels: Map<number, CatalogueHotel>;
  byCity: Map<number, CatalogueHotel[]>;
  cityOfPlace: Map<number, number>;
  districtNames: Map<number, string>;
  landmarkNames: Map<number, string>;
}

const STAR_PRICE = [70, 45, 70, 110, 170, 320];

function roomTypesFor(rng: Rng, type: number, stars: number): RoomType[] {
  if (type === 2) {
    const sizes = rng.sample([1, 2, 3, 4], rng.int(2, 3)).sort();
    return sizes.map((bedrooms) => ({
      name:
        bedrooms === 1
          ? 'One-Bedroom Apartment'
          : `${['', 'One', 'Two', 'Three', 'Four'][bedrooms]}-Bedroom Apartment`,
      bedType: 'double',
      beds: Math.min(5, bedrooms + rng.int(0, 1)),
      bedrooms,
      maxOccupancy: bedrooms * 2 + 1,
      facilities: ['kitchen', 'air_conditioning', ...(rng.chance(0.5) ? ['balcony'] : [])],
      priceFactor: 0.8 + bedrooms * 0.45,
    }));
  }
  if (type === 3) {
    return [
      {
        name: 'Bed in 6-Bed Dormitory',
        bedType: 'single',
        beds: 1,
        bedrooms: 1,
        maxOccupancy: 1,
        facilities: [],
        priceFactor: 0.45,
      },
      {
        name: 'Private Twin Room',
        bedType: 'single',
        beds: 2,
        bedrooms: 1,
        maxOccupancy: 2,
        facilities: [],
        priceFactor: 1,
      },
    ];
  }
  const rooms: RoomType[] = [
    {
      name: 'Standard Double Room',
      bedType: 'double',
      beds: 1,
      bedrooms: 1,
      maxOccupancy: 2,
      facilities: ['air_conditioning'],
      priceFactor: 1,
    },
    {
      name: 'Superior Twin Room',
      bedType: 'single',
      beds: 2,
      bedrooms: 1,
      maxOccupancy: 2,
      facilities: ['air_conditioning', 'soundproofing'],
      priceFactor: 1.15,
    },
    {
      name: 'Family Room',
      bedType: 'double',
      beds: 3,
      bedrooms: 1,
      maxOccupancy: 4,
      facilities: ['air_conditioning', 'bathtub'],
      priceFactor: 1.45,
    },
  ];
  if (stars >= 4) {
    rooms.push({
      name: 'Deluxe King Room with Balcony',
      bedType: 'double',
      beds: 1,
      bedrooms: 1,
      maxOccupancy: 3,
      facilities: ['air_conditioning', 'balcony', 'coffee_machine', 'bathtub'],
      priceFactor: 1.4,
    });
    rooms.push({
      name: 'Junior Suite',
      bedType: 'double',
      beds: 2,
      bedrooms: 2,
      maxOccupancy: 4,
      facilities: [
        'air_conditioning',
        'coffee_machine',
        'bathtub',
        ...(type === 4 ? ['sea_view', 'private_pool'] : []),
      ],
      priceFactor: 2.1,
    });
  }
  return rooms;
}

function buildHotel(
  city: CitySeed,
  cityId: number,
  index: number,
  districtIds: number[],
  landmarkIds: number[],
): CatalogueHotel {
  const rng = new Rng(`${city.name}#${index}`);
  const id = 100_000 + cityId * 1000 + index;
  const typeRoll = rng.next();
  const propertyType =
    PROPERTY_TYPES[
      typeRoll < 0.62
        ? 0
        : typeRoll < 0.76
          ? 1
          : typeRoll < 0.83
            ? 2
            : typeRoll < 0.89
              ? 3
              : typeRoll < 0.95
                ? 4
                : 5
    ];
  const stars =
    propertyType.value === 3
      ? rng.int(1, 2)
      : propertyType.value === 4
        ? rng.int(4, 5)
        : propertyType.value === 2
          ? rng.chance(0.4)
            ? 0
            : rng.int(3, 4)
          : rng.int(2, 5);
  const districtIndex = rng.int(0, city.districts.length - 1);
  const district = city.districts[districtIndex] ?? city.districts[0];
  const districtId = districtIds[districtIndex] ?? 0;
  const lat = (district?.[1] ?? city.lat) + (rng.next() - 0.5) * 0.02;
  const lon = (district?.[2] ?? city.lon) + (rng.next() - 0.5) * 0.03;
  const chain = propertyType.value === 1 && stars >= 3 && rng.chance(0.3) ? rng.pick(CHAINS) : null;
  const word = rng.pick(WORDS);
  const name = chain
    ? `${rng.pick(chain.brands)} ${city.name} ${district?.[0] ?? ''}`.trim()
    : `${rng.pick(PREFIX[propertyType.value] ?? ['Hotel'])} ${word}${rng.chance(0.3) ? ` ${district?.[0] ?? ''}` : ''}`.trim();
  const facilities = FACILITIES.filter(([key]) => {
    if (key === 'wifi') return rng.chance(0.95);
    if (key === 'pool') return propertyType.value === 4 || (stars >= 4 && rng.chance(0.35));
    if (key === 'spa') return stars >= 4 && rng.chance(0.5);
    if (key === 'restaurant' || key === 'bar')
      return propertyType.value !== 2 && rng.chance(stars >= 3 ? 0.75 : 0.3);
    return rng.chance(0.35);
  }).map(([key]) => key);
  const roomTypes = roomTypesFor(rng, propertyType.value, stars);
  const roomFacilities = [...new Set(roomTypes.flatMap((r) => r.facilities))];
  const meals: MealKey[] = ['room_only'];
  if (propertyType.value === 2) meals.push('self_catering');
  else {
    if (rng.chance(0.85)) meals.push('breakfast');
    if (stars >= 3 && rng.chance(0.3)) meals.push('breakfast_dinner');
    if (stars >= 4 && rng.chance(0.12)) meals.push('breakfast_lunch');
    if (propertyType.value === 4) meals.push(rng.chance(0.5) ? 'all_inclusive' : 'full_board');
  }
  const reviewScore = Math.round((5.6 + rng.next() * 3.2 + stars * 0.15) * 10) / 10;
  const landmarksNear = landmarkIds.filter((_, i) => {
    const lm = city.landmarks[i];
    return lm ? distanceKm({ lat, lon }, { lat: lm[1], lon: lm[2] }) <= 1.5 : false;
  });
  const discount = rng.chance(0.3) ? rng.pick([10, 15, 20, 25]) : 0;
  const badges =
    discount > 0
      ? [rng.pick(['Member price', 'Limited-time deal', 'Early booking deal', 'Getaway deal'])]
      : [];
  const number = rng.int(1, 180);
  return {
    hotel: {
      id: String(id),
      name,
      chain: chain?.name ?? '', // a string in the document: empty for an independent property
      rating: stars,
      review_score: Math.min(9.9, reviewScore),
      address: {
        line1: `${number} ${word} ${rng.pick(STREETS)}`,
        city: city.name,
        postal_code: String(rng.int(10000, 99999)),
        country_code: city.countryCode,
        country: city.country,
      },
      contact: {
        phone: `+${rng.int(20, 99)}${rng.int(100000000, 999999999)}`,
        email: `stay@${name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')}.example`,
        website: null,
      },
      location: {
        latitude: Math.round(lat * 10000) / 10000,
        longitude: Math.round(lon * 10000) / 10000,
        distance_km: Math.round(distanceKm({ lat, lon }, { lat: city.lat, lon: city.lon }) * 10) / 10,
        district: district?.[0] ?? null,
        time_zone: city.timeZone,
      },
      images: [1, 2, 3].map((n) => `/media/hotels/${id}/${n}.svg`),
    },
    cityId,
    districtId,
    landmarkIds: landmarksNear,
    propertyType,
    stars,
    reviewCount: rng.int(12, 4800),
    facilities,
    roomFacilities,
    chainId: chain?.id ?? null,
    meals,
    freeCancellation: rng.chance(0.78),
    adultsOnly: propertyType.value !== 3 && rng.chance(0.08),
    sustainable: rng.chance(0.25),
    roomTypes,
    nightlyBase: Math.round(STAR_PRICE[stars] ?? 100) * city.priceFactor * (0.8 + rng.next() * 0.5),
    discountPercent: discount,
    dealBadges: badges,
    popularity: rng.int(1, 1000),
    slowSupplier: chain === null && index % 17 === 5,
  };
}

let cached: Catalogue | null = null;

export function catalogue(): Catalogue {
  if (cached) return cached;
  const places: HotelPlace[] = [];
  const hotels = new Map<number, CatalogueHotel>();
  const byCity = new Map<number, CatalogueHotel[]>();
  const cityOfPlace = new Map<number, number>();
  const districtNames = new Map<number, string>();
  const landmarkNames = new Map<number, string>();
  const countries = new Map<string, number>();
  const regions = new Map<string, number>();
  let district = 5001;
  let landmark = 6001;
  for (const [cityIndex, city] of CITY_SEEDS.entries()) {
    const cityId = 2001 + cityIndex;
    places.push({
      id: String(cityId),
      name: city.name,
      type: 'city',
      country: city.country,
      coordinates: { latitude: city.lat, longitude: city.lon },
    });
    cityOfPlace.set(cityId, cityId);
    if (!countries.has(city.countryCode)) {
      const id = 4001 + countries.size;
      countries.set(city.countryCode, id);
      places.push({
        id: String(id),
        name: city.country,
        type: 'country',
        country: city.country,
        coordinates: null,
      });
    }
    if (!regions.has(city.region)) {
      const id = 3001 + regions.size;
      regions.set(city.region, id);
      places.push({
        id: String(id),
        name: city.region,
        type: 'region',
        country: city.country,
        coordinates: null,
      });
    }
    const districtIds = city.districts.map(([name, lat, lon]) => {
      const id = district++;
      districtNames.set(id, name);
      cityOfPlace.set(id, cityId);
      places.push({
        id: String(id),
        name: `${name}, ${city.name}`,
        type: 'district',
        country: city.country,
        coordinates: { latitude: lat, longitude: lon },
      });
      return id;
    });
    const landmarkIds = city.landmarks.map(([name, lat, lon]) => {
      const id = landmark++;
      landmarkNames.set(id, name);
      cityOfPlace.set(id, cityId);
      places.push({
        id: String(id),
        name: `${name}, ${city.name}`,
        type: 'landmark',
        country: city.country,
        coordinates: { latitude: lat, longitude: lon },
      });
      return id;
    });
    const list: CatalogueHotel[] = [];
    const names = new Set<string>();
    for (let i = 0; i < city.hotels; i += 1) {
      const h = buildHotel(city, cityId, i, districtIds, landmarkIds);
      // Two properties of one city never share a name: agents tell them apart by it.
      for (let n = 2; names.has(h.hotel.name); n += 1)
        h.hotel.name = `${h.hotel.name.replace(/ \d+$/, '')} ${n}`;
      names.add(h.hotel.name);
      hotels.set(Number(h.hotel.id), h);
      list.push(h);
      places.push({
        id: h.hotel.id,
        name: `${h.hotel.name}, ${city.name}`,
        type: 'hotel',
        country: city.country,
        coordinates: { latitude: h.hotel.location.latitude, longitude: h.hotel.location.longitude },
      });
    }
    byCity.set(cityId, list);
  }
  cached = { places, hotels, byCity, cityOfPlace, districtNames, landmarkNames };
  return cached;
}

/**
 * Realistic examples of every payload, built from the spec's tables. Used by the contract's tests and by other
 * packages' tests as a starting point; not part of the runtime surface (import from '@console/contract/fixtures').
 */
import type {
  ActivityAvailability,
  ActivityBooking,
  ActivityBookingRequest,
  ActivityProduct,
  BookingOption,
  FlightConditions,
  FlightOffer,
  FlightOrder,
  FlightOrderRequest,
  FlightSearchRequest,
  Hotel,
  HotelCitySearch,
  HotelHotelSearch,
  HotelOrder,
  HotelOrderRequest,
  HotelRate,
  HotelSearchRequest,
} from './index.ts';

export const money = (amount: string) => ({ amount, currency: 'USD' as const });

export const flightSearchRequest: FlightSearchRequest = {
  slices: [
    { origin: 'LHR', destination: 'JFK', departure_date: '2026-12-10' },
    { origin: 'JFK', destination: 'LHR', departure_date: '2026-12-17' },
  ],
  passengers: { adults: 2, children: 1, infants: 0 },
  cabin_class: 'economy',
  provider: 'gts',
  max_offers: 200,
};

const segment = {
  origin: 'LHR',
  destination: 'JFK',
  departing_at: '2026-12-10T08:25:00+00:00',
  arriving_at: '2026-12-10T11:20:00-05:00',
  marketing_carrier: 'BA',
  operating_carrier: 'BA',
  flight_number: 'BA117',
  aircraft: '789',
  aircraft_name: 'Boeing 787-9',
  booking_class: 'V',
  cabin_class: 'economy' as const,
  stops: 0,
  seats_remaining: 7,
  duration_minutes: 475,
  baggage: { checked: '1 x 23 kg', cabin: '1 x 7 kg' },
};

export const flightOffer: FlightOffer = {
  object: 'flight_offer',
  id: 'ofr_0a1b2c3d4e5f6g7h8i9j',
  owner: 'BA',
  validating_airline: 'BA',
  airline_name: 'British Airways',
  cabin_class: 'economy',
  total: money('1234.50'),
  base: money('1000.00'),
  tax: money('234.50'),
  passengers: [
    {
      id: 'pas_aaaaaaaaaaaaaaaaaaaa',
      type: 'adult',
      base: money('400.00'),
      tax: money('93.80'),
      total: money('493.80'),
    },
    {
      id: 'pas_bbbbbbbbbbbbbbbbbbbb',
      type: 'adult',
      base: money('400.00'),
      tax: money('93.80'),
      total: money('493.80'),
    },
    {
      id: 'pas_cccccccccccccccccccc',
      type: 'child',
      base: money('200.00'),
      tax: money('46.90'),
      total: money('246.90'),
    },
  ],
  slices: [
    { origin: 'LHR', destination: 'JFK', duration_minutes: 475, segments: [segment] },
    {
      origin: 'JFK',
      destination: 'LHR',
      duration_minutes: 410,
      segments: [
        {
          ...segment,
          origin: 'JFK',
          destination: 'LHR',
          departing_at: '2026-12-17T18:30:00-05:00',
          arriving_at: '2026-12-18T06:20:00+00:00',
          flight_number: 'BA178',
          duration_minutes: 410,
        },
      ],
    },
  ],
  expires_at: '2026-11-21T00:00:00Z',
};

export const flightConditions: FlightConditions = {
  object: 'flight_conditions',
  offer_id: flightOffer.id,
  fare_type: 1,
  fare_rules: [
    {
      airline: 'BA',
      route: 'LHR-JFK',
      rules: [
        { category: 'Changes', text: 'Changes permitted for a fee of USD 150 plus any fare difference.' },
        { category: 'Cancellation', text: 'Refundable before departure less a USD 200 penalty.' },
      ],
    },
  ],
  baggage: [{ origin: 'LHR', destination: 'JFK', flight_number: 'BA117', allowance: '1 x 23 kg' }],
};

export const flightOrderRequest: FlightOrderRequest = {
  offer_id: flightOffer.id,
  passengers: [
    {
      type: 'adult',
      given_name: 'Amelia',
      family_name: 'Hart',
      date_of_birth: '1985-04-12',
      gender: 'female',
    },
    {
      type: 'adult',
      given_name: 'Tom',
      family_name: "O'Neil",
      date_of_birth: '1983-09-30',
      gender: 'male',
      nationality: 'GB',
      document: {
        number: '533401234',
        expires_on: '2030-01-01',
        country_code: 'GB',
        issued_on: '2020-01-02',
      },
    },
    { type: 'child', given_name: 'Isla', family_name: 'Hart', date_of_birth: '2018-06-01', gender: 'female' },
  ],
  contact: { email: 'amelia.hart@example.com', phone: '+442071234567' },
  client_reference: 'HART-XMAS',
};

export const flightOrder: FlightOrder = {
  object: 'flight_order',
  id: 'ord_0a1b2c3d4e5f6g7h8i9j',
  status: 'held',
  ticketing_deadline: '2026-11-21T23:59:00Z',
  validating_airline: 'BA',
  total: money('1234.50'),
  contact: { email: 'amelia.hart@example.com', phone: '+442071234567' },
  passengers: [
    {
      id: 'pas_aaaaaaaaaaaaaaaaaaaa',
      type: 'adult',
      given_name: 'Amelia',
      family_name: 'Hart',
      date_of_birth: '1985-04-12',
      gender: 'female',
      nationality: null,
      national_id: null,
      document: null,
      ticket_number: null,
    },
  ],
  segments: [{ ...segment, slice_index: 0 }],
  notes: [{ text: 'Window seats requested', created_at: '2026-11-20T10:00:00Z' }],
  offer_id: flightOffer.id,
  booking_reference: 'X7K2PQ',
  client_reference: 'HART-XMAS',
  created_at: '2026-11-20T09:59:00Z',
  refunded_amount: null,
};

export const hotel: Hotel = {
  id: '1001',
  name: 'Hotel Lumière Saint-Germain',
  chain: null,
  rating: 4,
  review_score: 8.7,
  address: {
    line1: '12 Rue Jacob',
    city: 'Paris',
    postal_code: '75006',
    country_code: 'FR',
    country: 'France',
  },
  contact: { phone: '+33143251234', email: 'desk@lumiere.example', website: null },
  location: { latitude: 48.8556, longitude: 2.3339, distance_km: 1.2, district: 'Saint-Germain-des-Prés' },
  images: ['https://images.example/hotels/1001/1.jpg'],
};

export const hotelSearchRequest: HotelSearchRequest = {
  check_in: '2026-12-10',
  check_out: '2026-12-13',
  city_id: 2001,
  occupancies: [{ adults: 2, children: [7] }, { adults: 1 }],
  sort: 'price',
  filters: {
    stars: [4, 5],
    meals: ['breakfast'],
    free_cancellation: [true],
    distance_km: [3],
    facility: ['wifi'],
  },
  page: 2,
  page_size: 20,
};

const cancellation = {
  non_refundable: false,
  policy_text: 'Free cancellation until 2026-12-08 12:00 UTC; after that the first night is charged.',
  policies: [{ starts_at: '2026-12-08T12:00:00Z', penalty: money('180.00'), description: 'First night' }],
};

export const hotelCitySearch: HotelCitySearch = {
  object: 'hotel_search',
  id: 'hsr_0a1b2c3d4e5f6g7h8i9j',
  mode: 'city',
  check_in: '2026-12-10',
  check_out: '2026-12-13',
  nights: 3,
  total: 143,
  sort: 'price',
  filters_applied: { stars: [4, 5] },
  sorts: [
    { id: 'price', name: 'Lowest price' },
    { id: 'popularity', name: 'Most popular' },
  ],
  facets: [
    {
      key: 'stars',
      title: 'Stars',
      type: 'enum',
      options: [
        { value: 4, name: '4 stars', count: 61 },
        { value: 5, name: '5 stars', count: 22 },
      ],
    },
    {
      key: 'free_cancellation',
      title: 'Free cancellation',
      type: 'boolean',
      options: [{ value: true, name: 'Free cancellation', count: 80 }],
    },
  ],
  pagination: { page: 2, page_size: 20, total_pages: 8, has_next: true, has_prev: true },
  offer_count: 1,
  offers: [
    {
      object: 'hotel_summary',
      hotel_id: '1001',
      name: hotel.name,
      lead_rate: money('540.00'),
      lead_rate_before_discount: money('600.00'),
      discount_percent: 10,
      deal_badges: ['Member price'],
      meal_plan: 'breakfast',
      refundable: true,
      free_cancellation: true,
      check_in: '2026-12-10',
      check_out: '2026-12-13',
      nights: 3,
      occupancy: { adults: 3, children: 1 },
      rating: 4,
      review_score: 8.7,
      review_count: 1284,
      review_word: 'Excellent',
      accommodation: 'Hotel',
      address: hotel.address,
      location: hotel.location,
      images: hotel.images,
    },
  ],
};

export const hotelRate: HotelRate = {
  object: 'hotel_rate',
  id: 'hrt_0a1b2c3d4e5f6g7h8i9j',
  check_in: '2026-12-10',
  check_out: '2026-12-13',
  nights: 3,
  total: money('540.00'),
  total_before_discount: money('600.00'),
  discount_percent: 10,
  deal_badges: ['Member price'],
  refundable: true,
  refundable_until: '2026-12-08T12:00:00Z',
  available_rooms: 3,
  units: 1,
  board: 'Breakfast included',
  board_basis: 'BB',
  board_included: ['breakfast'],
  hotel,
  rooms: [
    {
      name: 'Superior Double Room',
      bed_type: 'double',
      beds: 1,
      bedrooms: 1,
      max_occupancy: 3,
      facilities: ['wifi', 'air_conditioning'],
      occupancy: { adults: 2, children: [7] },
    },
  ],
  cancellation,
};

export const hotelHotelSearch: HotelHotelSearch = {
  object: 'hotel_search',
  id: 'hsr_0a1b2c3d4e5f6g7h8i9k',
  mode: 'hotel',
  check_in: '2026-12-10',
  check_out: '2026-12-13',
  nights: 3,
  hotel,
  total: 1,
  sort: null,
  filters_applied: {},
  sorts: [],
  facets: [],
  pagination: null,
  offer_count: 1,
  offers: [{ ...hotelRate, hotel: undefined }],
};

export const hotelOrderRequest: HotelOrderRequest = {
  rate_id: hotelRate.id,
  rooms: [
    {
      guests: [
        {
          given_name: 'Amelia',
          family_name: 'Hart',
          type: 'adult',
          title: 'ms',
          passport_number: '533401234',
        },
        { given_name: 'Isla', family_name: 'Hart', type: 'child' },
      ],
    },
  ],
  contact: { email: 'amelia.hart@example.com', phone: '+442071234567' },
  nationality: 'GB',
  note: 'Late arrival, around 23:00',
  client_reference: 'HART-PARIS',
};

export const hotelOrder: HotelOrder = {
  object: 'hotel_order',
  id: 'hor_0a1b2c3d4e5f6g7h8i9j',
  status: 'held',
  payment_deadline: '2026-11-22T12:00:00Z',
  check_in: '2026-12-10',
  check_out: '2026-12-13',
  nights: 3,
  total: money('540.00'),
  confirmation_number: null,
  voucher_number: null,
  hotel,
  contact: { email: 'amelia.hart@example.com', phone: '+442071234567' },
  rooms: [
    {
      name: 'Superior Double Room',
      board: 'Breakfast included',
      guests: [
        {
          given_name: 'Amelia',
          family_name: 'Hart',
          type: 'adult',
          title: 'ms',
          national_id: null,
          passport_number: '533401234',
        },
      ],
    },
  ],
  cancellation,
};

export const activityProduct: ActivityProduct = {
  object: 'activity_product',
  id: 'act_0a1b2c3d4e5f6g7h8i9j',
  title: 'Louvre Museum: Reserved Entry',
  title_translated: 'Musée du Louvre : entrée réservée',
  description: 'Skip the line and see the Mona Lisa with a timed entry ticket.',
  type: 'ticket',
  city: 'Paris',
  country: 'France',
  image_url: 'https://images.example/activities/louvre.jpg',
  from: money('22.00'),
  images: ['https://images.example/activities/louvre.jpg'],
  categories: ['museums', 'culture'],
  product_types: [
    {
      object: 'activity_product_type',
      id: 'apt_0a1b2c3d4e5f6g7h8i9j',
      title: 'Timed entry',
      title_translated: null,
    },
  ],
};

const option = (
  overrides: Partial<BookingOption> & Pick<BookingOption, 'id' | 'input_type'>,
): BookingOption => ({
  name: overrides.id,
  name_translated: null,
  description: null,
  description_translated: null,
  required: true,
  add_on: false,
  input_type_name: 'string',
  format_regex: null,
  valid_from: null,
  valid_to: null,
  price: money('0.00'),
  items: [],
  ...overrides,
});

/** One option of each of the 14 input types. */
export const everyInputType: BookingOption[] = [
  option({
    id: 'pickup_point',
    name: 'Pickup point',
    input_type: 1,
    input_type_name: 'list',
    items: [
      { label: 'Hotel lobby', label_translated: null, value: 'hotel', price: money('10.00') },
      { label: 'Meeting point', label_translated: null, value: 'meeting', price: money('0.00') },
    ],
  }),
  option({
    id: 'extras',
    name: 'Extras',
    input_type: 2,
    input_type_name: 'list_multiple',
    required: false,
    add_on: true,
    items: [
      { label: 'Audio guide', label_translated: null, value: 1, price: money('5.00') },
      { label: 'Lunch', label_translated: null, value: 2, price: money('15.50') },
    ],
  }),
  option({
    id: 'weight_kg',
    name: 'Weight (kg)',
    input_type: 3,
    input_type_name: 'number',
    format_regex: '^\\d{2,3}$',
  }),
  option({
    id: 'passport',
    name: 'Passport number',
    input_type: 4,
    input_type_name: 'string',
    format_regex: '^[A-Z0-9]{6,9}$',
    description: '6 to 9 capital letters or digits',
  }),
  option({
    id: 'wheelchair',
    name: 'Wheelchair',
    input_type: 5,
    input_type_name: 'boolean',
    required: false,
    add_on: true,
    price: money('7.25'),
  }),
  option({
    id: 'arrival_date',
    name: 'Arrival date',
    input_type: 6,
    input_type_name: 'date',
    valid_from: '2026-12-01',
    valid_to: '2026-12-31',
  }),
  option({ id: 'waiver', name: 'Signed waiver', input_type: 7, input_type_name: 'file' }),
  option({ id: 'photo', name: 'Photo', input_type: 8, input_type_name: 'image' }),
  option({ id: 'pickup_address', name: 'Pickup address', input_type: 9, input_type_name: 'address' }),
  option({ id: 'pickup_time', name: 'Pickup time', input_type: 10, input_type_name: 'time' }),
  option({
    id: 'landing',
    name: 'Landing',
    input_type: 11,
    input_type_name: 'datetime',
    valid_from: '2026-12-01',
  }),
  option({ id: 'nationality', name: 'Nationality', input_type: 12, input_type_name: 'country' }),
  option({ id: 'mobile', name: 'Mobile', input_type: 13, input_type_name: 'phone' }),
  option({ id: 'flight', name: 'Arrival flight', input_type: 14, input_type_name: 'flight_number' }),
];

/** A good answer for each option of everyInputType, by option id. */
export const goodAnswers: Record<string, unknown> = {
  pickup_point: 'hotel',
  extras: [1, 2],
  weight_kg: 72,
  passport: 'AB123456',
  wheelchair: true,
  arrival_date: '2026-12-10',
  waiver: { file_name: 'waiver.pdf', content_type: 'application/pdf', data_base64: 'JVBERi0xLjQK' },
  photo: { file_name: 'me.png', content_type: 'image/png', data_base64: 'iVBORw0KGgo=' },
  pickup_address: { line1: '12 Rue Jacob', city: 'Paris', postal_code: '75006', country_code: 'FR' },
  pickup_time: '08:30',
  landing: '2026-12-10T07:45',
  nationality: 'GB',
  mobile: '+33612345678',
  flight: 'AF1234',
};

/** A bad answer for each option of everyInputType, by option id. */
export const badAnswers: Record<string, unknown> = {
  pickup_point: 'rooftop',
  extras: [3],
  weight_kg: 7,
  passport: 'ab-12',
  wheelchair: 'yes',
  arrival_date: '2027-01-05',
  waiver: { file_name: 'waiver.pdf', content_type: 'application/pdf', data_base64: 'not base64!' },
  photo: { file_name: 'me.pdf', content_type: 'application/pdf', data_base64: 'JVBERi0xLjQK' },
  pickup_address: { line1: '', city: 'Paris', country_code: 'FR' },
  pickup_time: '25:00',
  landing: '2026-11-10T07:45',
  nationality: 'France',
  mobile: '0612345678',
  flight: 'Air France 1234',
};

export const activityAvailability: ActivityAvailability = {
  object: 'activity_availability',
  product_type_id: 'apt_0a1b2c3d4e5f6g7h8i9j',
  timezone: 'Europe/Paris',
  date: '2026-12-10',
  weekday: 'Thursday',
  available: true,
  capacity: [
    { category: 'adult', quantity: 12 },
    { category: 'child', quantity: 4 },
    { category: 'senior', quantity: 0 },
  ],
  dates: [],
  timeslots: [{ start_time: '09:00' }, { start_time: '13:30' }],
  rates: [
    { category: 'adult', price: money('22.00') },
    { category: 'child', price: money('11.00') },
    { category: 'senior', price: money('17.00') },
  ],
  booking_options: {
    per_booking: [everyInputType[0], everyInputType[8]].filter((o): o is BookingOption => o !== undefined),
    per_pax: [everyInputType[3], everyInputType[4]].filter((o): o is BookingOption => o !== undefined),
  },
};

export const activityBookingRequest: ActivityBookingRequest = {
  product_type_id: 'apt_0a1b2c3d4e5f6g7h8i9j',
  date: '2026-12-10',
  timeslot: '09:00',
  travelers: { adults: 2, children: 1, seniors: 0 },
  customer: { given_name: 'Amelia', family_name: 'Hart', email: 'amelia.hart@example.com', salutation: 'ms' },
  client_reference: 'HART-LOUVRE',
  options: {
    per_booking: [
      { id: 'pickup_point', value: 'hotel' },
      { id: 'pickup_address', value: { line1: '12 Rue Jacob', city: 'Paris', country_code: 'FR' } },
    ],
    per_pax: [
      [
        { id: 'passport', value: 'AB123456' },
        { id: 'wheelchair', value: true },
      ],
      [{ id: 'passport', value: 'CD654321' }],
      [{ id: 'passport', value: 'EF111222' }],
    ],
  },
};

export const activityBooking: ActivityBooking = {
  object: 'activity_booking',
  id: 'abk_0a1b2c3d4e5f6g7h8i9j',
  code: 'LVR-48213',
  product_type_id: 'apt_0a1b2c3d4e5f6g7h8i9j',
  title: 'Louvre Museum: Reserved Entry — Timed entry',
  date: '2026-12-10',
  timeslot: '09:00',
  status: 'held',
  total: money('72.25'),
  breakdown: [
    { label: 'Adult', category: 'adult', quantity: 2, unit_price: money('22.00'), amount: money('44.00') },
    { label: 'Child', category: 'child', quantity: 1, unit_price: money('11.00'), amount: money('11.00') },
    {
      label: 'Pickup point',
      category: 'option',
      quantity: 1,
      unit_price: money('10.00'),
      amount: money('10.00'),
    },
    {
      label: 'Wheelchair',
      category: 'option',
      quantity: 1,
      unit_price: money('7.25'),
      amount: money('7.25'),
    },
  ],
  customer: {
    salutation: 'ms',
    given_name: 'Amelia',
    family_name: 'Hart',
    email: 'amelia.hart@example.com',
    phone: null,
  },
  created_at: '2026-11-20T10:00:00Z',
};

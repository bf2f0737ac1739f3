import {
  ACTIVITY_BOOKING_STATUSES,
  type ActivityBookingStatus,
  type ActivityProductsQuery,
  ActivityProductsQuerySchema,
  type ActivitySort,
  DateSchema,
  TIME_PATTERN,
} from '@console/contract';
import { sentence } from '../../lib/format.ts';

/**
 * The activity desk's state in the URL.
 * Browse:  /activities?q=louvre&city=Paris&country=France&category=museums&min=10&max=80&sort=price_asc
 * Product: /activities/:productId?type=apt_…&date=2026-12-10&slot=09:00&adults=2&children=1&seniors=0
 * Booking: /activities/book/:typeId?product=act_…&date=…&slot=…&adults=…&children=…&seniors=…
 */

export const SORT_LABELS: Record<ActivitySort, string> = {
  popularity: 'Most popular',
  price_asc: 'Price, lowest first',
  price_desc: 'Price, highest first',
  title: 'Title, A to Z',
};

export interface BrowseForm {
  query: string;
  city: string;
  country: string;
  category: string;
  min: string;
  max: string;
  sort: ActivitySort;
  /** Titles also shown in this language where the supplier translated them. */
  language: string;
}

export const LANGUAGES = [
  { id: '', label: 'As supplied' },
  { id: 'de', label: 'German' },
  { id: 'es', label: 'Spanish' },
  { id: 'fr', label: 'French' },
  { id: 'it', label: 'Italian' },
  { id: 'nl', label: 'Dutch' },
] as const;

const URL_KEYS: Record<keyof BrowseForm, string> = {
  query: 'q',
  city: 'city',
  country: 'country',
  category: 'category',
  min: 'min',
  max: 'max',
  sort: 'sort',
  language: 'lang',
};

export function readBrowseForm(params: URLSearchParams): BrowseForm {
  const sort = params.get('sort');
  return {
    query: params.get('q') ?? '',
    city: params.get('city') ?? '',
    country: params.get('country') ?? '',
    category: params.get('category') ?? '',
    min: params.get('min') ?? '',
    max: params.get('max') ?? '',
    sort: sort && sort in SORT_LABELS ? (sort as ActivitySort) : 'popularity',
    language: LANGUAGES.some((l) => l.id === params.get('lang')) ? (params.get('lang') ?? '') : '',
  };
}

export function writeBrowseForm(form: BrowseForm): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, key] of Object.entries(URL_KEYS) as [keyof BrowseForm, string][]) {
    const value = form[field].trim();
    if (value && !(field === 'sort' && value === 'popularity')) params.set(key, value);
  }
  return params;
}

/**
 * The product query the URL asks for, checked with the contract: a bad price range comes back as a message for the
 * field rather than a request the service would refuse.
 */
/**
 * The category as the service names it: typed in any case, with spaces or underscores, it matches a category the
 * service has already shown ("Food and drink" → `food_and_drink`); anything else is sent as typed.
 */
export function categoryCode(typed: string, known: Iterable<string>): string {
  const key = (text: string) =>
    text
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ' ');
  const wanted = key(typed);
  for (const category of known) if (key(category) === wanted) return category;
  return typed.trim();
}

export function readProductsQuery(
  params: URLSearchParams,
  knownCategories: Iterable<string> = [],
):
  | { query: Omit<ActivityProductsQuery, 'after'>; problem: null }
  | { query: null; problem: { field: keyof BrowseForm; message: string } } {
  const form = readBrowseForm(params);
  const parsed = ActivityProductsQuerySchema.safeParse({
    ...(form.query ? { query: form.query } : {}),
    ...(form.city ? { city: form.city } : {}),
    ...(form.country ? { country: form.country } : {}),
    ...(form.category ? { category: categoryCode(form.category, knownCategories) } : {}),
    ...(form.min ? { min_price: form.min } : {}),
    ...(form.max ? { max_price: form.max } : {}),
    ...(form.language ? { language: form.language } : {}),
    sort: form.sort,
    limit: 12,
  });
  if (parsed.success) return { query: parsed.data, problem: null };
  const issue = parsed.error.issues[0];
  const key = issue?.path[0];
  const field: keyof BrowseForm =
    key === 'min_price' ? 'min' : key === 'max_price' ? 'max' : key === 'query' ? 'query' : 'query';
  const message = (issue?.message ?? 'is not valid').replace('min_price', 'the “Price from” amount');
  return {
    query: null,
    problem: { field, message: sentence(message) },
  };
}

export interface TravelerCounts {
  adults: number;
  children: number;
  seniors: number;
}

const count = (raw: string | null, min: number) => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n >= min && n <= 20 ? n : min;
};

/** What the agent has chosen for a product: type, date, timeslot and travellers. Invalid parts are dropped. */
export interface Selection {
  type: string | null;
  date: string | null;
  slot: string | null;
  travelers: TravelerCounts;
}

export function readSelection(params: URLSearchParams): Selection {
  const date = params.get('date');
  const slot = params.get('slot');
  return {
    type: params.get('type'),
    date: date && DateSchema.safeParse(date).success ? date : null,
    slot: slot && TIME_PATTERN.test(slot) ? slot : null,
    travelers: {
      adults: count(params.get('adults'), 1),
      children: count(params.get('children'), 0),
      seniors: count(params.get('seniors'), 0),
    },
  };
}

export function writeSelection(selection: Selection, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams(extra);
  if (selection.type) params.set('type', selection.type);
  if (selection.date) params.set('date', selection.date);
  if (selection.slot) params.set('slot', selection.slot);
  params.set('adults', String(selection.travelers.adults));
  if (selection.travelers.children) params.set('children', String(selection.travelers.children));
  if (selection.travelers.seniors) params.set('seniors', String(selection.travelers.seniors));
  return params;
}

export interface BookingsFilter {
  status: ActivityBookingStatus | '';
  email: string;
}

export function readBookingsFilter(params: URLSearchParams): BookingsFilter {
  const status = params.get('status');
  return {
    status: (ACTIVITY_BOOKING_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as ActivityBookingStatus)
      : '',
    email: params.get('email') ?? '',
  };
}

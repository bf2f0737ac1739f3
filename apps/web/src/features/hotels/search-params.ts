import {
  DateSchema,
  daysBetween,
  HOTEL_SEARCH_LIMITS,
  type HotelSearchRequest,
  HotelSearchRequestSchema,
  type HotelSort,
  HotelSortSchema,
  type Occupancy,
} from '@console/contract';
import { z } from 'zod';

/**
 * The hotel desk's state in the URL, so back/forward, a refresh and a shared link show the same page:
 * /hotels?place=2001&name=Paris&in=2026-12-20&out=2026-12-22&rooms=2,1.7&sort=price&page=2&size=20
 *        &f.stars=4,5&f.facility=wifi
 * `rooms` is one entry per room: adults, then each child's age, dot-separated ("2.5.9" = 2 adults, children 5 and 9).
 */
export const PAGE_SIZES = [10, 20, 50] as const;
const FILTER_PREFIX = 'f.';

export const RoomSchema = z.object({
  adults: z.number().int().min(1, { error: 'At least 1 adult' }).max(8, { error: 'At most 8 adults' }),
  children: z
    .array(
      z
        .number({ error: 'Enter the child’s age' })
        .int()
        .min(0, { error: 'Age 0 to 17' })
        .max(17, { error: 'Age 0 to 17' }),
    )
    .max(6, { error: 'At most 6 children' }),
});

/** The search form: where, when, who. Sort, filters and page live beside it in the URL. */
export const HotelFormSchema = z
  .object({
    place: z.string().regex(/^\d+$/, { error: 'Choose a destination from the list' }),
    placeName: z.string(),
    placeType: z.string(),
    checkIn: DateSchema,
    checkOut: DateSchema,
    rooms: z.array(RoomSchema).min(1).max(HOTEL_SEARCH_LIMITS.maxRooms),
  })
  .superRefine((f, ctx) => {
    if (f.placeType === 'region' || f.placeType === 'country')
      ctx.addIssue({
        code: 'custom',
        message: `${f.placeName} is a ${f.placeType}: choose a city, district, landmark or hotel in it`,
        path: ['place'],
      });
    const nights = daysBetween(f.checkIn, f.checkOut);
    if (nights < 1) ctx.addIssue({ code: 'custom', message: 'Check out after check-in', path: ['checkOut'] });
    if (nights > HOTEL_SEARCH_LIMITS.maxNights)
      ctx.addIssue({
        code: 'custom',
        message: `A stay is at most ${HOTEL_SEARCH_LIMITS.maxNights} nights`,
        path: ['checkOut'],
      });
  });
export type HotelForm = z.infer<typeof HotelFormSchema>;

export const writeRooms = (rooms: readonly Occupancy[]) =>
  rooms.map((room) => [room.adults, ...room.children].join('.')).join(',');

export function readRooms(value: string | null): Occupancy[] | null {
  if (!value) return null;
  const rooms = value.split(',').map((room) => {
    const [adults, ...children] = room.split('.').map(Number);
    return { adults: adults ?? Number.NaN, children };
  });
  return rooms.every((room) => RoomSchema.safeParse(room).success) ? rooms : null;
}

/** A filter value as the service takes it: numbers as numbers, `true` as a boolean, the rest as strings. */
const filterValue = (raw: string): string | number | boolean =>
  raw === 'true' ? true : /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;

/** The filters as the URL holds them; the contract checks them when the request is built. */
export type UrlFilters = Record<string, (string | number | boolean)[]>;

export function readFilters(params: URLSearchParams): UrlFilters {
  const filters: UrlFilters = {};
  for (const [key, value] of params) {
    if (!key.startsWith(FILTER_PREFIX) || !value) continue;
    filters[key.slice(FILTER_PREFIX.length)] = value.split(',').filter(Boolean).map(filterValue);
  }
  return filters;
}

/** The same params with `value` added to or removed from the `key` group; the page goes back to 1. */
export function toggleFilter(params: URLSearchParams, key: string, value: string | number | boolean) {
  const next = new URLSearchParams(params);
  const name = `${FILTER_PREFIX}${key}`;
  const current = (next.get(name) ?? '').split(',').filter(Boolean);
  const text = String(value);
  const values = current.includes(text) ? current.filter((v) => v !== text) : [...current, text];
  if (values.length > 0) next.set(name, values.join(','));
  else next.delete(name);
  next.delete('page');
  return next;
}

export function clearFilters(params: URLSearchParams) {
  const next = new URLSearchParams(params);
  for (const key of [...next.keys()]) if (key.startsWith(FILTER_PREFIX)) next.delete(key);
  next.delete('page');
  return next;
}

export const isFilterOn = (filters: UrlFilters, key: string, value: string | number | boolean) =>
  (filters[key] ?? []).some((v) => String(v) === String(value));

export interface HotelView {
  sort: HotelSort | undefined;
  page: number;
  pageSize: number;
}

export function readView(params: URLSearchParams): HotelView {
  const sort = HotelSortSchema.safeParse(params.get('sort'));
  const page = Number(params.get('page') ?? 1);
  const size = Number(params.get('size') ?? HOTEL_SEARCH_LIMITS.defaultPageSize);
  return {
    sort: sort.success ? sort.data : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : HOTEL_SEARCH_LIMITS.defaultPageSize,
  };
}

/** The form's values from the URL, or null when the URL holds no complete search. */
export function readForm(params: URLSearchParams): HotelForm | null {
  const form = {
    place: params.get('place') ?? '',
    placeName: params.get('name') ?? params.get('place') ?? '',
    placeType: params.get('type') ?? 'city',
    checkIn: params.get('in') ?? '',
    checkOut: params.get('out') ?? '',
    rooms: readRooms(params.get('rooms')) ?? [],
  };
  const parsed = HotelFormSchema.safeParse(form);
  return parsed.success ? parsed.data : null;
}

/** The URL for a new search from the form: sort and page size kept, filters and page reset. */
export function writeForm(form: HotelForm, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams({
    place: form.place,
    name: form.placeName,
    type: form.placeType,
    in: form.checkIn,
    out: form.checkOut,
    rooms: writeRooms(form.rooms),
  });
  for (const key of ['sort', 'size']) {
    const value = current.get(key);
    if (value) next.set(key, value);
  }
  return next;
}

/** Where, when and who only: what the hotel page and the booking page carry along. */
export const stayParams = (form: HotelForm) =>
  new URLSearchParams({ in: form.checkIn, out: form.checkOut, rooms: writeRooms(form.rooms) });

export function readCitySearch(params: URLSearchParams): HotelSearchRequest | null {
  const form = readForm(params);
  if (!form) return null;
  const view = readView(params);
  const filters = readFilters(params);
  // Filters from a URL are whatever was typed there: the contract decides whether the request can be sent.
  const parsed = HotelSearchRequestSchema.safeParse({
    check_in: form.checkIn,
    check_out: form.checkOut,
    city_id: Number(form.place),
    occupancies: form.rooms,
    page: view.page,
    page_size: view.pageSize,
    ...(view.sort ? { sort: view.sort } : {}),
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
  });
  return parsed.success ? parsed.data : null;
}

export function readHotelSearch(hotelId: string, params: URLSearchParams): HotelSearchRequest | null {
  const rooms = readRooms(params.get('rooms'));
  const checkIn = params.get('in') ?? '';
  const checkOut = params.get('out') ?? '';
  if (!rooms || !/^\d+$/.test(hotelId)) return null;
  const request: HotelSearchRequest = {
    check_in: checkIn,
    check_out: checkOut,
    hotel_id: Number(hotelId),
    occupancies: rooms,
  };
  return HotelSearchRequestSchema.safeParse(request).success ? request : null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 rooms: 2 adults; 1 adult and a child of 5" — what was searched, so the agent checks it before choosing. */
export function describeOccupancy(
  rooms: readonly { adults: number; children?: readonly number[] }[],
): string {
  const each = rooms.map((room) => {
    const children = room.children ?? [];
    const kids = children.length
      ? ` and ${children.length === 1 ? 'a child' : `${children.length} children`} of ${children.join(', ')}`
      : '';
    return `${plural(room.adults, 'adult', 'adults')}${kids}`;
  });
  return `${plural(rooms.length, 'room', 'rooms')}: ${each.join('; ')}`;
}

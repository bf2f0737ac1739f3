import { calendarDate } from '@console/contract';
import { unreadableDates } from '../../lib/link-reading.ts';
import { type HotelForm, readRooms } from './search-params.ts';

/** A link that holds no complete search, read as far as it can be, with what it left out and why. */
export function readLink(params: URLSearchParams): { values: Partial<HotelForm>; dropped: string[] } {
  const dropped = unreadableDates(params, { in: 'the check-in date', out: 'the check-out date' });
  const rooms = readRooms(params.get('rooms'));
  if (params.get('rooms') && !rooms) dropped.push(`the rooms “${params.get('rooms')}” cannot be read`);
  const place = params.get('place') ?? '';
  const values: Partial<HotelForm> = {
    ...(/^\d+$/.test(place)
      ? { place, placeName: params.get('name') ?? place, placeType: params.get('type') ?? 'city' }
      : {}),
    ...(calendarDate(params.get('in')) ? { checkIn: params.get('in') ?? '' } : {}),
    ...(calendarDate(params.get('out')) ? { checkOut: params.get('out') ?? '' } : {}),
    ...(rooms ? { rooms } : {}),
  };
  return { values, dropped };
}

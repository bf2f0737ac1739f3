import {
  HotelAddressSchema,
  HotelContactSchema,
  HotelLocationSchema,
  RoomSchema,
  readKnown,
  readKnownItems,
} from '@console/contract';

/**
 * The hotel fields the document leaves "not shown" (address, contact, location, rooms), read with the shapes the
 * console knows where a service sends them, and otherwise left for the generic view (decision 013).
 */
export const readAddress = (value: unknown) => readKnown(HotelAddressSchema, value);
export const readContact = (value: unknown) => readKnown(HotelContactSchema, value);
export const readLocation = (value: unknown) => readKnown(HotelLocationSchema, value);
export const readRateRooms = (rooms: readonly unknown[]) => readKnownItems(RoomSchema, rooms).known;

/** The rooms of a rate as a name: "Double room + Twin room", or "2 rooms" when their shape is not known. */
export function roomNames(rooms: readonly unknown[]): string {
  const known = readRateRooms(rooms);
  if (known.length === rooms.length && known.length > 0) return known.map((r) => r.name).join(' + ');
  return `${rooms.length} room${rooms.length === 1 ? '' : 's'}`;
}

/** Where a hotel is, in a few words: its district or city, and the distance from the centre when known. */
export function whereText(address: unknown, location: unknown): string {
  const a = readAddress(address);
  const l = readLocation(location);
  const place = l?.district ?? a?.city ?? '';
  const distance = l?.distance_km != null ? `${l.distance_km} km from the centre` : '';
  return [place, distance].filter(Boolean).join(' · ');
}

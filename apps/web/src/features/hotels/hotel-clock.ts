import { isTimeZoneName } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import type { PlaceClock } from '../../lib/time-zone.ts';

/**
 * A hotel's clock (decision 049). The document does not say a hotel's time zone (the inner fields of its location are
 * "not shown"), so every legal shape is read: a zone the location names (any key that says time zone), else the zone
 * at its coordinates (`latitude`/`longitude`, `lat`/`lng`/`lon`), found by @photostructure/tz-lookup, loaded only
 * when a page needs it; else the offset the service wrote the time with, said to be only that.
 */

type Open = { [key: string]: unknown };
const isOpen = (value: unknown): value is Open =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A zone named in a location: `time_zone`, `timezone`, `timeZone`, `tz`, `zone`, `iana_time_zone`… */
export function zoneNamedIn(location: unknown): string | null {
  if (!isOpen(location)) return null;
  for (const [key, value] of Object.entries(location)) {
    if (!/^(iana_?)?(time_?zone(_?id|_?name)?|tz(_?id)?|zone)$/i.test(key)) continue;
    if (typeof value === 'string' && isTimeZoneName(value)) return value;
    // A zone given as an object ({ id: "Europe/Paris", offset: "+01:00" }).
    if (isOpen(value))
      for (const inner of Object.values(value))
        if (typeof inner === 'string' && isTimeZoneName(inner) && inner.includes('/')) return inner;
  }
  return null;
}

const numberOf = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;

/** Coordinates in a location or a place: `latitude`/`longitude`, `lat`/`lng`/`lon`/`long`, or a nested object. */
export function coordinatesIn(location: unknown): { lat: number; lon: number } | null {
  if (!isOpen(location)) return null;
  const lat = numberOf(location.latitude ?? location.lat);
  const lon = numberOf(location.longitude ?? location.lng ?? location.lon ?? location.long);
  if (Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180)
    return { lat, lon };
  for (const key of ['coordinates', 'geo', 'position', 'point']) {
    const inner = coordinatesIn(location[key]);
    if (inner) return inner;
  }
  return null;
}

/** The IANA zone at a point on the map, or null where the lookup cannot say. */
export async function zoneAt(lat: number, lon: number): Promise<string | null> {
  const { default: lookup } = await import('@photostructure/tz-lookup');
  try {
    const zone = lookup(lat, lon);
    return isTimeZoneName(zone) ? zone : null;
  } catch {
    return null;
  }
}

/**
 * The clock a hotel's times are shown in: its zone (named, or at its coordinates), else the offset written in the
 * times themselves. Undefined while the zone at the coordinates is being looked up.
 */
export function useHotelClock(hotel: { location?: unknown } | null | undefined): PlaceClock | undefined {
  const named = zoneNamedIn(hotel?.location);
  const point = named ? null : coordinatesIn(hotel?.location);
  const lookedUp = useQuery({
    queryKey: ['hotel-zone', point?.lat ?? null, point?.lon ?? null],
    queryFn: () => (point ? zoneAt(point.lat, point.lon) : null),
    enabled: point !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (named) return { zone: named };
  if (point && lookedUp.isPending) return undefined;
  return lookedUp.data ? { zone: lookedUp.data } : { offsetAsWritten: true };
}

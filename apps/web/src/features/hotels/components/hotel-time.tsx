import { agentLocale, agentTimeZone, placeDeadline } from '../../../lib/time-zone.ts';
import { useHotelClock } from '../hotel-clock.ts';

/** A hotel's deadline in the hotel's time with its offset, and the agent's beside it (decision 049). */
export function HotelTime({ at, hotel }: { at: string; hotel: { location?: unknown } | null | undefined }) {
  const clock = useHotelClock(hotel);
  return <>{hotelTimeText(at, clock)}</>;
}

/** The same words as text (a toast). */
export function hotelTimeText(at: string, clock: ReturnType<typeof useHotelClock>): string {
  return placeDeadline(at, clock ?? null, { timeZone: agentTimeZone(), locale: agentLocale() }).text;
}

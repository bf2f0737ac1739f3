import { CabinClassSchema, calendarDate, IataCodeSchema } from '@console/contract';
import { z } from 'zod';
import { notADate, unreadableDates } from '../../lib/link-reading.ts';
import { readLegs, type SearchForm } from './search-params.ts';

const count = (min: number, max: number) => z.number().int().min(min).max(max);

/**
 * A link that holds no complete search, read as far as it can be: each part that reads is kept for the form, and each
 * part that does not is named in `dropped` (a date that is not in the calendar, a code that is not an airport's).
 */
export function readLink(params: URLSearchParams): { values: Partial<SearchForm>; dropped: string[] } {
  const dropped = unreadableDates(params, { depart: 'the outbound date', return: 'the return date' });
  const keep = <S extends z.ZodType>(
    key: string,
    schema: S,
    words: string,
    read = (v: string): unknown => v,
  ) => {
    const raw = params.get(key);
    if (raw === null || raw === '') return undefined;
    const parsed = schema.safeParse(read(raw));
    if (parsed.success) return parsed.data as z.output<S>;
    if (words)
      dropped.push(
        `${words} “${raw}” ${key === 'from' || key === 'to' ? 'is not a place code' : 'cannot be used'}`,
      );
    return undefined;
  };
  const legs = readLegs(params.get('legs'));
  legs.forEach((leg, i) => {
    if (calendarDate(leg.depart) === null) dropped.push(notADate(`flight ${i + 1}’s date`, leg.depart));
  });
  const values: Partial<SearchForm> = {
    trip: legs.length > 0 ? 'multi' : params.has('return') ? 'return' : 'oneway',
    legs: legs.map((leg) => ({ ...leg, depart: calendarDate(leg.depart) ?? '' })),
    from: keep('from', IataCodeSchema, 'the origin'),
    to: keep('to', IataCodeSchema, 'the destination'),
    depart: calendarDate(params.get('depart')) ?? undefined,
    return: calendarDate(params.get('return')) ?? undefined,
    adults: keep('adults', count(1, 9), 'the number of adults', Number),
    children: keep('children', count(0, 8), 'the number of children', Number),
    infants: keep('infants', count(0, 8), 'the number of infants', Number),
    cabin: keep('cabin', CabinClassSchema, 'the cabin'),
  };
  return {
    values: Object.fromEntries(
      Object.entries(values).filter(([, v]) => v !== undefined),
    ) as Partial<SearchForm>,
    dropped,
  };
}

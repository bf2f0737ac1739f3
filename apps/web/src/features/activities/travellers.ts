import { type ActivityAvailability, type TravelerCategory, travelerCategoryOf } from '@console/contract';
import type { TravelerCounts } from './search-params.ts';

export const CATEGORY: Record<TravelerCategory, { label: string; field: keyof TravelerCounts; min: number }> =
  {
    adult: { label: 'Adults', field: 'adults', min: 1 },
    child: { label: 'Children', field: 'children', min: 0 },
    senior: { label: 'Seniors', field: 'seniors', min: 0 },
  };

type Rate = ActivityAvailability['rates'][number];

/**
 * A date's rates as the console reads them: those a booking can carry, one per category whatever the service's
 * spelling (the first when it names one twice), and the others as written, to be shown but not booked.
 */
export function readRates(rates: ActivityAvailability['rates']): {
  bookable: (Rate & { as: TravelerCategory })[];
  other: Rate[];
} {
  const bookable: (Rate & { as: TravelerCategory })[] = [];
  const other: Rate[] = [];
  for (const rate of rates) {
    const as = travelerCategoryOf(rate.category);
    if (as === null) other.push(rate);
    else if (!bookable.some((known) => known.as === as)) bookable.push({ ...rate, as });
  }
  return { bookable, other };
}

/** Places left for a category on the chosen date; null when the supplier does not limit it. */
export function placesLeft(availability: ActivityAvailability, category: TravelerCategory): number | null {
  const entry = availability.capacity.find((c) => travelerCategoryOf(c.category) === category);
  return entry ? entry.quantity : null;
}

/** Places left for a category the console cannot book, by its name as written. */
export function placesLeftAsWritten(availability: ActivityAvailability, written: string): number | null {
  return availability.capacity.find((c) => c.category === written)?.quantity ?? null;
}

/** Why the travellers chosen cannot be booked on this date, or null when they can. */
export function travelersProblem(
  availability: ActivityAvailability,
  travelers: TravelerCounts,
): string | null {
  for (const category of ['adult', 'child', 'senior'] as const) {
    const wanted = travelers[CATEGORY[category].field];
    if (wanted === 0) continue;
    if (!availability.rates.some((r) => travelerCategoryOf(r.category) === category))
      return `This activity takes no ${CATEGORY[category].label.toLowerCase()}.`;
    const left = placesLeft(availability, category);
    if (left !== null && wanted > left)
      return left === 0
        ? `${CATEGORY[category].label} are sold out on this date.`
        : `Only ${left} ${CATEGORY[category].label.toLowerCase()} place${left === 1 ? '' : 's'} left on this date.`;
  }
  return null;
}

/** "2 adults, 1 child" */
export const describeTravelers = (t: TravelerCounts) =>
  [
    `${t.adults} adult${t.adults === 1 ? '' : 's'}`,
    t.children ? `${t.children} child${t.children === 1 ? '' : 'ren'}` : '',
    t.seniors ? `${t.seniors} senior${t.seniors === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(', ');

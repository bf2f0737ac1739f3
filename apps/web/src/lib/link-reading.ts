import { calendarDate } from '@console/contract';

/**
 * The dates a link carries that are not days of the calendar (`2027-02-31`), each in an agent's words: what the page
 * drops from the link and says it dropped. `labels` maps a URL key to what the date is ("the check-in date").
 */
export function unreadableDates(params: URLSearchParams, labels: Record<string, string>): string[] {
  const dropped: string[] = [];
  for (const [key, label] of Object.entries(labels)) {
    const value = params.get(key);
    if (value !== null && value !== '' && calendarDate(value) === null) dropped.push(notADate(label, value));
  }
  return dropped;
}

export const notADate = (label: string, value: string) => `${label} “${value}” is not a date in the calendar`;

import type { ReactElement } from 'react';
import type { ControlProps } from './shared.tsx';

/** Typed into one field: a number, text, a date, a time, a date and time, a phone number. */
export const TEXT_CONTROLS = {
  number: ({ input }) => input('text', { inputMode: 'decimal' }),
  string: ({ input }) => input('text'),
  date: ({ option, input }) =>
    input('date', { min: option.valid_from?.slice(0, 10), max: option.valid_to?.slice(0, 10) }),
  time: ({ input }) => input('time'),
  datetime: ({ option, input }) =>
    input('datetime-local', {
      min: option.valid_from ? `${option.valid_from.slice(0, 10)}T00:00` : undefined,
      max: option.valid_to ? `${option.valid_to.slice(0, 10)}T23:59` : undefined,
    }),
  phone: ({ input, description }) =>
    input('tel', {}, description ?? 'International format with the country code, e.g. +44 20 7123 4567'),
} satisfies Record<
  'number' | 'string' | 'date' | 'time' | 'datetime' | 'phone',
  (p: ControlProps) => ReactElement
>;

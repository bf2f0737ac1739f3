import { type KeyboardEvent, type Ref, useRef, useState } from 'react';
import { agentLocale, agentTimeZone } from '../lib/time-zone.ts';
import { readTypedDate, showDate, todayIn } from '../lib/typed-date.ts';
import { Field } from './field.tsx';
import './date-field.css';

interface Props {
  label: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  min?: string | undefined;
  max?: string | undefined;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A date typed as the agent says it, in their locale (decision 049): `12dec`, `12 Dec`, `12/12` (day/month or
 * month/day as the locale writes dates), `2026-12-12`; shown back in the locale's words once the field is left.
 * ArrowUp and ArrowDown move it a day; the browser's own calendar opens from the button beside it (or Alt+ArrowDown).
 * The value given and taken stays YYYY-MM-DD; the field carries it as `data-date` too.
 */
export function DateField({ label, value, onChange, onBlur, min, max, error, ref }: Props) {
  const locale = agentLocale();
  // What the agent is typing; null when the field shows the value in the locale's words.
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const shown = typed ?? (value ? showDate(value, locale) : '');

  /** What the text names, within min and max, or the problem with it. */
  const read = (text: string): { date: string | null; problem: string | null } => {
    const result = readTypedDate(text, todayIn(agentTimeZone()), locale);
    if ('empty' in result) return { date: null, problem: null };
    if ('problem' in result) return { date: null, problem: result.problem };
    if (min && result.date < min)
      return {
        date: null,
        problem: `${showDate(result.date, locale)} is too early: choose ${showDate(min, locale)} or later.`,
      };
    if (max && result.date > max)
      return {
        date: null,
        problem: `${showDate(result.date, locale)} is too late: choose ${showDate(max, locale)} or earlier.`,
      };
    return { date: result.date, problem: null };
  };

  const choose = (date: string | null) => {
    setTyped(null);
    setProblem(null);
    onChange(date);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && event.altKey) {
      event.preventDefault();
      openPicker();
      return;
    }
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const from = (typed === null ? value : read(typed).date) ?? min ?? todayIn(agentTimeZone());
    const next = dayAfter(from, event.key === 'ArrowUp' ? 1 : -1);
    if ((min && next < min) || (max && next > max)) return;
    choose(next);
  };

  const openPicker = () => {
    try {
      picker.current?.showPicker();
    } catch {
      // A browser without showPicker: the typed date is the way in.
    }
  };

  return (
    <Field label={label} error={problem ?? error}>
      {({ id, describedBy, invalid }) => (
        <span className="date-field">
          <input
            ref={ref}
            id={id}
            type="text"
            inputMode="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. 12 Dec"
            value={shown}
            data-date={value ?? ''}
            onChange={(event) => {
              const text = event.target.value;
              setTyped(text);
              const next = read(text);
              // The form always holds what the text names now (Enter submits without leaving the field).
              onChange(next.date);
              if (next.date || text.trim() === '') setProblem(null);
            }}
            onBlur={() => {
              if (typed !== null) {
                const next = read(typed);
                if (next.problem) setProblem(next.problem);
                else setTyped(null);
              }
              onBlur?.();
            }}
            onKeyDown={onKeyDown}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
          <button
            type="button"
            className="date-field-calendar"
            tabIndex={-1}
            aria-label="Open the calendar"
            title="Choose on a calendar"
            onClick={openPicker}
          >
            <span aria-hidden="true">▦</span>
          </button>
          <input
            ref={picker}
            type="date"
            className="date-field-picker"
            tabIndex={-1}
            aria-hidden="true"
            value={value ?? ''}
            min={min}
            max={max}
            onChange={(event) => choose(event.target.value || null)}
          />
        </span>
      )}
    </Field>
  );
}

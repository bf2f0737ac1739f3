import type { BookingChange, BulkChangesResult, Colleague } from '@console/contract';
import { useCombobox } from 'downshift';
import { type RefObject, useId, useRef, useState } from 'react';
import { useAssignChange, useBulkChanges, useColleagues, useSnoozeChange } from '../lib/changes.ts';
import { whenLocal } from '../lib/format.ts';
import { serviceNow } from '../lib/service-clock.ts';
import { agentTimeZone, instantOfWallClock } from '../lib/time-zone.ts';
import { todayIn } from '../lib/typed-date.ts';
import { ComboboxMenu } from './combobox-menu.tsx';
import { DateField } from './date-field.tsx';
import { ErrorNotice } from './error-notice.tsx';
import { Field } from './field.tsx';
import { ModalDialog } from './modal-dialog.tsx';
import { TextField } from './text-field.tsx';
import './change-queue.css';

/** The queue's dialogs and fields (decision 053), loaded when one opens: the booking pages do not carry them. */

/**
 * An active colleague, found by part of their name or e-mail (ARIA 1.2 combobox from Downshift): whom a change goes
 * to, who covers while one is away (decision 053).
 */
export function ColleagueCombobox({
  label,
  value,
  onChange,
  error,
  inputRef,
}: {
  label: string;
  value: Colleague | null;
  onChange: (colleague: Colleague | null) => void;
  error?: string | undefined;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const [text, setText] = useState(value?.name ?? '');
  const typed = value && text === value.name ? '' : text;
  const colleagues = useColleagues(typed.trim());
  const items = colleagues.data?.data ?? [];
  // The input keeps its own text (Downshift's state): each keystroke lands even while the list is being read.
  const combobox = useCombobox<Colleague>({
    items,
    initialInputValue: value?.name ?? '',
    selectedItem: value,
    itemToString: (person) => person?.name ?? '',
    itemToKey: (person) => person?.id,
    onInputValueChange: ({ inputValue, type }) => {
      setText(inputValue ?? '');
      if (type === useCombobox.stateChangeTypes.InputChange && value) onChange(null);
    },
    onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem ?? null),
  });
  const inputId = combobox.getInputProps().id;
  return (
    <div className="field combobox-field">
      {/* biome-ignore lint/a11y/noLabelWithoutControl: getLabelProps gives the label its htmlFor */}
      <label {...combobox.getLabelProps()}>{label}</label>
      <div className="combo">
        <input
          {...combobox.getInputProps({
            ref: inputRef,
            placeholder: 'Type a name or e-mail',
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${inputId}-error` : undefined,
          })}
        />
        <button type="button" {...combobox.getToggleButtonProps({ 'aria-label': `Show ${label} choices` })}>
          ▾
        </button>
      </div>
      {error && (
        <span id={`${inputId}-error`} className="field-error">
          {error}
        </span>
      )}
      <ComboboxMenu
        combobox={combobox}
        items={items}
        itemKey={(p) => p.id}
        label={(p) => p.name}
        detail={(p) => p.email}
        empty={colleagues.isPending ? 'Looking…' : 'No active colleague matches'}
      />
    </div>
  );
}

/**
 * A date and a time on the agent's clock (their time zone), for an instant the service's clock will reach: the
 * console's own date field (typed as the agent says dates) and the browser's time field.
 */
export function WhenFields({
  date,
  time,
  onDate,
  onTime,
  dateLabel,
  error,
  dateRef,
}: {
  date: string | null;
  time: string;
  onDate: (date: string | null) => void;
  onTime: (time: string) => void;
  dateLabel: string;
  error?: string | undefined;
  dateRef?: RefObject<HTMLInputElement | null>;
}) {
  return (
    <div className="row when-fields">
      <DateField
        label={dateLabel}
        value={date}
        onChange={onDate}
        min={todayIn(agentTimeZone(), serviceNow())}
        error={error}
        ref={dateRef}
      />
      <Field label={`Time (${agentTimeZone()})`}>
        {({ id, describedBy }) => (
          <input
            id={id}
            type="time"
            value={time}
            required
            onChange={(event) => onTime(event.target.value)}
            aria-describedby={describedBy}
          />
        )}
      </Field>
    </div>
  );
}

/** The instant a date and time on the agent's clock name, or the problem with them, against the service's clock. */
export function readWhen(date: string | null, time: string): { at: string } | { problem: string } {
  if (!date) return { problem: 'Choose a day.' };
  if (!/^\d{2}:\d{2}$/.test(time)) return { problem: 'Choose a time.' };
  const at = instantOfWallClock(date, time, agentTimeZone());
  if (!Number.isFinite(at)) return { problem: 'Choose a day and a time.' };
  if (at <= serviceNow())
    return { problem: `${whenLocal(new Date(at).toISOString())} has passed: choose a later time.` };
  return { at: new Date(at).toISOString() };
}

/** Tomorrow at 09:00 on the agent's clock: where a snooze starts. */
const tomorrow = () => todayIn(agentTimeZone(), serviceNow() + 86_400_000);

/** Assigns one change, or several at once (one request, each one's outcome said), to a colleague with a note. */
export function AssignDialog({
  changes,
  onClose,
  onDone,
}: {
  changes: readonly BookingChange[];
  onClose: () => void;
  onDone: (words: string, result?: BulkChangesResult) => void;
}) {
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [to, setTo] = useState<Colleague | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const one = useAssignChange();
  const many = useBulkChanges();
  const pending = one.isPending || many.isPending;
  const [only] = changes;
  const submit = () => {
    if (!to) return setProblem('Choose a colleague from the list.');
    if (changes.length === 1 && only)
      one.mutate(
        { id: only.id, user_id: to.id, note },
        { onSuccess: () => onDone(`Assigned to ${to.name}.`) },
      );
    else
      many.mutate(
        { ids: changes.map((c) => c.id), action: 'assign', user_id: to.id, note },
        { onSuccess: (result) => onDone(bulkWords(result, `assigned to ${to.name}`), result) },
      );
  };
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} initialFocus={input}>
      <form
        className="dialog stack"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h2 id={titleId}>
          {changes.length === 1 ? 'Assign this change' : `Assign ${changes.length} changes`}
        </h2>
        {only && changes.length === 1 && <p className="muted small">{only.summary}</p>}
        <ColleagueCombobox
          label="To"
          value={to}
          onChange={(person) => {
            setTo(person);
            setProblem(undefined);
          }}
          error={problem}
          inputRef={input}
        />
        <TextField
          label="Note for them (optional)"
          value={note}
          onChange={setNote}
          maxLength={1000}
          placeholder="What the client wants, what you tried…"
        />
        {(one.error ?? many.error) && <ErrorNotice error={one.error ?? many.error} title="Not assigned" />}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Go back
          </button>
          <button type="submit" className="button primary" disabled={pending}>
            {pending ? 'Assigning…' : to ? `Assign to ${to.name}` : 'Assign'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** "2 handled; 1 refused: No such change …": what a request for several did, in words. */
export function bulkWords(result: BulkChangesResult, done: string): string {
  const refused = result.results.filter((r) => r.outcome === 'refused');
  const words = `${result.done} ${done}`;
  if (refused.length === 0) return `${words}.`;
  const reasons = [...new Set(refused.map((r) => r.error?.message ?? 'refused'))].join(' ');
  return `${words}; ${refused.length} not: ${reasons}`;
}

/** Snoozes a change until a day and time on the agent's clock (checked against the service's). */
export function SnoozeDialog({
  change,
  onClose,
  onDone,
}: {
  change: BookingChange;
  onClose: () => void;
  onDone: (words: string) => void;
}) {
  const titleId = useId();
  const dateRef = useRef<HTMLInputElement>(null);
  const [date, setDate] = useState<string | null>(tomorrow());
  const [time, setTime] = useState('09:00');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const snooze = useSnoozeChange();
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} initialFocus={dateRef}>
      <form
        className="dialog stack"
        onSubmit={(event) => {
          event.preventDefault();
          const when = readWhen(date, time);
          if ('problem' in when) return setProblem(when.problem);
          snooze.mutate(
            { id: change.id, until: when.at, note },
            { onSuccess: () => onDone(`Snoozed until ${whenLocal(when.at)}.`) },
          );
        }}
      >
        <h2 id={titleId}>Snooze this change</h2>
        <p className="muted small">
          It leaves the list and its count, and comes back when the service’s clock reaches this time.
        </p>
        <WhenFields
          dateLabel="Until"
          date={date}
          time={time}
          onDate={(d) => {
            setDate(d);
            setProblem(undefined);
          }}
          onTime={(t) => {
            setTime(t);
            setProblem(undefined);
          }}
          error={problem}
          dateRef={dateRef}
        />
        <TextField label="Why (optional)" value={note} onChange={setNote} maxLength={1000} />
        {snooze.error && <ErrorNotice error={snooze.error} title="Not snoozed" />}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Go back
          </button>
          <button type="submit" className="button primary" disabled={snooze.isPending}>
            {snooze.isPending ? 'Snoozing…' : 'Snooze'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

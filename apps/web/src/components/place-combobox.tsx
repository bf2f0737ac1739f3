import { useCombobox } from 'downshift';
import { useEffect, useRef, useState } from 'react';
import { ComboboxMenu } from './combobox-menu.tsx';

export interface PlaceOption {
  id: string;
  label: string;
  detail: string;
  /** What kind of place it is (city, hotel, …), when the caller needs to act on it. */
  kind?: string;
}

interface Props {
  label: string;
  value: string | null;
  /** The text shown for the chosen value when nothing has been typed (e.g. from the URL). */
  valueLabel?: string;
  onChange: (id: string | null, option: PlaceOption | null) => void;
  useOptions: (text: string) => { options: PlaceOption[]; loading: boolean };
  error?: string | undefined;
  placeholder?: string;
}

/**
 * A keyboard-operable autocomplete over places, asking the server as the agent types (debounced). Downshift gives
 * the ARIA 1.2 combobox pattern (arrows, Enter, Escape, announcements) at a fraction of a full component kit's size.
 */
export function PlaceCombobox({ label, value, valueLabel, onChange, useOptions, error, placeholder }: Props) {
  const [text, setText] = useState(valueLabel ?? value ?? '');
  const [debounced, setDebounced] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const answer = useOptions(debounced);
  // Suggestions for an earlier text are not shown as if they matched what is typed now.
  const settled = debounced === text;
  const options = settled ? answer.options : [];
  const loading = answer.loading || !settled;
  // A value set from outside (the next leg starting where the last one ends) shows in the input too. A value the
  // agent just chose here already shows its own label: an id (a hotel city's "2002") or the label the page came with
  // (the city of the results on screen) must not replace it.
  const chosenHere = useRef<string | null>(null);
  useEffect(() => {
    if (!value || value === chosenHere.current) return;
    setText((current) => (current.includes(value) ? current : (valueLabel ?? value)));
  }, [value, valueLabel]);

  const combobox = useCombobox<PlaceOption>({
    items: options,
    inputValue: text,
    itemToString: (option) => option?.label ?? '',
    itemToKey: (option) => option?.id,
    onInputValueChange: ({ inputValue, type }) => {
      setText(inputValue ?? '');
      // Typing over a chosen place un-chooses it, so a half-edited name is never searched as the old place.
      if (type === useCombobox.stateChangeTypes.InputChange && value) onChange(null, null);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      chosenHere.current = selectedItem?.id ?? null;
      onChange(selectedItem?.id ?? null, selectedItem ?? null);
      if (selectedItem) setText(selectedItem.label);
    },
  });
  const errorId = `${combobox.getInputProps().id}-error`;
  const empty = text.trim().length < 2 ? 'Type at least 2 letters' : loading ? 'Searching…' : 'No match';

  return (
    <div className="field combobox-field">
      {/* biome-ignore lint/a11y/noLabelWithoutControl: getLabelProps gives the label its htmlFor */}
      <label {...combobox.getLabelProps()}>{label}</label>
      <div className="combo">
        <input
          {...combobox.getInputProps({
            placeholder,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? errorId : undefined,
          })}
        />
        <button
          type="button"
          {...combobox.getToggleButtonProps({ 'aria-label': `Show ${label.toLowerCase()} suggestions` })}
        >
          ▾
        </button>
      </div>
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
      <ComboboxMenu
        combobox={combobox}
        items={options}
        itemKey={(o) => o.id}
        label={(o) => o.label}
        detail={(o) => o.detail}
        empty={empty}
      />
    </div>
  );
}

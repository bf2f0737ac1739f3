import { useCombobox } from 'downshift';
import { type ChangeEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ComboboxMenu } from './combobox-menu.tsx';

import type { PlaceComboboxProps, PlaceOption } from './place-combobox.tsx';

/**
 * A keyboard-operable autocomplete over places, asking the server as the agent types (debounced). Downshift gives
 * the ARIA 1.2 combobox pattern (arrows, Enter, Escape, announcements) at a fraction of a full component kit's size.
 */
export function PlaceComboboxLive({
  label,
  value,
  valueLabel,
  onChange,
  onTextChange,
  useOptions,
  error,
  placeholder,
  focused,
}: PlaceComboboxProps & { focused: boolean }) {
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
      onTextChange?.(inputValue ?? '');
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
  // The agent was already in the field drawn while this loaded: the cursor stays in it.
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (focused) input.current?.focus();
  }, [focused]);
  const empty = text.trim().length < 2 ? 'Type at least 2 letters' : loading ? 'Searching…' : 'No match';

  return (
    <div className="field combobox-field">
      {/* biome-ignore lint/a11y/noLabelWithoutControl: getLabelProps gives the label its htmlFor */}
      <label {...combobox.getLabelProps()}>{label}</label>
      <div className="combo">
        <input
          {...combobox.getInputProps({
            ref: input,
            // Taken as it is typed: Downshift tells of a change after its render, and a key pressed before that
            // render was lost (a fast typist's "New Yok").
            onChange: (event: ChangeEvent<HTMLInputElement>) => setText(event.currentTarget.value),
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

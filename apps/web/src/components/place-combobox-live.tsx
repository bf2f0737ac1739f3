import { useCombobox } from 'downshift';
import { type ChangeEvent, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { typedChoiceIndex } from '../lib/typed-choice.ts';
import { ComboboxMenu } from './combobox-menu.tsx';
import type { EarlyTyping, PlaceComboboxProps, PlaceOption } from './place-option.ts';

/** What moves the highlight away from the typed choice: the arrows and keys of the list, the pointer. */
const MOVES = new Set<string>([
  useCombobox.stateChangeTypes.InputKeyDownArrowDown,
  useCombobox.stateChangeTypes.InputKeyDownArrowUp,
  useCombobox.stateChangeTypes.InputKeyDownHome,
  useCombobox.stateChangeTypes.InputKeyDownEnd,
  useCombobox.stateChangeTypes.InputKeyDownPageUp,
  useCombobox.stateChangeTypes.InputKeyDownPageDown,
  useCombobox.stateChangeTypes.ItemMouseMove,
]);

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
  takeTyped = true,
  searchFocus,
  focused,
  early,
}: PlaceComboboxProps & { focused: boolean; early: EarlyTyping }) {
  const [text, setText] = useState(early.text ?? valueLabel ?? value ?? '');
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
  // The options are those of the text typed now (not an earlier text's, kept on screen while the next are read).
  const fresh = !loading && text.trim().length >= 2;
  // What Tab or Enter takes (decision 046): the exact code or name typed, else the best match, shown highlighted as
  // the agent types. The arrows (or the pointer) move the highlight away from it until the text changes again.
  const typedIndex =
    takeTyped && fresh
      ? typedChoiceIndex(
          text,
          options.map((o) => ({ label: o.label, code: o.id })),
        )
      : -1;
  const [moved, setMoved] = useState<number | null>(null);
  // Tab or Enter pressed on a text whose options were still coming: the text it was pressed on, taken when they come.
  const [pending, setPending] = useState<string | null>(() =>
    early.taken && early.text && early.text.trim().length >= 2 ? early.text : null,
  );
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
    highlightedIndex: moved ?? typedIndex,
    onHighlightedIndexChange: ({ highlightedIndex, type }) =>
      setMoved(MOVES.has(type) ? (highlightedIndex ?? -1) : null),
    itemToString: (option) => option?.label ?? '',
    itemToKey: (option) => option?.id,
    onInputValueChange: ({ inputValue, type }) => {
      setText(inputValue ?? '');
      onTextChange?.(inputValue ?? '');
      if (type === useCombobox.stateChangeTypes.InputChange) {
        setMoved(null);
        setPending(null);
      }
      // Typing over a chosen place un-chooses it, so a half-edited name is never searched as the old place.
      if (type === useCombobox.stateChangeTypes.InputChange && value) onChange(null, null);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      chosenHere.current = selectedItem?.id ?? null;
      onChange(selectedItem?.id ?? null, selectedItem ?? null);
      if (selectedItem) setText(selectedItem.label);
    },
  });
  // The options of a text Tab or Enter was pressed on have come: the typed choice is made now (none if nothing matched).
  const { selectItem } = combobox;
  useLayoutEffect(() => {
    if (pending === null || !fresh || pending !== text) return;
    setPending(null);
    const option = options[typedIndex];
    if (option) selectItem(option);
  }, [pending, fresh, text, options, typedIndex, selectItem]);
  /** Tab or Enter on a typed text with nothing to take yet: its options are on their way. */
  const takeLater = () => {
    if (takeTyped && !value && typedIndex < 0 && moved === null && !fresh && text.trim().length >= 2)
      setPending(text);
  };
  const errorId = `${combobox.getInputProps().id}-error`;
  // The agent was already in the field drawn while this loaded: the cursor stays in it.
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const field = input.current;
    if (!focused || !field) return;
    field.focus();
    // After what was typed before this came.
    field.setSelectionRange(field.value.length, field.value.length);
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
            onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
              if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
              // Not sent as the form while the typed place is being looked up: Enter chooses it when it comes.
              if (takeTyped && !value && !fresh && text.trim().length >= 2) event.preventDefault();
              takeLater();
            },
            onBlur: takeLater,
            placeholder,
            'data-search-focus': searchFocus || undefined,
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

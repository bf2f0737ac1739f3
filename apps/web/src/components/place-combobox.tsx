import { useEffect, useState } from 'react';
import {
  Button,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components';

export interface PlaceOption {
  id: string;
  label: string;
  detail: string;
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

/** A keyboard-operable autocomplete over places, asking the server as the agent types (debounced). */
export function PlaceCombobox({ label, value, valueLabel, onChange, useOptions, error, placeholder }: Props) {
  const [text, setText] = useState(valueLabel ?? value ?? '');
  const [debounced, setDebounced] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const { options, loading } = useOptions(debounced);
  // A value set from outside (the next leg starting where the last one ends) shows in the input too.
  useEffect(() => {
    if (value) setText((current) => (current.includes(value) ? current : (valueLabel ?? value)));
  }, [value, valueLabel]);
  return (
    <ComboBox
      className="field"
      inputValue={text}
      onInputChange={setText}
      selectedKey={value}
      onSelectionChange={(key) => {
        const option = options.find((o) => o.id === key) ?? null;
        onChange(option?.id ?? null, option);
        if (option) setText(option.label);
      }}
      items={options}
      menuTrigger="input"
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      allowsEmptyCollection
    >
      <Label>{label}</Label>
      <div className="combo">
        <Input placeholder={placeholder} />
        <Button aria-label={`Show ${label.toLowerCase()} suggestions`}>▾</Button>
      </div>
      <FieldError className="field-error">{error}</FieldError>
      <Popover className="popover">
        <ListBox
          className="listbox"
          renderEmptyState={() => (
            <Text className="muted small">
              {loading ? 'Searching…' : debounced.trim().length < 2 ? 'Type at least 2 letters' : 'No match'}
            </Text>
          )}
        >
          {(option: PlaceOption) => (
            <ListBoxItem id={option.id} textValue={option.label} className="option">
              <span>{option.label}</span> <span className="muted small">{option.detail}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

import { useCombobox } from 'downshift';
import { useEffect, useMemo, useState } from 'react';
import { ComboboxMenu } from '../../../components/combobox-menu.tsx';
import { type Country, countryName, matchCountries } from '../../../lib/countries.ts';

interface Props {
  label: string;
  /** The chosen ISO code, or '' for none. */
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  description?: string;
}

/**
 * A searchable list of countries (ARIA 1.2 combobox from Downshift): type part of a name or the code, pick with the
 * arrows and Enter. The value is the two-letter code the service takes; the agent sees the name.
 */
export function CountryCombobox({ label, value, onChange, error, description }: Props) {
  const [text, setText] = useState(value ? countryName(value) : '');
  useEffect(() => {
    if (value) setText(countryName(value));
  }, [value]);
  const items = useMemo(
    () => matchCountries(text === countryName(value) ? '' : text).slice(0, 60),
    [text, value],
  );
  const combobox = useCombobox<Country>({
    items,
    inputValue: text,
    selectedItem: value ? { code: value, name: countryName(value) } : null,
    itemToString: (country) => country?.name ?? '',
    itemToKey: (country) => country?.code,
    onInputValueChange: ({ inputValue, type }) => {
      setText(inputValue ?? '');
      if (type === useCombobox.stateChangeTypes.InputChange && value) onChange('');
    },
    onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem?.code ?? ''),
  });
  const inputId = combobox.getInputProps().id;
  const describedBy = [error ? `${inputId}-error` : '', description ? `${inputId}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field combobox-field">
      {/* biome-ignore lint/a11y/noLabelWithoutControl: getLabelProps gives the label its htmlFor */}
      <label {...combobox.getLabelProps()}>{label}</label>
      <div className="combo">
        <input
          {...combobox.getInputProps({
            placeholder: 'Type a country',
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedBy || undefined,
          })}
        />
        <button type="button" {...combobox.getToggleButtonProps({ 'aria-label': `Show ${label} choices` })}>
          ▾
        </button>
      </div>
      {description && (
        <span id={`${inputId}-hint`} className="muted small">
          {description}
        </span>
      )}
      {error && (
        <span id={`${inputId}-error`} className="field-error">
          {error}
        </span>
      )}
      <ComboboxMenu
        combobox={combobox}
        items={items}
        itemKey={(c) => c.code}
        label={(c) => c.name}
        detail={(c) => c.code}
        empty="No country matches"
      />
    </div>
  );
}

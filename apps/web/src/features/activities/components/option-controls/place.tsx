import type { BookingOption } from '@console/contract';
import { type ComponentProps, lazy, type ReactElement, type Ref, Suspense } from 'react';
import { Field } from '../../../../components/field.tsx';
import { loadOrReload } from '../../../../lib/new-version.ts';
import type { FieldError } from '../../../../lib/use-form.ts';
import type { AddressValue, FlightNumberValue } from '../../options-form.ts';
import { type ControlProps, Group, optionLabel } from './shared.tsx';
import '../../activities.css';

/** Where and how: an address, a country, a flight number. */

/**
 * The country list (Downshift and 250 names) loads only when a form asks for a country: most activity forms do not,
 * and the booking page stays within the JavaScript budget (decision 008).
 */
const LazyCountryCombobox = lazy(() =>
  loadOrReload(() => import('../country-combobox.tsx')).then((m) => ({
    default: m.CountryCombobox,
  })),
);
type CountryProps = ComponentProps<typeof LazyCountryCombobox>;
function CountryCombobox(props: CountryProps) {
  return (
    <Suspense fallback={<p className="loading small">Loading the list of countries…</p>}>
      <LazyCountryCombobox {...props} />
    </Suspense>
  );
}

function AddressControl({
  option,
  value,
  onChange,
  error,
  inputRef,
}: {
  option: BookingOption;
  value: AddressValue;
  onChange: (value: AddressValue) => void;
  error: FieldError | undefined;
  inputRef: Ref<HTMLInputElement>;
}) {
  const nested = error as (FieldError & Partial<Record<keyof AddressValue, FieldError>>) | undefined;
  const set = (key: keyof AddressValue) => (text: string) => onChange({ ...value, [key]: text });
  const line = (
    key: keyof AddressValue,
    label: string,
    autoComplete: string,
    ref?: Ref<HTMLInputElement>,
  ) => (
    <Field label={label} error={nested?.[key]?.message}>
      {({ id, describedBy, invalid }) => (
        <input
          ref={ref}
          id={id}
          value={value[key]}
          autoComplete={autoComplete}
          onChange={(event) => set(key)(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  );
  return (
    <Group
      legend={optionLabel(option)}
      description={option.description_translated ?? option.description}
      error={error?.message}
      className="option-group address"
    >
      <div className="row">
        {line('line1', 'Street and number', 'off', inputRef)}
        {line('line2', 'Building, floor (optional)', 'off')}
        {line('city', 'City', 'off')}
        {line('postal_code', 'Postal code (optional)', 'off')}
        <CountryCombobox
          label="Country"
          value={value.country_code}
          onChange={set('country_code')}
          error={nested?.country_code?.message}
        />
      </div>
    </Group>
  );
}

function FlightNumberControl({
  option,
  value,
  onChange,
  error,
  inputRef,
}: {
  option: BookingOption;
  value: FlightNumberValue;
  onChange: (value: FlightNumberValue) => void;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
}) {
  return (
    <Group
      legend={optionLabel(option)}
      description={
        option.description_translated ?? option.description ?? 'Airline code and number, e.g. BA 117'
      }
      error={error}
      className="option-group flight-number"
    >
      <div className="row">
        <Field label="Airline code" className="field narrow">
          {({ id, describedBy }) => (
            <input
              ref={inputRef}
              id={id}
              value={value.airline}
              maxLength={3}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange({ ...value, airline: event.target.value.toUpperCase() })}
            />
          )}
        </Field>
        <Field label="Flight number" className="field narrow">
          {({ id, describedBy }) => (
            <input
              id={id}
              value={value.number}
              maxLength={5}
              inputMode="numeric"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange({ ...value, number: event.target.value.toUpperCase() })}
            />
          )}
        </Field>
      </div>
    </Group>
  );
}

export const PLACE_CONTROLS = {
  address: ({ option, field, fieldError, value }) => (
    <AddressControl
      option={option}
      value={value as AddressValue}
      onChange={field.onChange}
      error={fieldError}
      inputRef={field.ref}
    />
  ),
  country: ({ label, description, field, fieldError, text }) => (
    <CountryCombobox
      label={label}
      value={text}
      onChange={field.onChange}
      error={fieldError?.message}
      {...(description ? { description } : {})}
    />
  ),
  flight_number: ({ option, field, fieldError, value }) => (
    <FlightNumberControl
      option={option}
      value={value as FlightNumberValue}
      onChange={field.onChange}
      error={fieldError?.message}
      inputRef={field.ref}
    />
  ),
} satisfies Record<'address' | 'country' | 'flight_number', (p: ControlProps) => ReactElement>;

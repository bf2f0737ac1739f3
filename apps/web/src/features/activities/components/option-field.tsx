import {
  type BookingOption,
  type FileAnswer,
  IMAGE_CONTENT_TYPES,
  INPUT_TYPES,
  type InputTypeName,
  isKnownInputType,
  MAX_UPLOAD_BYTES,
  type Money,
} from '@console/contract';
import {
  type ComponentProps,
  lazy,
  type ReactElement,
  type ReactNode,
  type Ref,
  Suspense,
  useId,
  useState,
} from 'react';
import { type Control, Controller, type ControllerRenderProps, type FieldError } from 'react-hook-form';
import { Field } from '../../../components/field.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { loadOrReload } from '../../../lib/new-version.ts';
import type { ActivityBookingForm, AddressValue, FlightNumberValue, OptionValue } from '../options-form.ts';

/**
 * The country list (Downshift and 250 names) loads only when a form asks for a country: most activity forms do not,
 * and the booking page stays within the JavaScript budget (decision 008).
 */
const LazyCountryCombobox = lazy(() =>
  loadOrReload(() => import('../../../components/country-combobox.tsx')).then((m) => ({
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

const priced = (price: Money) => (Number(price.amount) > 0 ? ` (+${formatMoney(price)})` : '');

export const optionLabel = (option: BookingOption) =>
  `${option.name_translated ?? option.name}${option.required ? '' : ' (optional)'}${priced(option.price)}`;

const itemLabel = (item: BookingOption['items'][number]) =>
  `${item.label_translated ?? item.label}${priced(item.price)}`;

/** A labelled group of controls (radios, checkboxes, an address), its error tied to the group. */
function Group({
  legend,
  description,
  error,
  children,
  className = 'option-group',
}: {
  legend: string;
  description?: string | null | undefined;
  error?: string | undefined;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', description ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      className={className}
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      {description && (
        <span id={`${id}-hint`} className="muted small">
          {description}
        </span>
      )}
      {children}
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </fieldset>
  );
}

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsDataURL(file);
  });
}

const sizeOf = (file: FileAnswer) => {
  const bytes = Math.floor((file.data_base64.length * 3) / 4);
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
};

/** File and image answers: read in the browser and sent inline as base64 (decision 002), 2 MiB at most. */
function FileControl({
  option,
  value,
  onChange,
  error,
  inputRef,
}: {
  option: BookingOption;
  value: FileAnswer | null;
  onChange: (value: FileAnswer | null) => void;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
}) {
  const image = option.input_type === 8;
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Field
      label={optionLabel(option)}
      error={problem ?? error}
      description={[
        option.description_translated ?? option.description,
        image ? 'PNG, JPEG, GIF or WebP, up to 2 MB' : 'Up to 2 MB',
      ]
        .filter(Boolean)
        .join('. ')}
      className="field file-field"
    >
      {({ id, describedBy, invalid }) => (
        <>
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={image ? IMAGE_CONTENT_TYPES.join(',') : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              setProblem(null);
              if (!file) return onChange(null);
              if (file.size > MAX_UPLOAD_BYTES) {
                setProblem(`${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 2 MB`);
                event.target.value = '';
                return onChange(null);
              }
              try {
                onChange({
                  file_name: file.name,
                  content_type: file.type || 'application/octet-stream',
                  data_base64: await readAsBase64(file),
                });
              } catch {
                setProblem(`${file.name} could not be read; choose it again`);
                onChange(null);
              }
            }}
          />
          {value && (
            <span className="file-chosen small">
              {image && value.content_type.startsWith('image/') && (
                <img
                  src={`data:${value.content_type};base64,${value.data_base64}`}
                  alt=""
                  className="thumb"
                />
              )}
              {value.file_name} · {sizeOf(value)}
            </span>
          )}
        </>
      )}
    </Field>
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

type Path = `options.per_booking.${number}` | `options.per_pax.${number}.${number}`;

/**
 * One booking option as the control an agent expects for its input type; the value and its validation come from
 * options-form.ts, so every control here only edits its form value.
 */
/** What every control gets: the option, its form binding and what the field shows. */
interface ControlProps {
  option: BookingOption;
  name: Path;
  label: string;
  description: string | undefined;
  field: ControllerRenderProps<ActivityBookingForm, Path>;
  fieldError: FieldError | undefined;
  value: OptionValue;
  /** The value when it is text, else ''. */
  text: string;
  /** A plain labelled input of a type, bound to the field; `hint` stands in for a missing description. */
  input: (type: string, extra?: Record<string, string | number | undefined>, hint?: string) => ReactElement;
}

/** The control for each input type, by the name the document gives it (`input_type_name` of codes 1 to 14). */
const CONTROLS: Record<InputTypeName, (p: ControlProps) => ReactElement> = {
  list: ({ option, name, label, description, field, fieldError, text }) => {
    const error = fieldError?.message;
    if (option.items.length <= 4)
      return (
        <Group legend={label} description={description} error={error}>
          {[
            ...(option.required ? [] : [{ key: '', text: 'No preference' }]),
            ...option.items.map((item, i) => ({ key: String(i), text: itemLabel(item) })),
          ].map((choice, i) => (
            <label key={choice.key || 'none'} className="check">
              <input
                ref={i === 0 ? field.ref : undefined}
                type="radio"
                name={name}
                checked={text === choice.key}
                onChange={() => field.onChange(choice.key)}
              />
              {choice.text}
            </label>
          ))}
        </Group>
      );
    return (
      <Field label={label} error={error} description={description}>
        {({ id, describedBy, invalid }) => (
          <select
            ref={field.ref}
            id={id}
            value={text}
            onChange={(event) => field.onChange(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          >
            <option value="">{option.required ? 'Choose…' : 'No preference'}</option>
            {option.items.map((item, i) => (
              <option key={`${item.label}-${i}`} value={String(i)}>
                {itemLabel(item)}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  },
  list_multiple: ({ option, label, description, field, fieldError, value }) => {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <Group legend={label} description={description} error={fieldError?.message}>
        {option.items.map((item, i) => (
          <label key={`${item.label}-${i}`} className="check">
            <input
              ref={i === 0 ? field.ref : undefined}
              type="checkbox"
              checked={chosen.includes(String(i))}
              onChange={(event) =>
                field.onChange(
                  option.items
                    .map((_, j) => String(j))
                    .filter((j) => (j === String(i) ? event.target.checked : chosen.includes(j))),
                )
              }
            />
            {itemLabel(item)}
          </label>
        ))}
      </Group>
    );
  },
  number: ({ input }) => input('text', { inputMode: 'decimal' }),
  string: ({ input }) => input('text'),
  boolean: ({ label, description, field, fieldError, value }) => (
    <div className="field">
      <label className="check">
        <input
          ref={field.ref}
          type="checkbox"
          checked={value === true}
          onChange={(event) => field.onChange(event.target.checked)}
          aria-invalid={fieldError ? true : undefined}
        />
        {label}
      </label>
      {description && <span className="muted small">{description}</span>}
      {fieldError && <span className="field-error">{fieldError.message}</span>}
    </div>
  ),
  date: ({ option, input }) =>
    input('date', { min: option.valid_from?.slice(0, 10), max: option.valid_to?.slice(0, 10) }),
  file: (p) => <FileField {...p} />,
  image: (p) => <FileField {...p} />,
  address: ({ option, field, fieldError, value }) => (
    <AddressControl
      option={option}
      value={value as AddressValue}
      onChange={field.onChange}
      error={fieldError}
      inputRef={field.ref}
    />
  ),
  time: ({ input }) => input('time'),
  datetime: ({ option, input }) =>
    input('datetime-local', {
      min: option.valid_from ? `${option.valid_from.slice(0, 10)}T00:00` : undefined,
      max: option.valid_to ? `${option.valid_to.slice(0, 10)}T23:59` : undefined,
    }),
  country: ({ label, description, field, fieldError, text }) => (
    <CountryCombobox
      label={label}
      value={text}
      onChange={field.onChange}
      error={fieldError?.message}
      {...(description ? { description } : {})}
    />
  ),
  phone: ({ input, description }) =>
    input('tel', {}, description ?? 'International format with the country code, e.g. +44 20 7123 4567'),
  flight_number: ({ option, field, fieldError, value }) => (
    <FlightNumberControl
      option={option}
      value={value as FlightNumberValue}
      onChange={field.onChange}
      error={fieldError?.message}
      inputRef={field.ref}
    />
  ),
};

function FileField({ option, field, fieldError, value }: ControlProps) {
  return (
    <FileControl
      option={option}
      value={value && typeof value === 'object' && 'data_base64' in value ? value : null}
      onChange={field.onChange}
      error={fieldError?.message}
      inputRef={field.ref}
    />
  );
}

/** An input type the document does not list: shown as the service named it, not answerable here. */
function UnknownOption({ option, label }: { option: BookingOption; label: string }) {
  return (
    <div className="field">
      <span className="label">{label}</span>
      <p className="notice small" role="status">
        This option asks for “{option.input_type_name || `input type ${option.input_type}`}”, which the
        console cannot show.
        {option.required
          ? ' It is required, so this activity cannot be booked from the console.'
          : ' It is optional and is left out.'}
      </p>
    </div>
  );
}

/**
 * One booking option as the control an agent expects for its input type (looked up by name in CONTROLS); the value
 * and its validation come from options-form.ts, so every control here only edits its form value.
 */
export function OptionField({
  option,
  name,
  control,
}: {
  option: BookingOption;
  name: Path;
  control: Control<ActivityBookingForm>;
}) {
  const label = optionLabel(option);
  const description = option.description_translated ?? option.description ?? undefined;
  const render = isKnownInputType(option.input_type) ? CONTROLS[INPUT_TYPES[option.input_type]] : null;
  if (!render) return <UnknownOption option={option} label={label} />;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = field.value as OptionValue;
        const text = typeof value === 'string' ? value : '';
        const input = (
          type: string,
          extra: Record<string, string | number | undefined> = {},
          hint?: string,
        ) => (
          <Field label={label} error={fieldState.error?.message} description={description ?? hint}>
            {({ id, describedBy, invalid }) => (
              <input
                ref={field.ref}
                id={id}
                type={type}
                value={text}
                autoComplete="off"
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                {...extra}
              />
            )}
          </Field>
        );
        return render({
          option,
          name,
          label,
          description,
          field,
          fieldError: fieldState.error,
          value,
          text,
          input,
        });
      }}
    />
  );
}

import { Field } from './field.tsx';

interface Props<T extends string> {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly { id: T; label: string }[];
  error?: string | undefined;
}

/** A single choice on the browser's own select. */
export function SelectField<T extends string>({ label, value, onChange, options, error }: Props<T>) {
  return (
    <Field label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          value={value}
          onChange={(event) => {
            const option = options.find((o) => o.id === event.target.value);
            if (option) onChange(option.id);
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        >
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

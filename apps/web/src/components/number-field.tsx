import { Field } from './field.tsx';

interface Props {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  error?: string | undefined;
  /** Leave the field empty until the agent types (NaN while empty) instead of starting at `min`. */
  allowEmpty?: boolean;
}

/** A whole number within [min, max]; arrow keys step it, anything else typed is clamped. */
export function NumberField({ label, value, onChange, min, max, error, allowEmpty }: Props) {
  return (
    <Field label={label} error={error} className="field number-field">
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={Number.isNaN(value) ? '' : value}
          onChange={(event) => {
            const next = Math.trunc(event.target.valueAsNumber);
            if (Number.isNaN(next)) onChange(allowEmpty ? Number.NaN : min);
            else onChange(Math.min(max, Math.max(min, next)));
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  );
}

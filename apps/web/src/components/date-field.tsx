import type { Ref } from 'react';
import { Field } from './field.tsx';

interface Props {
  label: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  min?: string | undefined;
  max?: string | undefined;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A date as YYYY-MM-DD, on the browser's own date control: typed field by field or picked on the browser's
 * calendar, keyboard-operable and announced by screen readers, at no cost in JavaScript (decision 008).
 */
export function DateField({ label, value, onChange, onBlur, min, max, error, ref }: Props) {
  return (
    <Field label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          ref={ref}
          id={id}
          type="date"
          value={value ?? ''}
          min={min}
          max={max}
          onChange={(event) => onChange(event.target.value || null)}
          onBlur={onBlur}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  );
}

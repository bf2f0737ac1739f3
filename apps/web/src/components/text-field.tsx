import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from './field.tsx';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  error?: string | undefined;
  description?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with its error announced and tied to the field. */
export function TextField({ label, error, description, value, onChange, ...input }: Props) {
  return (
    <Field label={label} error={error} description={description}>
      {({ id, describedBy, invalid }) => (
        <input
          {...input}
          id={id}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  );
}

import { useState } from 'react';
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

/**
 * A whole number within [min, max]; arrow keys step it. A number typed outside the range is brought within it and the
 * field says so (never silently: 7 adults where 5 can go is told, not quietly made 5).
 */
export function NumberField({ label, value, onChange, min, max, error, allowEmpty }: Props) {
  const [note, setNote] = useState<string | null>(null);
  return (
    <Field label={label} error={error ?? note ?? undefined} className="field number-field">
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
            if (Number.isNaN(next)) {
              setNote(null);
              onChange(allowEmpty ? Number.NaN : min);
              return;
            }
            const within = Math.min(max, Math.max(min, next));
            setNote(
              within === next
                ? null
                : next > max
                  ? `At most ${max} here: ${next} was made ${max}.`
                  : `At least ${min} here: ${next} was made ${min}.`,
            );
            onChange(within);
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  );
}

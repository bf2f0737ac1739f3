import type { ComponentProps } from 'react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from '../lib/use-form.ts';
import { TextField } from './text-field.tsx';

type Props<T extends FieldValues> = Omit<
  ComponentProps<typeof TextField>,
  'value' | 'onChange' | 'error' | 'ref'
> & {
  control: Control<T>;
  name: FieldPathByValue<T, string | undefined>;
};

/** A TextField bound to a text field of a form (lib/use-form.ts): its value, changes, focus and error message. */
export function FormTextField<T extends FieldValues>({ control, name, ...props }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...field}
          value={typeof field.value === 'string' ? field.value : undefined}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

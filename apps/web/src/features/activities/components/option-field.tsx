import { type BookingOption, INPUT_TYPES, type InputTypeName, isKnownInputType } from '@console/contract';
import type { ReactElement } from 'react';
import { Field } from '../../../components/field.tsx';
import { type Control, Controller } from '../../../lib/use-form.ts';
import type { ActivityBookingForm, OptionValue } from '../options-form.ts';
import { CHOICE_CONTROLS } from './option-controls/choice.tsx';
import { FILE_CONTROLS } from './option-controls/file.tsx';
import { PLACE_CONTROLS } from './option-controls/place.tsx';
import { type ControlProps, optionLabel, type Path } from './option-controls/shared.tsx';
import { TEXT_CONTROLS } from './option-controls/text.tsx';

export { optionLabel };

/** The control for each input type, by the name the document gives it (`input_type_name` of codes 1 to 14). */
const CONTROLS: Record<InputTypeName, (p: ControlProps) => ReactElement> = {
  ...CHOICE_CONTROLS,
  ...TEXT_CONTROLS,
  ...FILE_CONTROLS,
  ...PLACE_CONTROLS,
};

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

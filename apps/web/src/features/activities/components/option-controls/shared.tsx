import type { BookingOption, Money } from '@console/contract';
import { type ReactElement, type ReactNode, useId } from 'react';
import { formatMoney } from '../../../../lib/format.ts';
import type { ControllerRenderProps, FieldError } from '../../../../lib/use-form.ts';
import type { ActivityBookingForm, OptionValue } from '../../options-form.ts';

/** What the controls of every family share: labels with prices, a labelled group, and what each control gets. */

const priced = (price: Money) => (Number(price.amount) > 0 ? ` (+${formatMoney(price)})` : '');

export const optionLabel = (option: BookingOption) =>
  `${option.name_translated ?? option.name}${option.required ? '' : ' (optional)'}${priced(option.price)}`;

export const itemLabel = (item: BookingOption['items'][number]) =>
  `${item.label_translated ?? item.label}${priced(item.price)}`;

export /** A labelled group of controls (radios, checkboxes, an address), its error tied to the group. */
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

export type Path = `options.per_booking.${number}` | `options.per_pax.${number}.${number}`;

/** What every control gets: the option, its form binding and what the field shows. */
export interface ControlProps {
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

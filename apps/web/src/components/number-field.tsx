import {
  NumberField as AriaNumberField,
  Button,
  FieldError,
  Group,
  Input,
  Label,
} from 'react-aria-components';

interface Props {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  error?: string | undefined;
}

/** A whole-number stepper with − and + buttons. */
export function NumberField({ label, value, onChange, min, max, error }: Props) {
  return (
    <AriaNumberField
      className="field number-field"
      value={value}
      onChange={(v) => onChange(Number.isNaN(v) ? min : v)}
      minValue={min}
      maxValue={max}
      step={1}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <Label>{label}</Label>
      <Group className="stepper">
        <Button slot="decrement">−</Button>
        <Input />
        <Button slot="increment">+</Button>
      </Group>
      <FieldError className="field-error">{error}</FieldError>
    </AriaNumberField>
  );
}

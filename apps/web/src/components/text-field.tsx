import type { ComponentProps } from 'react';
import { TextField as AriaTextField, FieldError, Input, Label, Text } from 'react-aria-components';

interface Props extends Omit<ComponentProps<typeof AriaTextField>, 'children' | 'isInvalid'> {
  label: string;
  error?: string | undefined;
  description?: string;
  placeholder?: string;
}

/** A labelled text input with its error announced and tied to the field. */
export function TextField({ label, error, description, placeholder, ...props }: Props) {
  return (
    <AriaTextField {...props} isInvalid={Boolean(error)} validationBehavior="aria" className="field">
      <Label>{label}</Label>
      <Input placeholder={placeholder} />
      {description && (
        <Text slot="description" className="muted small">
          {description}
        </Text>
      )}
      <FieldError className="field-error">{error}</FieldError>
    </AriaTextField>
  );
}

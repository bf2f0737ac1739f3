import type { ReactElement } from 'react';
import { Field } from '../../../../components/field.tsx';
import { type ControlProps, Group, itemLabel } from './shared.tsx';

/** Choices: one of a list (radios, or a select past four items), several of a list, yes or no. */
export const CHOICE_CONTROLS = {
  list: ({ option, name, label, description, field, fieldError, text }) => {
    const error = fieldError?.message;
    if (option.items.length <= 4)
      return (
        <Group legend={label} description={description} error={error}>
          {[
            ...(option.required ? [] : [{ key: '', text: 'No preference' }]),
            ...option.items.map((item, i) => ({ key: String(i), text: itemLabel(item) })),
          ].map((choice, i) => (
            <label key={choice.key || 'none'} className="check">
              <input
                ref={i === 0 ? field.ref : undefined}
                type="radio"
                name={name}
                checked={text === choice.key}
                onChange={() => field.onChange(choice.key)}
              />
              {choice.text}
            </label>
          ))}
        </Group>
      );
    return (
      <Field label={label} error={error} description={description}>
        {({ id, describedBy, invalid }) => (
          <select
            ref={field.ref}
            id={id}
            value={text}
            onChange={(event) => field.onChange(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          >
            <option value="">{option.required ? 'Choose…' : 'No preference'}</option>
            {option.items.map((item, i) => (
              <option key={`${item.label}-${i}`} value={String(i)}>
                {itemLabel(item)}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  },
  list_multiple: ({ option, label, description, field, fieldError, value }) => {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <Group legend={label} description={description} error={fieldError?.message}>
        {option.items.map((item, i) => (
          <label key={`${item.label}-${i}`} className="check">
            <input
              ref={i === 0 ? field.ref : undefined}
              type="checkbox"
              checked={chosen.includes(String(i))}
              onChange={(event) =>
                field.onChange(
                  option.items
                    .map((_, j) => String(j))
                    .filter((j) => (j === String(i) ? event.target.checked : chosen.includes(j))),
                )
              }
            />
            {itemLabel(item)}
          </label>
        ))}
      </Group>
    );
  },
  boolean: ({ label, description, field, fieldError, value }) => (
    <div className="field">
      <label className="check">
        <input
          ref={field.ref}
          type="checkbox"
          checked={value === true}
          onChange={(event) => field.onChange(event.target.checked)}
          aria-invalid={fieldError ? true : undefined}
        />
        {label}
      </label>
      {description && <span className="muted small">{description}</span>}
      {fieldError && <span className="field-error">{fieldError.message}</span>}
    </div>
  ),
} satisfies Record<'list' | 'list_multiple' | 'boolean', (p: ControlProps) => ReactElement>;

import { type ReactElement, useCallback, useState, useSyncExternalStore } from 'react';
// Types only: react-hook-form's well-tested path types keep every field name and value checked. None of its code is
// in the build (a dev dependency).
import type {
  DefaultValues,
  FieldArray,
  FieldArrayPath,
  FieldErrors,
  FieldPath,
  FieldPathByValue,
  FieldPathValue,
  FieldValues,
} from 'react-hook-form';
import type { z } from 'zod';
import { type FieldError, FormStore, nestIssues, type Resolver, type SetValueOptions } from './form-store.ts';

export type { FieldError, FieldPathByValue, FieldValues, Resolver };
export type Path<T extends FieldValues> = FieldPath<T>;

/**
 * The console's forms (decision 038): react-hook-form's way of writing them (useForm, Controller, useFieldArray,
 * useWatch) over lib/form-store.ts, for the part of it the console uses. A form, and every control and watcher of it,
 * draws again on each change of its values or errors.
 */
export type Control<T extends FieldValues> = FormStore<T>;

function useVersion(store: Pick<FormStore<object>, 'subscribe' | 'getVersion'>) {
  return useSyncExternalStore(store.subscribe, store.getVersion, store.getVersion);
}

export interface UseFormReturn<T extends FieldValues> {
  control: Control<T>;
  formState: { errors: FieldErrors<T>; isSubmitted: boolean; isSubmitting: boolean };
  handleSubmit: (
    onValid: (values: T) => unknown | Promise<unknown>,
  ) => (event?: { preventDefault?: () => void }) => Promise<void>;
  getValues: {
    (): T;
    <P extends FieldPath<T>>(path: P): FieldPathValue<T, P>;
  };
  setValue: <P extends FieldPath<T>>(path: P, value: FieldPathValue<T, P>, options?: SetValueOptions) => void;
  setError: (
    path: FieldPath<T>,
    error: { message: string; type?: string },
    options?: { shouldFocus?: boolean },
  ) => void;
  reset: () => void;
  watch: <P extends FieldPath<T>>(path: P) => FieldPathValue<T, P>;
}

/** A form over `defaultValues`, checked by `resolver` on submit and, after one, field by field as they change. */
export function useForm<T extends FieldValues>(options: {
  defaultValues: DefaultValues<T> | T;
  resolver: Resolver<T>;
}): UseFormReturn<T> {
  const [store] = useState(() => new FormStore<T>(options.defaultValues as T, options.resolver));
  store.setResolver(options.resolver);
  useVersion(store);
  return {
    control: store,
    formState: store.formState as UseFormReturn<T>['formState'],
    handleSubmit: store.handleSubmit,
    getValues: store.getValues as UseFormReturn<T>['getValues'],
    setValue: store.setValue as UseFormReturn<T>['setValue'],
    setError: store.setError,
    reset: store.reset,
    watch: store.getValues as UseFormReturn<T>['watch'],
  };
}

/** A resolver that reads the values with a zod schema: the schema's output on success, its issues by field if not. */
export function zodResolver<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    return result.success
      ? { values: result.data as T, errors: {} }
      : { values: {}, errors: nestIssues(result.error.issues) };
  };
}

export interface ControllerRenderProps<T extends FieldValues, N extends FieldPath<T>> {
  name: N;
  value: FieldPathValue<T, N>;
  /** Takes the new value, or an input's change event (its value, or a checkbox's checked). */
  onChange: (valueOrEvent: unknown) => void;
  onBlur: () => void;
  /** The field's element, focused when a submit finds it in error first. */
  ref: (element: { focus: () => void } | null) => void;
}

/** One field of a form, drawn by `render` with its value, change handler, element ref and error. */
export function Controller<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  render,
}: {
  control: Control<T>;
  name: N;
  render: (props: {
    field: ControllerRenderProps<T, N>;
    fieldState: { error: FieldError | undefined; invalid: boolean };
  }) => ReactElement;
}): ReactElement {
  useVersion(control);
  const onChange = useCallback((event: unknown) => control.change(name, event), [control, name]);
  const ref = useCallback(
    (element: { focus: () => void } | null) => control.bindElement(name, element),
    [control, name],
  );
  // What is at the field's path: its own error, or its parts' (an address's lines, a list of ages by number).
  const error = control.errorsAt(name) as FieldError | undefined;
  return render({
    field: { name, value: control.getValues(name) as FieldPathValue<T, N>, onChange, onBlur: noop, ref },
    fieldState: { error, invalid: error !== undefined },
  });
}
const noop = () => undefined;

/** The value at `name` (or all the values), drawn again when it changes. */
export function useWatch<T extends FieldValues>(options: { control: Control<T> }): T;
export function useWatch<T extends FieldValues, P extends FieldPath<T>>(options: {
  control: Control<T>;
  name: P;
}): FieldPathValue<T, P>;
export function useWatch<T extends FieldValues>({ control, name }: { control: Control<T>; name?: string }) {
  useVersion(control);
  return name === undefined ? control.getValues() : control.getValues(name);
}

/** The rows of a list field, each with an id for React's key, and the ways to add, remove and replace them. */
export function useFieldArray<T extends FieldValues, N extends FieldArrayPath<T>>({
  control,
  name,
}: {
  control: Control<T>;
  name: N;
}) {
  useVersion(control);
  type Row = FieldArray<T, N>;
  const rows = (control.getValues(name) ?? []) as Row[];
  const ids = control.rowIds(name);
  return {
    fields: rows.map((row, i) => ({ ...(row as object), id: ids[i] ?? String(i) })) as (Row & {
      id: string;
    })[],
    append: (row: Row) =>
      control.editRows(name, (list, keys) => [
        [...list, row],
        [...keys, control.newRowId()],
      ]),
    remove: (index: number) =>
      control.editRows(name, (list, keys) => [
        list.filter((_, i) => i !== index),
        keys.filter((_, i) => i !== index),
      ]),
    replace: (next: Row[]) => control.editRows(name, () => [[...next], next.map(() => control.newRowId())]),
  };
}

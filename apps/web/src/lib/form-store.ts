/**
 * A form's values, errors and submit, without React (decision 038). The console's forms used react-hook-form, whose
 * 15.7 KiB (gzip) were what put every booking route within 15 KiB of its budget; they used a small part of it: values
 * edited through render props, a zod schema checking them on submit and again, field by field, after one, errors put
 * on fields from the service's answer, lists of rows. This is that part, with the same rules:
 *
 * - Nothing is checked before the first submit. Submit checks everything; after it, a change checks its own field.
 * - A submit with errors focuses the first field in error that has an element, and does not call the handler.
 * - Values are replaced, never changed in place: a reader holding the values (a draft kept as the agent types) sees a
 *   new object after each change, and the parts that did not change keep their identity.
 * - A check that was started before a later one (the resolver may be async) never overwrites the later one's result.
 */

/** A message on a field, from the schema or put there by the console (the service's refusal of that field). */
export interface FieldError {
  type: string;
  message?: string;
}

/** Errors by field, shaped like the values: `errors.contact.email`, and `errors.legs.root` for a list's own error. */
export type ErrorTree = { [key: string]: ErrorTree | FieldError | undefined };

/** What a resolver answers: the values to submit (as the schema read them), or errors by dotted path. */
export type ResolverResult<T> =
  | { values: T; errors: Record<string, never> }
  | { values: Record<string, never>; errors: ErrorTree };
export type Resolver<T> = (values: T) => Promise<ResolverResult<T>> | ResolverResult<T>;

type Listener = () => void;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const keys = (path: string) => (path === '' ? [] : path.split('.'));

/** The value at a dotted path (`rooms.0.guests.1.given_name`), or undefined. */
export function getAt(root: unknown, path: string): unknown {
  let here = root;
  for (const key of keys(path)) here = isObject(here) ? here[key] : undefined;
  return here;
}

/**
 * A copy of `root` with `value` at `path`: the objects and arrays along the path are copied, the rest shared. A
 * container made on the way is an array for a row number, unless `objects` (the errors: a list's own error is a `root`
 * key beside its rows', which an array would lose when copied).
 */
export function setAt<T>(root: T, path: string, value: unknown, objects = false): T {
  const [key, ...rest] = keys(path);
  if (key === undefined) return value as T;
  const here: unknown = root;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(here)
    ? [...here]
    : isObject(here)
      ? { ...here }
      : !objects && /^\d+$/.test(key)
        ? []
        : {};
  const child = (copy as Record<string, unknown>)[key];
  (copy as Record<string, unknown>)[key] = setAt(child, rest.join('.'), value, objects);
  return copy as T;
}

/** A copy of `root` without what is at `path`. */
function unsetAt<T extends object>(root: T, path: string): T {
  const [key, ...rest] = keys(path);
  if (key === undefined || !isObject(root)) return root;
  if (!(key in root)) return root;
  const copy = { ...(root as Record<string, unknown>) };
  if (rest.length === 0) delete copy[key];
  else {
    const child = copy[key];
    if (isObject(child)) {
      const next = unsetAt(child, rest.join('.'));
      if (Object.keys(next).length === 0) delete copy[key];
      else copy[key] = next;
    }
  }
  return copy as T;
}

const isError = (node: unknown): node is FieldError =>
  isObject(node) &&
  typeof node.type === 'string' &&
  (node.message === undefined || typeof node.message === 'string');

/** Whether any error is in the tree. */
export function hasErrors(tree: unknown): boolean {
  if (!isObject(tree)) return false;
  if (isError(tree)) return true;
  return Object.values(tree).some(hasErrors);
}

/** The errors a zod-shaped list of issues makes: the first message on each path, a list's own under `root`. */
export function nestIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[],
): ErrorTree {
  const flat = new Map<string, FieldError>();
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!flat.has(path)) flat.set(path, { type: issue.code ?? 'invalid', message: issue.message });
  }
  let tree: ErrorTree = {};
  const names = [...flat.keys()];
  for (const [path, error] of flat) {
    // A list's own error (too few rooms, legs that do not connect) sits beside its rows' errors, as `root`.
    const list = names.some((name) => name.startsWith(`${path}.`) && /^\d/.test(name.slice(path.length + 1)));
    tree = setAt(tree, list ? (path ? `${path}.root` : 'root') : path, error, true);
  }
  return tree;
}

/** What a field's change handler is given: an input's change event, or the value itself. */
function eventValue(event: unknown): unknown {
  if (isObject(event) && isObject(event.target) && 'value' in event.target) {
    const target = event.target as { type?: unknown; checked?: unknown; value: unknown };
    return target.type === 'checkbox' ? target.checked : target.value;
  }
  return event;
}

export interface SetValueOptions {
  /** Check the field now (as a change after a submit does). */
  shouldValidate?: boolean;
}

let nextRowId = 0;
const rowId = () => `row-${++nextRowId}`;

export class FormStore<T extends object> {
  private values: T;
  private errors: ErrorTree = {};
  private submitted = false;
  private submitting = false;
  private version = 0;
  private readonly listeners = new Set<Listener>();
  /** The element of each field that has one, in the order they were drawn: the first in error is focused. */
  private readonly elements = new Map<string, { focus: () => void }>();
  /** The rows' ids of each list, for React's keys: a row keeps its id while rows around it come and go. */
  private readonly rows = new Map<string, string[]>();
  /** Each check's turn; the turn of the last result written on each path ('' for the whole form). */
  private turn = 0;
  private readonly written = new Map<string, number>();

  constructor(
    private readonly defaults: T,
    private resolver: Resolver<T>,
  ) {
    this.values = defaults;
  }

  /** The form's checks as the screen now draws it (a schema may be made from what the page loaded). */
  setResolver(resolver: Resolver<T>) {
    this.resolver = resolver;
  }

  // For useSyncExternalStore: the version changes on every change of values, errors or submit state.
  readonly subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
  readonly getVersion = () => this.version;
  private changed() {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  get formState() {
    return { errors: this.errors, isSubmitted: this.submitted, isSubmitting: this.submitting };
  }

  readonly getValues = ((path?: string) => (path === undefined ? this.values : getAt(this.values, path))) as {
    (): T;
    (path: string): unknown;
  };

  /** The error on the field at `path`, when it has one of its own. */
  errorAt(path: string): FieldError | undefined {
    const node = getAt(this.errors, path);
    return isError(node) ? node : undefined;
  }

  /**
   * What is at `path` in the errors, as react-hook-form gave a field: its own error, or those of its parts (an
   * address's lines, a list's rows by number), or undefined when there are none.
   */
  errorsAt(path: string): ErrorTree | FieldError | undefined {
    const node = getAt(this.errors, path);
    return hasErrors(node) ? (node as ErrorTree | FieldError) : undefined;
  }

  readonly setValue = (path: string, value: unknown, options: SetValueOptions = {}) => {
    this.values = setAt(this.values, path, value);
    this.changed();
    if (options.shouldValidate) void this.check(path);
  };

  /** A field's change, from its control: checked at once after a submit (react-hook-form's re-validate on change). */
  readonly change = (path: string, event: unknown) => {
    this.setValue(path, eventValue(event), { shouldValidate: this.submitted });
  };

  readonly setError = (
    path: string,
    error: { message: string; type?: string },
    options: { shouldFocus?: boolean } = {},
  ) => {
    this.written.set(path, ++this.turn);
    this.errors = setAt(this.errors, path, { type: error.type ?? 'manual', message: error.message }, true);
    this.changed();
    if (options.shouldFocus) this.elements.get(path)?.focus();
  };

  readonly reset = () => {
    this.values = this.defaults;
    this.errors = {};
    this.submitted = false;
    this.rows.clear();
    this.written.set('', ++this.turn);
    this.changed();
  };

  /** Ties a field to its element (a ref callback's argument), or unties it (null). */
  bindElement(path: string, element: { focus: () => void } | null) {
    if (element) this.elements.set(path, element);
    else this.elements.delete(path);
  }

  /** Checks the form and writes the errors at `path` (and under it), unless a later check or error wrote there. */
  private async check(path: string) {
    const turn = ++this.turn;
    const result = await this.resolver(this.values);
    const latest = Math.max(
      this.written.get('') ?? 0,
      ...[...this.written]
        .filter(([p]) => p === path || path.startsWith(`${p}.`) || p.startsWith(`${path}.`))
        .map(([, t]) => t),
    );
    if (turn < latest) return;
    this.written.set(path, turn);
    const found = getAt(result.errors, path);
    const next = unsetAt(this.errors, path);
    this.errors = found === undefined ? next : setAt(next, path, found, true);
    this.changed();
  }

  /** The submit handler of a form element: checks everything, then calls `onValid` with the schema's values. */
  readonly handleSubmit =
    (onValid: (values: T) => unknown | Promise<unknown>) =>
    async (event?: { preventDefault?: () => void }) => {
      event?.preventDefault?.();
      const turn = ++this.turn;
      this.submitting = true;
      this.changed();
      let failure: unknown = null;
      try {
        const result = await this.resolver(this.values);
        this.written.set('', turn);
        this.errors = result.errors;
        if (!hasErrors(result.errors)) {
          try {
            await onValid(result.values as T);
          } catch (error) {
            failure = error;
          }
        } else this.focusFirstError();
      } finally {
        this.submitted = true;
        this.submitting = false;
        this.changed();
      }
      if (failure) throw failure;
    };

  private focusFirstError() {
    for (const [path, element] of this.elements)
      if (this.errorsAt(path)) {
        element.focus();
        return;
      }
  }

  /** The ids of a list's rows, one per row now in the values. */
  rowIds(path: string): string[] {
    const list = getAt(this.values, path);
    const length = Array.isArray(list) ? list.length : 0;
    let ids = this.rows.get(path) ?? [];
    if (ids.length !== length) {
      ids = ids.slice(0, length);
      while (ids.length < length) ids.push(rowId());
      this.rows.set(path, ids);
    }
    return ids;
  }

  /** Rows added, removed or replaced: the ids follow the rows, and the list is checked again after a submit. */
  editRows(path: string, edit: (rows: unknown[], ids: string[]) => [unknown[], string[]]) {
    const list = getAt(this.values, path);
    const [rows, ids] = edit(Array.isArray(list) ? [...list] : [], [...this.rowIds(path)]);
    this.rows.set(path, ids);
    this.values = setAt(this.values, path, rows);
    // Errors by row number would land on the wrong rows now: the list's errors go, and come back checked.
    this.errors = unsetAt(this.errors, path);
    this.changed();
    if (this.submitted) void this.check(path);
  }

  newRowId() {
    return rowId();
  }
}

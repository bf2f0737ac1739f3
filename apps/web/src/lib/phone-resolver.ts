import type { FieldValues, Resolver } from './use-form.ts';

type Path = readonly string[];

function at(values: unknown, path: Path): unknown {
  let here: unknown = values;
  for (const key of path)
    here = here && typeof here === 'object' ? (here as Record<string, unknown>)[key] : undefined;
  return here;
}

function withValue<T>(values: T, path: Path, value: string): T {
  const [key, ...rest] = path;
  if (key === undefined || !values || typeof values !== 'object') return values;
  const copy = { ...(values as Record<string, unknown>) };
  copy[key] = rest.length === 0 ? value : withValue(copy[key], rest, value);
  return copy as T;
}

/**
 * A form's resolver that first reads the phone numbers at `paths` as people write them (lib/phone.ts) and hands the
 * schema their E.164 form: any way a person writes a number is taken, and sent as the service takes it; only a
 * number that cannot be read is refused, by the schema, with its words. The phone library loads at the form's first
 * check, not with the screen.
 */
export function readingPhones<T extends FieldValues>(
  resolver: Resolver<T>,
  paths: readonly Path[],
): Resolver<T> {
  return async (values) => {
    const typed = paths.map((path) => at(values, path));
    if (!typed.some((value) => typeof value === 'string' && value.trim() !== '')) return resolver(values);
    const { e164 } = await import('./phone.ts');
    let read = values;
    paths.forEach((path, i) => {
      const value = typed[i];
      if (typeof value !== 'string' || value.trim() === '') return;
      read = withValue(read, path, e164(value) ?? value.trim());
    });
    return resolver(read);
  };
}

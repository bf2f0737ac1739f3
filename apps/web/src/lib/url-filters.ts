import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list screen's filters held in the URL: `filters` as the URL has them, `form` as the agent is typing them, `apply`
 * to write a set to the URL (empty ones left out) and `search` as the query string to ask the API with.
 * `keys` must be a constant.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(
    () => Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>,
    [params, keys],
  );
  const [form, setForm] = useState(filters);
  useEffect(() => setForm(filters), [filters]);
  const search = new URLSearchParams(
    Object.entries<string>(filters).filter(([, value]) => value !== ''),
  ).toString();
  const apply = (next: Record<K, string>) =>
    setParams(new URLSearchParams(Object.entries<string>(next).filter(([, value]) => value.trim() !== '')));
  const set = (key: K) => (value: string) => setForm((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(form);
  };
  return { filters, form, set, apply, search, submit };
}

/** A deep copy of `value` with the thing at `path` replaced (or removed, when `next` is undefined). For tests. */
export function withChange<T>(value: T, path: readonly (string | number)[], next: unknown): T {
  const copy = structuredClone(value);
  let cursor: unknown = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof cursor !== 'object' || cursor === null)
      throw new Error(`no ${String(key)} in path ${path.join('.')}`);
    cursor = (cursor as Record<string | number, unknown>)[key];
  }
  const last = path.at(-1);
  if (last === undefined || typeof cursor !== 'object' || cursor === null)
    throw new Error(`bad path ${path.join('.')}`);
  const target = cursor as Record<string | number, unknown>;
  if (next === undefined) delete target[last];
  else target[last] = next;
  return copy;
}

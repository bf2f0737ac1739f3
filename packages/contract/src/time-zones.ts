/** Time zones (decision 049): a module of its own, with no schema, so the shell can use it without the account's. */

/**
 * An IANA time zone name this runtime knows (`Europe/Paris`, `America/New_York`, `UTC`, an alias such as
 * `Europe/Kyiv`), not an offset (`+01:00`: a zone's offset changes with the season, an offset does not).
 */
export function isTimeZoneName(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

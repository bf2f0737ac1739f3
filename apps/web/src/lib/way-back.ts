import { z } from 'zod';
import { forget, keep, recall } from './remembered.ts';

/**
 * Where a person was going when the console sent them to sign in (decision 042). The sign-in page's `next` is followed
 * only within the same sign-in attempt: this tab must have sent them there (a link or bookmark of a sign-in address
 * carries no way back), and, when a sign-in ended under someone, only for that same person — a colleague signing in
 * next at the browser lands on their own start, not on the screen the last person left. Signing out leaves none.
 */
const KIND = 'sign-in';
const ID = 'way-back';
const WayBackSchema = z.object({ path: z.string(), for: z.string().nullable() });
const START = '/flights';

/**
 * A path of this console, as a browser would follow it: one starting `/`, with no backslash and no control character or
 * space a browser drops or changes inside a URL (`/\t/evil.example` is `//evil.example` once followed), and that
 * resolves to this origin.
 */
function insideConsole(path: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!path.startsWith('/') || path.startsWith('//') || /[\\\u0000-\u0020\u007f]/.test(path)) return false;
  const base = 'https://console.invalid';
  try {
    return new URL(path, base).origin === base;
  } catch {
    return false;
  }
}

/** The sign-in address for a person sent to sign in from `path`; `for` is whose sign-in ended (null: nobody's). */
export function signInPath(path: string, options: { expired?: boolean; for: string | null }): string {
  keep(KIND, ID, { path, for: options.for });
  return `/sign-in?${options.expired ? 'expired=1&' : ''}next=${encodeURIComponent(path)}`;
}

/** Where to go once `userId` signed in on a sign-in page whose address says `next`. */
export function wayBackFor(next: string | null, userId: string): string {
  if (!next || !insideConsole(next)) return START;
  const kept = recall(KIND, ID, WayBackSchema);
  if (!kept || kept.path !== next || (kept.for !== null && kept.for !== userId)) return START;
  return next;
}

/** The way back is used, or the person signed out: none is left for whoever comes next. */
export const forgetWayBack = () => forget(KIND, ID);

/** A console path held for after something (`/account?then=…`): only a path of the console, else none. */
export const consolePath = (path: string | null): string | null =>
  path && insideConsole(path) ? path : null;

/** A screen's name from its path, for "go on to …": its first part, as the main menu names it. */
export function screenName(path: string): string {
  const first = path.split(/[/?#]/)[1] ?? '';
  if (!first) return 'the console';
  return first.charAt(0).toUpperCase() + first.slice(1).replace(/-/g, ' ');
}

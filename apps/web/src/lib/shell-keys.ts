/**
 * The console's keys on every screen (decision 046), as Linear's and GitHub's: `/` to the screen's search field, `j` `k`
 * (or the arrows on a row) through the rows of its list, Enter on a row opens it, `?` lists the keys. None fires while
 * the agent types in a field, with Ctrl, ⌘ or Alt held (Ctrl+K stays the palette's), or in a dialog.
 */
export type ShellKey = 'search' | 'next' | 'previous' | 'open' | 'keys' | 'leave';

/** A key press as far as choosing the key needs it (read from a KeyboardEvent by `readPress`). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  isComposing: boolean;
  target: {
    tagName: string;
    isContentEditable: boolean;
    /** The screen's search field (`data-search-focus`), which Escape leaves for the screen. */
    isSearch: boolean;
    /** The element is a list's row (`data-row`). */
    isRow: boolean;
    /** The element is in a row (or is one). */
    inRow: boolean;
    /** The screen's heading, where a new screen puts focus. */
    isHeading: boolean;
    inDialog: boolean;
  };
}

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

export function shellKey(press: KeyPress): ShellKey | null {
  const { target } = press;
  if (press.defaultPrevented || press.isComposing || press.ctrlKey || press.metaKey || press.altKey)
    return null;
  // Out of the search field, back to the screen and its rows (a suggestion list open takes Escape first).
  if (press.key === 'Escape' && target.isSearch && !target.inDialog) return 'leave';
  if (TYPING.has(target.tagName) || target.isContentEditable || target.inDialog) return null;
  // The arrows scroll the page or move within a control, except on a row, the heading or nothing.
  const onList = target.isRow || target.isHeading || target.tagName === 'BODY';
  switch (press.key) {
    case '/':
      return 'search';
    case '?':
      return 'keys';
    case 'j':
      return 'next';
    case 'k':
      return 'previous';
    case 'ArrowDown':
      return onList ? 'next' : null;
    case 'ArrowUp':
      return onList ? 'previous' : null;
    case 'Enter':
      return target.isRow ? 'open' : null;
    default:
      return null;
  }
}

export function readPress(event: KeyboardEvent): KeyPress {
  const element = event.target instanceof HTMLElement ? event.target : document.body;
  return {
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    altKey: event.altKey,
    defaultPrevented: event.defaultPrevented,
    isComposing: event.isComposing,
    target: {
      tagName: element.tagName,
      isContentEditable: element.isContentEditable,
      isSearch: element.hasAttribute('data-search-focus'),
      isRow: element.hasAttribute('data-row'),
      inRow: element.closest('[data-row]') !== null,
      isHeading: element.tagName === 'H1',
      inDialog: element.closest('dialog, [role="dialog"], [role="alertdialog"]') !== null,
    },
  };
}

const shown = (element: HTMLElement) => element.getClientRects().length > 0;

/** The screen's field for `/`: the first one marked `data-search-focus` that is drawn. */
export function searchField(main: HTMLElement): HTMLElement | null {
  return [...main.querySelectorAll<HTMLElement>('[data-search-focus]')].find(shown) ?? null;
}

/**
 * Runs a key on the screen in `main`; `openKeys` shows the list of keys. A key with nothing to do here (no search
 * field, no rows) is left to the browser.
 */
export function runShellKey(
  event: KeyboardEvent,
  main: HTMLElement,
  openKeys: () => void,
  leave: () => void,
): void {
  const key = shellKey(readPress(event));
  if (!key) return;
  if (key === 'leave') {
    event.preventDefault();
    leave();
    return;
  }
  if (key === 'keys') {
    event.preventDefault();
    openKeys();
    return;
  }
  if (key === 'search') {
    const field = searchField(main);
    if (!field) return;
    event.preventDefault();
    field.focus();
    return;
  }
  const active = event.target instanceof HTMLElement ? event.target : null;
  if (key === 'open') {
    const open = active?.querySelector<HTMLElement>('[data-row-open]');
    if (!open) return;
    event.preventDefault();
    open.click();
    return;
  }
  const rows = [...main.querySelectorAll<HTMLElement>('[data-row]')].filter(shown);
  if (rows.length === 0) return;
  const current = active ? rows.findIndex((row) => row.contains(active)) : -1;
  const next = current < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, current + (key === 'next' ? 1 : -1)));
  event.preventDefault();
  const row = rows[next];
  if (!row) return;
  if (!row.hasAttribute('tabindex') && !row.matches('a[href], button')) row.tabIndex = -1;
  row.focus();
  row.scrollIntoView({ block: 'nearest' });
}

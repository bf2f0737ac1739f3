/**
 * Ctrl+K / ⌘K and the top bar's button ask for the palette here, in the shell itself; the palette's code comes later
 * (app/shell-extras.tsx) and finds a request made before it arrived. Keys typed while it is on its way are kept for
 * its search field, so an agent who types at once loses nothing.
 */
const OPEN = 'console:open-palette';
let pending = false;
/** Asked for and not yet open: keys go to it, not to the screen below. */
let waiting = false;
let open = false;
let typedAhead = '';

function holdKeys(event: KeyboardEvent): void {
  if (!waiting || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key.length === 1) typedAhead += event.key;
  else if (event.key === 'Backspace') typedAhead = typedAhead.slice(0, -1);
  else return;
  event.preventDefault();
}

export function requestPalette(): void {
  if (!open && !waiting) {
    typedAhead = '';
    waiting = true;
    window.addEventListener('keydown', holdKeys, true);
  }
  pending = true;
  window.dispatchEvent(new Event(OPEN));
}

/** Listens for requests; one made before this was called is answered at once. */
export function onPaletteRequest(openIt: () => void): () => void {
  const listener = () => {
    pending = false;
    openIt();
  };
  window.addEventListener(OPEN, listener);
  if (pending) listener();
  return () => window.removeEventListener(OPEN, listener);
}

/** What was typed between asking and the palette opening: its search field starts with it. */
export function typedBeforeOpen(): string {
  return typedAhead;
}

/** The palette is up (it takes its own keys from now on) or gone. */
export function paletteShown(shown: boolean): void {
  open = shown;
  if (shown && waiting) {
    waiting = false;
    window.removeEventListener('keydown', holdKeys, true);
  }
}

/** The shortcut, on the whole window: Ctrl+K or ⌘K (not with Alt). */
export function onPaletteKey(event: KeyboardEvent): void {
  if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) {
    event.preventDefault();
    requestPalette();
  }
}

/**
 * Ctrl+K / ⌘K and the top bar's button ask for the palette here, in the shell itself; the palette's code comes later
 * (app/shell-extras.tsx) and finds a request made before it arrived.
 */
const OPEN = 'console:open-palette';
let pending = false;

export function requestPalette(): void {
  pending = true;
  window.dispatchEvent(new Event(OPEN));
}

/** Listens for requests; one made before this was called is answered at once. */
export function onPaletteRequest(open: () => void): () => void {
  const listener = () => {
    pending = false;
    open();
  };
  window.addEventListener(OPEN, listener);
  if (pending) listener();
  return () => window.removeEventListener(OPEN, listener);
}

/** The shortcut, on the whole window: Ctrl+K or ⌘K (not with Alt). */
export function onPaletteKey(event: KeyboardEvent): void {
  if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) {
    event.preventDefault();
    requestPalette();
  }
}

/**
 * Where a screen's work starts: the element marked `data-screen-focus` inside `root`, else its heading. The shell moves
 * focus there on a route change; a screen calls this when its content has come, and it acts only while nothing holds
 * the focus (the page's body), so it never takes the focus from the shell, a field or a dialog.
 */
export function focusOnArrival(root: HTMLElement | null): void {
  const active = document.activeElement;
  if (!root || (active && active !== document.body)) return;
  (root.querySelector<HTMLElement>('[data-screen-focus]') ?? root.querySelector<HTMLElement>('h1'))?.focus();
}

/**
 * After an action whose control went away (Accept the new price): the form's next step — its first field while it is
 * empty, else its submit button, else the message it shows.
 */
export function focusNextStep(root: HTMLElement | null): void {
  if (!root) return;
  const field = root.querySelector<HTMLElement>('[data-screen-focus]');
  const empty = field instanceof HTMLInputElement ? field.value === '' : field !== null;
  const next = empty
    ? field
    : (root.querySelector<HTMLElement>('button[type="submit"]') ??
      root.querySelector<HTMLElement>('[role="alert"]'));
  next?.focus();
}

/**
 * Where a screen's first move puts focus (decision 046): the first element of the screen marked `data-screen-focus`
 * (a screen whose work starts in a field), else its heading, made focusable (`tabIndex = -1`). Never a hidden one.
 */
export function screenTarget(main: HTMLElement): HTMLElement | null {
  const marked = [...main.querySelectorAll<HTMLElement>('[data-screen-focus]')].find(shown);
  if (marked) return marked;
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading || !shown(heading)) return null;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

const shown = (element: HTMLElement) => element.getClientRects().length > 0;

const DIALOG = 'dialog, [role="dialog"], [role="alertdialog"]';

/**
 * Puts focus on the screen that has just opened, once it is drawn, and says its title (`announce`). Its heading first
 * (at once, so focus never waits on `<body>`), then the marked field when the screen draws it. It lets go at the
 * agent's first key or press, or when the screen puts focus somewhere of its own (a page that focuses its question);
 * until then focus taken back outside the screen without the agent (a closing palette giving focus back to the top
 * bar) is put back. Returns the stop.
 */
export function watchScreenFocus(main: HTMLElement, announce: (title: string) => void): () => void {
  let placed: HTMLElement | null = null;
  let title = '';
  const place = () => {
    const active = document.activeElement;
    // The screen chose a place for focus itself: it is left there.
    if (active instanceof HTMLElement && active !== placed && active !== main && main.contains(active)) {
      stop();
      return;
    }
    const heading = main.querySelector('h1')?.textContent?.trim() ?? '';
    if (heading && heading !== title) {
      title = heading;
      announce(heading);
    }
    const target = screenTarget(main);
    if (!target) return;
    if (active !== target) target.focus();
    placed = target;
  };
  // At most once a frame: a screen that streams (the flight offers) changes many times a second.
  let frame = 0;
  const observer = new MutationObserver(() => {
    if (frame === 0)
      frame = requestAnimationFrame(() => {
        frame = 0;
        place();
      });
  });
  observer.observe(main, { childList: true, subtree: true });
  // Focus given back outside the screen by a closing dialog (the palette that opened this screen hands focus back to
  // what had it before, or to nothing): taken back. Focus moved on from the screen itself or from another control (by
  // a screen reader, a script, the agent) is theirs: the watcher lets go, and never pulls it back later.
  const focusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || main.contains(target)) return;
    // A dialog that opened by itself (a proof asked for) keeps the focus it took.
    if (target.closest(DIALOG)) {
      stop();
      return;
    }
    const from = event.relatedTarget;
    if (from === null || (from instanceof Element && from.closest(DIALOG) !== null)) queueMicrotask(place);
    else stop();
  };
  const stop = () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
    document.removeEventListener('focusin', focusIn);
    window.removeEventListener('keydown', stop, true);
    window.removeEventListener('pointerdown', stop, true);
  };
  document.addEventListener('focusin', focusIn);
  window.addEventListener('keydown', stop, true);
  window.addEventListener('pointerdown', stop, true);
  place();
  return stop;
}

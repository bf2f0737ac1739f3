/**
 * Focus after an action (decision 046): on what it produced — the next form's first field, the result, the message —
 * the first of `candidates` still on the page, else the screen's heading; never `<body>`. An element that cannot take
 * focus by itself (a message, a heading) is made to (`tabIndex = -1`).
 */
export function focusAfter(...candidates: (Element | null | undefined)[]): void {
  const target =
    candidates.find((c): c is HTMLElement => c instanceof HTMLElement && c.isConnected) ??
    document.querySelector<HTMLElement>('main h1');
  if (!target) return;
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}

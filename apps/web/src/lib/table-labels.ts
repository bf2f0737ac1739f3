/**
 * On a phone a list's table is stacked rows (styles.css, `table.data`): each cell says which column it is, from its
 * column's header, as `data-label` (shown by CSS). Labelled here for every table of the console at once, as its rows
 * come and go, so no screen writes its headers twice (decision 048). A header whose words are all hidden (an actions
 * column) labels nothing; a cell spanning columns (a list's "nothing found" line) is not labelled.
 */
export function labelTable(table: HTMLTableElement): void {
  const headers: string[] = [];
  for (const th of Array.from(table.tHead?.rows[0]?.cells ?? [])) {
    const label = shownText(th);
    for (let span = 0; span < th.colSpan; span += 1) headers.push(label);
  }
  for (const body of Array.from(table.tBodies)) {
    for (const row of Array.from(body.rows)) {
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        const label = cell.colSpan === 1 ? (headers[column] ?? '') : '';
        // A label the screen wrote itself is kept (the wallet's statement names its cells its own way).
        if (label && cell.dataset.label === undefined) cell.dataset.label = label;
        column += cell.colSpan;
      }
    }
  }
}

/** A header's words as a sighted agent reads them: not what is only for a screen reader, nor what is hidden from one. */
function shownText(element: Element): string {
  let text = '';
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    else if (
      node instanceof Element &&
      !node.classList.contains('visually-hidden') &&
      node.getAttribute('aria-hidden') !== 'true'
    )
      text += ` ${shownText(node)} `;
  }
  return text.replace(/\s+/g, ' ').trim();
}

const TABLES = 'table.data';

/** Labels the tables under `root` now and whenever rows or headers are added under it; returns the stop. */
export function watchTableLabels(root: Element): () => void {
  for (const table of Array.from(root.querySelectorAll<HTMLTableElement>(TABLES))) labelTable(table);
  const observer = new MutationObserver((mutations) => {
    const tables = new Set<HTMLTableElement>();
    for (const mutation of mutations) {
      if (mutation.type === 'childList' && mutation.addedNodes.length === 0) continue;
      const target = mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
      const around = target?.closest<HTMLTableElement>(TABLES);
      if (around) tables.add(around);
      for (const node of Array.from(mutation.addedNodes)) {
        if (!(node instanceof Element)) continue;
        if (node instanceof HTMLTableElement && node.matches(TABLES)) tables.add(node);
        for (const table of Array.from(node.querySelectorAll<HTMLTableElement>(TABLES))) tables.add(table);
      }
    }
    for (const table of tables) labelTable(table);
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}

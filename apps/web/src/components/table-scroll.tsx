import type { ReactNode } from 'react';
import './table-scroll.css';

/**
 * A list's table that can be wider than the screen (a window beside another, a laptop zoomed to 125%, long emails)
 * scrolls sideways in its own box, so the page itself never does and the top bar stays whole. On a phone the table
 * is stacked rows instead, each cell labelled with its column (styles.css, lib/table-labels.ts): no box scrolls.
 */
export function TableScroll({ children }: { children: ReactNode }) {
  return <div className="table-scroll">{children}</div>;
}

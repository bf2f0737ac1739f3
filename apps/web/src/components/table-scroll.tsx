import type { ReactNode } from 'react';
import './table-scroll.css';

/**
 * A list's table that can be wider than the screen (a window beside another, a laptop zoomed to 125%, long emails)
 * scrolls sideways in its own box, so the page itself never does and the top bar stays whole.
 */
export function TableScroll({ children }: { children: ReactNode }) {
  return <div className="table-scroll">{children}</div>;
}

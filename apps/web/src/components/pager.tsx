import { type Matched, matchedWords } from '@console/contract';
import type { useUrlPage } from '../lib/url-page.ts';

/** What a page of a list says of itself: its rows, whether more follow and their cursor, the count where known. */
interface ListPage {
  data: readonly unknown[];
  has_more: boolean;
  next_cursor: string | null;
  matched?: Matched | null | undefined;
}

/**
 * The foot of a paged list: which page this is, how many matched where the console counted, and the way to the next
 * page (older rows) and back to the first. The browser's Back returns to the page before.
 */
export function Pager({
  label,
  nouns,
  paging,
  list,
}: {
  label: string;
  nouns: [one: string, many: string];
  paging: ReturnType<typeof useUrlPage>;
  list: ListPage | undefined;
}) {
  if (!list || (paging.page === 1 && !list.has_more)) return null;
  const cursor = list.next_cursor;
  return (
    <nav aria-label={label} className="pager row">
      <span className="muted small">
        Page {paging.page.toLocaleString('en-US')} · {list.data.length.toLocaleString('en-US')} shown
        {list.matched ? ` of ${matchedWords(list.matched, ...nouns)}` : ''}
      </span>
      {paging.page > 1 && (
        <button type="button" className="button" onClick={paging.first}>
          First page
        </button>
      )}
      {list.has_more && cursor && (
        <button type="button" className="button" onClick={() => paging.next(cursor)}>
          Next page
        </button>
      )}
    </nav>
  );
}

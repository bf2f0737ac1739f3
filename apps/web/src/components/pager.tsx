import { type Matched, matchedWords } from '@console/contract';
import type { useUrlPage } from '../lib/url-page.ts';
import './pager.css';

/** What a page of a list says of itself: its rows, whether more follow and their cursor, the count where known. */
interface ListPage {
  data: readonly unknown[];
  has_more: boolean;
  next_cursor: string | null;
  matched?: Matched | null | undefined;
}

/**
 * The foot of a paged list: which page this is, how many matched where the console counted, and the way to the next
 * page (older rows) and back to the first. The browser's Back returns to the page before. While the page the URL asks
 * for is on its way (the list still shows the one before, marked busy), it says so and its buttons wait: the rows
 * shown are not yet that page's, and the next cursor they carry would skip or repeat one.
 */
export function Pager({
  label,
  nouns,
  paging,
  list,
  loading = false,
}: {
  label: string;
  nouns: [one: string, many: string];
  paging: ReturnType<typeof useUrlPage>;
  list: ListPage | undefined;
  /** The rows shown are the page before's, kept while this one loads (`isPlaceholderData`). */
  loading?: boolean | undefined;
}) {
  if (!list || (paging.page === 1 && !list.has_more)) return null;
  const cursor = list.next_cursor;
  return (
    <nav aria-label={label} className="pager row">
      <span className="muted small">
        {loading
          ? `Loading page ${paging.page.toLocaleString('en-US')}…`
          : `Page ${paging.page.toLocaleString('en-US')} · ${list.data.length.toLocaleString('en-US')} shown${
              list.matched ? ` of ${matchedWords(list.matched, ...nouns)}` : ''
            }`}
      </span>
      {paging.page > 1 && (
        <button type="button" className="button" onClick={paging.first} disabled={loading}>
          First page
        </button>
      )}
      {list.has_more && cursor && (
        <button type="button" className="button" onClick={() => paging.next(cursor)} disabled={loading}>
          Next page
        </button>
      )}
    </nav>
  );
}

import { type Matched, matchedWords } from '@console/contract';

/**
 * The foot of a paged list: which page this is, how many matched where the console counted, and the way to the next
 * page (older rows) and back to the first. The browser's Back returns to the page before.
 */
export function Pager({
  label,
  page,
  shown,
  hasMore,
  matched,
  nouns,
  onNext,
  onFirst,
}: {
  label: string;
  page: number;
  shown: number;
  hasMore: boolean;
  matched?: Matched | null | undefined;
  nouns: [one: string, many: string];
  onNext: () => void;
  onFirst: () => void;
}) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label={label} className="pager row">
      <span className="muted small">
        Page {page.toLocaleString('en-US')} · {shown.toLocaleString('en-US')} shown
        {matched ? ` of ${matchedWords(matched, ...nouns)}` : ''}
      </span>
      {page > 1 && (
        <button type="button" className="button" onClick={onFirst}>
          First page
        </button>
      )}
      {hasMore && (
        <button type="button" className="button" onClick={onNext}>
          Next page
        </button>
      )}
    </nav>
  );
}

import { useSearchParams } from 'react-router';

/**
 * Which page of a keyset-paged list the screen shows, held in the URL (decision 023): `after` is the cursor the API
 * gave for it, `page` its number for the words on screen. A reload or a shared link shows the same page; the browser's
 * Back goes to the page before. Changing a filter writes a new query without them: the list starts again at the top.
 */
export function useUrlPage() {
  const [params, setParams] = useSearchParams();
  const after = params.get('after') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const go = (cursor: string | null, number: number) => {
    const next = new URLSearchParams(params);
    if (cursor) {
      next.set('after', cursor);
      next.set('page', String(number));
    } else {
      next.delete('after');
      next.delete('page');
    }
    setParams(next);
  };
  return {
    after,
    page,
    /** The API's query string for this page: the filters' `search` and the cursor. */
    query: (search: string) => {
      const q = new URLSearchParams(search);
      if (after) q.set('after', after);
      return q.toString();
    },
    next: (cursor: string) => go(cursor, page + 1),
    first: () => go(null, 1),
  };
}

import { LinkNotice } from '../../../components/link-notice.tsx';
import { readLink } from '../link-search.ts';
import type { SearchForm } from '../search-params.ts';
import { SearchFormPanel } from './search-form.tsx';

/**
 * The search form for a link that holds no complete search: filled with what the link holds and saying what it left
 * out. A chunk of its own, loaded only for such a link (the flight desk is at its JavaScript budget).
 */
export function LinkSearchForm({
  params,
  onSearch,
}: {
  params: URLSearchParams;
  onSearch: (form: SearchForm) => void;
}) {
  const link = readLink(params);
  return (
    <>
      <SearchFormPanel initial={link.values} onSearch={onSearch} />
      <LinkNotice dropped={link.dropped} />
    </>
  );
}

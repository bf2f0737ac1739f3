import { LinkNotice } from '../../../components/link-notice.tsx';
import { readLink } from '../link-search.ts';
import type { HotelForm } from '../search-params.ts';
import { HotelSearchForm } from './hotel-search-form.tsx';

/**
 * The search form for a link that holds no complete search: filled with what the link holds and saying what it left
 * out. A chunk of its own, loaded only for such a link (the hotel desk is at its JavaScript budget).
 */
export function LinkSearchForm({
  params,
  onSearch,
  onHotel,
}: {
  params: URLSearchParams;
  onSearch: (form: HotelForm) => void;
  onHotel: (form: HotelForm) => void;
}) {
  const link = readLink(params);
  return (
    <>
      <HotelSearchForm initial={link.values} onSearch={onSearch} onHotel={onHotel} />
      {link.dropped.length > 0 ? (
        <LinkNotice dropped={link.dropped} />
      ) : (
        params.get('place') && (
          <p className="notice">
            This link holds an incomplete search: choose a destination and dates above.
          </p>
        )
      )}
    </>
  );
}

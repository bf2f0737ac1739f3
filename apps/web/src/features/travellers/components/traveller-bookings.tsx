import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { orderPath } from '../../../lib/booking-path.ts';
import { formatMoney, whenLocal } from '../../../lib/format.ts';
import { travellerBookingsQuery } from '../api/travellers.ts';

const PRODUCT_LABELS = { flight: 'Flight', hotel: 'Hotel', activity: 'Activity' } as const;

/**
 * A traveller's bookings (decision 043): those saved from or picked for them, newest first, which follow them when
 * two profiles are merged. Only the bookings this user may reach are shown (decision 015).
 */
export function TravellerBookings({ id, focused = false }: { id: string; focused?: boolean }) {
  const pages = useInfiniteQuery(travellerBookingsQuery(id));
  const heading = useRef<HTMLHeadingElement>(null);
  // Arrived from a merge: the bookings of both are the work to look at.
  const loaded = pages.data !== undefined;
  useEffect(() => {
    if (focused && loaded) heading.current?.focus();
  }, [focused, loaded]);
  const rows = pages.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section className="card stack" aria-labelledby="traveller-bookings">
      <h2 id="traveller-bookings" ref={heading} tabIndex={-1}>
        Bookings
      </h2>
      {pages.error && <QueryErrorNotice query={pages} title="Could not load their bookings" />}
      {pages.data && rows.length === 0 && (
        <p className="muted small">No booking is linked to this traveller yet.</p>
      )}
      {rows.length > 0 && (
        <TableScroll>
          <table className="data">
            <thead>
              <tr>
                <th scope="col">Booking</th>
                <th scope="col">Product</th>
                <th scope="col">Status</th>
                <th scope="col">Total</th>
                <th scope="col">Made</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">
                    <Link to={orderPath(entry)}>{entry.summary}</Link>
                    <div className="muted small">{entry.reference ?? entry.id}</div>
                  </th>
                  <td>{PRODUCT_LABELS[entry.product]}</td>
                  <td>
                    <span className={`status-pill status-${entry.status}`}>{entry.status}</span>
                  </td>
                  <td>{formatMoney(entry.price?.client ?? entry.total)}</td>
                  <td>{whenLocal(entry.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {pages.hasNextPage && (
        <div>
          <button
            type="button"
            className="button"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {pages.isFetchingNextPage ? 'Loading…' : 'More bookings'}
          </button>
        </div>
      )}
    </section>
  );
}

import { ACTIVITY_BOOKING_STATUSES, type ActivityBookingStatus } from '@console/contract';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useActivityBookings, useActivityLedger } from '../../../lib/activity-bookings.ts';
import { formatMoney, sentence, whenLocal } from '../../../lib/format.ts';
import { readBookingsFilter } from '../search-params.ts';

const STATUSES: { id: ActivityBookingStatus | ''; label: string }[] = [
  { id: '', label: 'Any status' },
  ...ACTIVITY_BOOKING_STATUSES.map((s) => ({ id: s, label: sentence(s) })),
];

/** The office's activity bookings as the service lists them: status and email filters, a page at a time. */
export function ActivityBookingsPage() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readBookingsFilter(params), [params]);
  const [email, setEmail] = useState(filter.email);
  useEffect(() => setEmail(filter.email), [filter.email]);
  const bookings = useActivityBookings({
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.email ? { email: filter.email } : {}),
  });
  const rows = bookings.data?.pages.flatMap((page) => page.data) ?? [];
  const ledger = useActivityLedger(rows.map((row) => row.id)).data;
  const write = (next: { status: string; email: string }) => {
    const out = new URLSearchParams();
    if (next.status) out.set('status', next.status);
    if (next.email.trim()) out.set('email', next.email.trim());
    setParams(out);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    write({ status: filter.status, email });
  };

  return (
    <div className="page stack">
      <div className="page-head">
        <h1>Activity bookings</h1>
        <Link to="/activities">Find activities</Link>
      </div>
      <form aria-label="Filter activity bookings" className="row card" onSubmit={submit}>
        <SelectField
          label="Status"
          value={filter.status}
          options={STATUSES}
          onChange={(status) => write({ status, email })}
        />
        <TextField label="Customer email" type="email" value={email} onChange={setEmail} data-search-focus />
        <button type="submit" className="button search-button">
          Filter
        </button>
      </form>
      {bookings.error && <QueryErrorNotice query={bookings} title="Could not list the activity bookings" />}
      {bookings.isPending && <p className="loading">Loading activity bookings…</p>}
      {bookings.data && (
        <section aria-label="Bookings" aria-busy={bookings.isPlaceholderData || undefined}>
          {rows.length === 0 ? (
            <p className="empty">No activity booking matches.</p>
          ) : (
            <TableScroll>
              <table className="data">
                <thead>
                  <tr>
                    <th scope="col">Booking</th>
                    <th scope="col">What and when</th>
                    <th scope="col">Who</th>
                    <th scope="col">Total</th>
                    <th scope="col">Status</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id} data-row tabIndex={-1}>
                      <th scope="row">
                        <Link to={`/activities/bookings/${row.id}`} data-row-open>
                          {row.code ?? row.id}
                        </Link>
                      </th>
                      <td>{ledger?.get(row.id)?.summary ?? '—'}</td>
                      <td className="small">{ledger?.get(row.id)?.people.join(', ') || '—'}</td>
                      <td>
                        {ledger?.get(row.id)
                          ? formatMoney(ledger.get(row.id)?.total ?? { amount: '0', currency: 'USD' })
                          : '—'}
                      </td>
                      <td>
                        <span className={`status-pill status-${row.status}`}>{row.status}</span>
                      </td>
                      <td>{row.created_at ? whenLocal(row.created_at) : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          {bookings.hasNextPage && (
            <button
              type="button"
              className="button"
              disabled={bookings.isFetchingNextPage}
              onClick={() => void bookings.fetchNextPage()}
            >
              {bookings.isFetchingNextPage ? 'Loading…' : `Load more (${rows.length} shown)`}
            </button>
          )}
        </section>
      )}
    </div>
  );
}

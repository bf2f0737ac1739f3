import {
  ACTIVITY_BOOKING_STATUSES,
  FLIGHT_ORDER_STATUSES,
  HOTEL_ORDER_STATUSES,
  type LedgerList,
  matchedWords,
  PRODUCTS,
  type Product,
} from '@console/contract';
import { Link } from 'react-router';
import { Countdown } from '../../../components/countdown.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useActivityBookings, useActivityLedger } from '../../../lib/activity-bookings.ts';
import { formatMoney, whenLocal } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { agentTimeZone } from '../../../lib/time-zone.ts';
import { useUrlFilters } from '../../../lib/url-filters.ts';
import { useUrlPage } from '../../../lib/url-page.ts';
import { orderPath, useBookings } from '../api/bookings.ts';

export const PRODUCT_LABELS: Record<Product, string> = {
  flight: 'Flight',
  hotel: 'Hotel',
  activity: 'Activity',
};
// Every status any product's booking can be in, from the contract's state machines.
const STATUSES = [
  ...new Set<string>([...FLIGHT_ORDER_STATUSES, ...HOTEL_ORDER_STATUSES, ...ACTIVITY_BOOKING_STATUSES]),
];

const FILTER_KEYS = [
  'q',
  'product',
  'status',
  'agent',
  'created_from',
  'created_to',
  'margin_min',
  'sort',
] as const;
const SORTS = [
  { id: '', label: 'Newest first' },
  { id: 'margin_desc', label: 'Biggest margin first' },
  { id: 'client_desc', label: 'Highest client price first' },
] as const;

/** What the results bar says: how many matched where the console counted, else what this page holds. */
function resultWords(data: LedgerList, page: number): string {
  if (data.data.length === 0)
    return data.has_more
      ? 'No match among these bookings yet: the next page searches older ones.'
      : page > 1
        ? 'No more bookings match.'
        : 'No booking matches.';
  if (data.matched && page === 1) return matchedWords(data.matched, 'booking', 'bookings');
  const n = `${data.data.length} booking${data.data.length === 1 ? '' : 's'}`;
  return data.has_more ? `${n} on this page, more on the next` : n;
}

/** Every booking made through the console, all products in one list, a page at a time; filters and page in the URL. */
export function BookingsPage() {
  const { form, set, apply, search, submit } = useUrlFilters(FILTER_KEYS);
  const paging = useUrlPage();
  const admin = useMe().data?.user.role === 'admin';
  const bookings = useBookings(paging.query(search));
  // The export is every booking the filters match (net, fee and client price), not the page on screen.
  const csv = `/api/bookings?${new URLSearchParams([...new URLSearchParams(search), ['format', 'csv'], ['time_zone', agentTimeZone()]])}`;
  // Activity bookings the service knows that were not made through this console (another tool, the supplier): the
  // service's first page, less those the ledger knows (asked by id, whatever page of the desk they are on).
  const service = useActivityBookings({});
  const serviceIds = (service.data?.pages.flatMap((p) => p.data) ?? []).map((b) => b.id);
  const known = useActivityLedger(serviceIds);
  const elsewhere =
    !search && !paging.after && known.data
      ? (service.data?.pages.flatMap((p) => p.data) ?? []).filter((b) => !known.data.has(b.id))
      : [];
  const data = bookings.data;

  return (
    <div className="page stack">
      <div className="page-head">
        <h1>Bookings</h1>
        <Link to="/quotes">Quotes</Link>
        <Link to="/radar">Deadline radar</Link>
      </div>
      <form aria-label="Find bookings" className="card" onSubmit={submit}>
        <div className="row">
          <TextField
            label="Reference, name or email"
            data-search-focus
            value={form.q}
            onChange={set('q')}
            placeholder="PNR, client reference, passenger, guest…"
          />
          <SelectField
            label="Product"
            value={form.product}
            options={[
              { id: '', label: 'All products' },
              ...PRODUCTS.map((p) => ({ id: p, label: PRODUCT_LABELS[p] })),
            ]}
            onChange={(product) => apply({ ...form, product })}
          />
          <SelectField
            label="Status"
            value={form.status}
            options={[{ id: '', label: 'Any status' }, ...STATUSES.map((s) => ({ id: s, label: s }))]}
            onChange={(status) => apply({ ...form, status })}
          />
          {admin && <TextField label="Agent email" value={form.agent} onChange={set('agent')} />}
          <TextField
            label="Margin at least (USD)"
            value={form.margin_min}
            onChange={set('margin_min')}
            inputMode="decimal"
          />
          <SelectField
            label="Order"
            value={(SORTS.find((s) => s.id === form.sort)?.id ?? '') as (typeof SORTS)[number]['id']}
            options={SORTS}
            onChange={(sort) => apply({ ...form, sort })}
          />
          <DateField
            label="Made from"
            value={form.created_from || null}
            onChange={(v) => set('created_from')(v ?? '')}
          />
          <DateField
            label="Made up to"
            value={form.created_to || null}
            onChange={(v) => set('created_to')(v ?? '')}
          />
          <button type="submit" className="button primary search-button">
            Search
          </button>
          <a className="button search-button" href={csv} download>
            Export CSV
          </a>
        </div>
      </form>
      {bookings.error && <QueryErrorNotice query={bookings} title="Could not list the bookings" />}
      {bookings.isPending && <p className="loading">Loading bookings…</p>}
      {data && (
        <section aria-label="Bookings found" aria-busy={bookings.isPlaceholderData || undefined}>
          <p role="status" className="results-bar">
            {resultWords(data, paging.page)}
          </p>
          {data.data.length > 0 && (
            <TableScroll>
              <table className="data bookings">
                <thead>
                  <tr>
                    <th scope="col">Booking</th>
                    <th scope="col">Product</th>
                    <th scope="col">Who</th>
                    <th scope="col">Status</th>
                    <th scope="col">Client pays</th>
                    <th scope="col">Margin</th>
                    <th scope="col">Deadline</th>
                    {admin && <th scope="col">Agent</th>}
                    <th scope="col">Made</th>
                  </tr>
                </thead>
                <tbody>
                  {data.data.map((entry) => (
                    <tr key={entry.id} data-row tabIndex={-1}>
                      <th scope="row">
                        <Link to={orderPath(entry)} data-row-open>
                          {entry.summary}
                        </Link>
                        <div className="muted small">
                          {entry.reference ?? entry.id}
                          {entry.client_reference ? ` · ${entry.client_reference}` : ''}
                        </div>
                      </th>
                      <td>{PRODUCT_LABELS[entry.product]}</td>
                      <td className="small">{entry.people.join(', ')}</td>
                      <td>
                        <span className={`status-pill status-${entry.status}`}>{entry.status}</span>
                        {entry.checked_at && (
                          <div className="muted small" title="When the console last read it from the service">
                            read {whenLocal(entry.checked_at)}
                          </div>
                        )}
                      </td>
                      <td>
                        {formatMoney(entry.price?.client ?? entry.total)}
                        {entry.price && <div className="muted small">net {formatMoney(entry.total)}</div>}
                      </td>
                      <td>
                        {entry.price ? formatMoney(entry.price.fee) : '—'}
                        {entry.price?.fee_reason && (
                          <div className="muted small" title={entry.price.fee_reason}>
                            set by hand
                          </div>
                        )}
                      </td>
                      <td>{entry.deadline ? <Countdown deadline={entry.deadline} label="" /> : '—'}</td>
                      {admin && <td className="small">{entry.agent.email}</td>}
                      <td className="small">{whenLocal(entry.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          <Pager
            label="Pages of bookings"
            nouns={['booking', 'bookings']}
            paging={paging}
            list={data}
            loading={bookings.isPlaceholderData}
          />
        </section>
      )}
      {elsewhere.length > 0 && (
        <section aria-labelledby="elsewhere-title" className="stack">
          <h2 id="elsewhere-title">Activity bookings made outside this console</h2>
          <ul>
            {elsewhere.map((b) => (
              <li key={b.id}>
                <Link to={`/activities/bookings/${b.id}`}>{b.code ?? b.id}</Link> · {b.status}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

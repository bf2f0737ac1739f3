import { Link, useParams } from 'react-router';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { formatMoney, whenLocal } from '../../../lib/format.ts';
import { quotePdfHref, useQuote } from '../api/quotes.ts';
import './quote-page.css';

/**
 * One quote (decision 034): each option at the client's price as quoted and as it is now, until when it holds, and the
 * way into the usual booking flow; the PDF for the client (client prices only).
 */
export function QuotePage() {
  const { quoteId = '' } = useParams();
  const quote = useQuote(quoteId);
  if (quote.error) return <QueryErrorNotice query={quote} title="Could not open the quote" />;
  if (!quote.data) return <p className="loading">Pricing the options again…</p>;
  const q = quote.data;
  return (
    <div className="page stack">
      <div className="page-head">
        <h1>Quote for {q.client_name}</h1>
        <span className={`status-pill status-${q.status}`}>{q.status}</span>
        <a className="button" href={quotePdfHref(q.id)} download>
          Download the quote (PDF)
        </a>
      </div>
      <p className="muted">
        {q.client_email ? `${q.client_email} · ` : ''}made {whenLocal(q.created_at)} by {q.agent.email}
        {q.booking_id && (
          <>
            {' '}
            · booked: <Link to={`/bookings?q=${encodeURIComponent(q.booking_id)}`}>{q.booking_id}</Link>
          </>
        )}
      </p>
      {q.note && <p>{q.note}</p>}
      <ol className="stack quote-options">
        {q.options.map((option) => {
          const moved = option.now?.client && option.now.client.amount !== option.client.amount;
          return (
            <li key={option.book_path} className="card stack">
              <strong>{option.label}</strong>
              <p>
                The client pays <strong>{formatMoney(option.client)}</strong> as quoted{' '}
                <span className="muted small">
                  (net {formatMoney(option.net)}, fee {formatMoney(option.fee)})
                </span>
                {option.expires_at
                  ? ` · holds until ${whenLocal(option.expires_at)}`
                  : ' · checked again when booked'}
              </p>
              {option.now && !option.now.available && (
                <p role="status" className="notice">
                  This option can no longer be had: gather another for the client.
                </p>
              )}
              {moved && option.now?.client && (
                <p role="status" className="notice">
                  Its price now: <strong>{formatMoney(option.now.client)}</strong>. Tell the client before
                  booking.
                </p>
              )}
              {q.status === 'open' && option.now?.available !== false && (
                <div>
                  <Link
                    className="button primary"
                    to={`${option.book_path}${option.book_path.includes('?') ? '&' : '?'}quote=${encodeURIComponent(q.id)}`}
                  >
                    Book this option
                  </Link>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

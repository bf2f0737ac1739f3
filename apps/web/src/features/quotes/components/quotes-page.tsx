import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatMoney, whenLocal } from '../../../lib/format.ts';
import { BASKET_LIMIT, basket, useBasket } from '../../../lib/quote-basket.ts';
import { useUrlFilters } from '../../../lib/url-filters.ts';
import { useUrlPage } from '../../../lib/url-page.ts';
import { useMakeQuote, useQuotes } from '../api/quotes.ts';

const KEYS = ['q'] as const;
const STATUS_WORDS = { open: 'open', booked: 'booked', expired: 'expired' } as const;

/**
 * Quotes (decision 034): the options gathered in this tab made into a quote for a client, and the office's quotes,
 * found by the start of the client's name.
 */
export function QuotesPage() {
  const { filters, form, set, submit } = useUrlFilters(KEYS);
  const paging = useUrlPage();
  const list = useQuotes(filters.q, paging.after ?? '');
  return (
    <div className="page stack">
      <div className="page-head">
        <h1>Quotes</h1>
        <Link to="/bookings">Bookings</Link>
      </div>
      <NewQuote />
      <form aria-label="Find quotes" className="card row" onSubmit={submit}>
        <TextField
          label="Client's name"
          data-search-focus
          value={form.q}
          onChange={set('q')}
          placeholder="The start of the name"
        />
        <button type="submit" className="button primary search-button">
          Find
        </button>
      </form>
      {list.error && <QueryErrorNotice query={list} title="Could not list the quotes" />}
      {list.data && (
        <section aria-label="Quotes found" className="stack">
          {list.data.data.length === 0 ? (
            <p className="empty">
              No quote {filters.q ? `for a client whose name starts “${filters.q}”` : 'yet'}.
            </p>
          ) : (
            <TableScroll>
              <table className="data">
                <thead>
                  <tr>
                    <th scope="col">Client</th>
                    <th scope="col">Options</th>
                    <th scope="col">Status</th>
                    <th scope="col">Made</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.data.map((quote) => (
                    <tr key={quote.id} data-row tabIndex={-1}>
                      <th scope="row">
                        <Link to={`/quotes/${quote.id}`} data-row-open>
                          {quote.client_name}
                        </Link>
                      </th>
                      <td>
                        {quote.options.length} · from{' '}
                        {formatMoney(
                          quote.options.reduce((low, o) =>
                            Number(o.client.amount) < Number(low.client.amount) ? o : low,
                          ).client,
                        )}
                      </td>
                      <td>
                        <span className={`status-pill status-${quote.status}`}>
                          {STATUS_WORDS[quote.status]}
                        </span>
                      </td>
                      <td className="small">
                        {whenLocal(quote.created_at)} · {quote.agent.email}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          <Pager
            label="Pages of quotes"
            nouns={['quote', 'quotes']}
            paging={paging}
            list={list.data}
            loading={list.isPlaceholderData}
          />
        </section>
      )}
    </div>
  );
}

/** The options gathered in this tab, made into a quote for a client. */
function NewQuote() {
  const gathered = useBasket();
  const make = useMakeQuote();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const wrong = (param: string) =>
    make.error instanceof ApiError && make.error.param === param
      ? make.error.message.replace(/^\w+: /, '')
      : undefined;
  return (
    <form
      aria-label="New quote"
      className="card stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        make.mutate(
          {
            client_name: name,
            ...(email.trim() ? { client_email: email.trim() } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
            options: gathered.map((o) => o.request),
          },
          {
            onSuccess: (quote) => {
              basket.clear();
              void navigate(`/quotes/${quote.id}`);
            },
          },
        );
      }}
    >
      <h2>New quote</h2>
      {gathered.length === 0 ? (
        <p className="muted">
          Gather up to {BASKET_LIMIT} options with “Add to a quote” on a flight’s, a hotel rate’s or an
          activity’s booking page; they wait here.
        </p>
      ) : (
        <ol className="quote-options">
          {gathered.map((option, index) => (
            <li key={JSON.stringify(option.request)}>
              {option.label}{' '}
              <button type="button" className="link-button" onClick={() => basket.remove(index)}>
                Take out
              </button>
            </li>
          ))}
        </ol>
      )}
      <div className="row wrap">
        <TextField
          label="Client's name"
          value={name}
          onChange={setName}
          maxLength={120}
          error={wrong('client_name')}
        />
        <TextField
          label="Client's email (optional)"
          type="email"
          value={email}
          onChange={setEmail}
          error={wrong('client_email')}
        />
      </div>
      <TextField label="Note for the client (optional)" value={note} onChange={setNote} maxLength={1000} />
      {make.error && !wrong('client_name') && !wrong('client_email') && (
        <ErrorNotice error={make.error} title="The quote was not made" />
      )}
      <div>
        <button type="submit" className="button primary" disabled={gathered.length === 0 || make.isPending}>
          {make.isPending
            ? 'Pricing the options…'
            : `Make the quote (${gathered.length} option${gathered.length === 1 ? '' : 's'})`}
        </button>
      </div>
    </form>
  );
}

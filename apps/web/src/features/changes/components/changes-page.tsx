import { type ChangeList, PRODUCTS } from '@console/contract';
import { Link } from 'react-router';
import { ChangeCard } from '../../../components/booking-changes.tsx';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { orderPath } from '../../../lib/booking-path.ts';
import { useMe } from '../../../lib/me.ts';
import { useUrlFilters } from '../../../lib/url-filters.ts';
import { useUrlPage } from '../../../lib/url-page.ts';
import { PRODUCT_WORDS, useChanges } from '../api/changes.ts';

const FILTER_KEYS = ['state', 'product'] as const;
const STATES = [
  { id: '', label: 'To act on' },
  { id: 'handled', label: 'Handled' },
] as const;

function resultWords(list: ChangeList, handled: boolean, page: number): string {
  const n = list.data.length;
  if (n === 0)
    return page > 1
      ? 'No more changes.'
      : handled
        ? 'No change has been handled yet.'
        : 'Nothing to act on. The console reads every live booking again and lists here what changed by itself.';
  const words = `${n} change${n === 1 ? '' : 's'}${handled ? ' handled' : ' to act on'}`;
  return list.has_more ? `${words} on this page, more on the next` : `${words}, nearest travel first`;
}

/**
 * What changed on bookings by itself (decision 037): schedule and date changes, cancellations and refunds made outside
 * the console, holds that lapsed, bookings the service no longer knows. Nearest travel first; the agent's own, or the
 * office's for one who sees it. State, product and page are in the URL.
 */
export function ChangesPage() {
  const { filters, apply, search } = useUrlFilters(FILTER_KEYS);
  const paging = useUrlPage();
  const myId = useMe().data?.user.id;
  const changes = useChanges(paging.query(search));
  const handled = filters.state === 'handled';
  const data = changes.data;
  return (
    <div className="page stack">
      <div className="page-head">
        <h1>Changes</h1>
        <Link to="/bookings">Bookings</Link>
        <Link to="/radar">Deadline radar</Link>
      </div>
      <p className="muted">
        What changed on bookings by itself: the airline moved a flight, a supplier cancelled, a hold lapsed.
        Tell the client, then mark it handled with what you did.
      </p>
      <form aria-label="Which changes" className="card row" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label="Show"
          value={handled ? 'handled' : ''}
          options={STATES}
          onChange={(state) => apply({ ...filters, state })}
        />
        <SelectField
          label="Product"
          value={filters.product as '' | (typeof PRODUCTS)[number]}
          options={[
            { id: '', label: 'All products' },
            ...PRODUCTS.map((p) => ({ id: p, label: PRODUCT_WORDS[p] })),
          ]}
          onChange={(product) => apply({ ...filters, product })}
        />
      </form>
      {changes.error && <QueryErrorNotice query={changes} title="Could not list the changes" />}
      {changes.isPending && <p className="loading">Loading changes…</p>}
      {data && (
        <section
          aria-label="Changes found"
          aria-busy={changes.isPlaceholderData || undefined}
          className="stack"
          data-changes
        >
          <p role="status" className="results-bar" data-changes-message tabIndex={-1}>
            {resultWords(data, handled, paging.page)}
          </p>
          {data.data.map((change) => (
            <ChangeCard key={change.id} change={change} heading="h2" row>
              <p>
                <Link to={orderPath({ id: change.booking_id, product: change.product })} data-row-open>
                  {PRODUCT_WORDS[change.product]} {change.reference ?? change.booking_id}
                </Link>{' '}
                · {change.booking_summary}
                {change.travel_on && <> · travels {change.travel_on}</>}
                {change.agent.id !== myId && <span className="muted small"> · {change.agent.email}</span>}
              </p>
            </ChangeCard>
          ))}
          <Pager
            label="Pages of changes"
            nouns={['change', 'changes']}
            paging={paging}
            list={data}
            loading={changes.isPlaceholderData}
          />
        </section>
      )}
    </div>
  );
}

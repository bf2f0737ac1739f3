import type { FlightOffer } from '@console/contract';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { loadOrReload } from '../../../lib/new-version.ts';
import { type StreamState, useFlightSearchStream } from '../api/flight-search-stream.ts';
import { rememberOffer } from '../api/offers.ts';
import {
  readSearch,
  readView,
  type SearchForm,
  SORTS,
  type SortId,
  viewOffers,
  writeLegs,
} from '../search-params.ts';
import { CheckGroup } from './check-group.tsx';
import { SearchFormPanel } from './search-form.tsx';

// The details dialog (and the dialog kit it is built with) loads on the first "Details" click, not with the page.
// The virtualised result list loads as soon as a search starts, in parallel with the stream's first answer.
const loadOfferList = () => import('./offer-list.tsx');
const OfferList = lazy(async () => ({ default: (await loadOrReload(loadOfferList)).OfferList }));
const LinkSearchForm = lazy(async () => ({
  default: (await loadOrReload(() => import('./link-search-form.tsx'))).LinkSearchForm,
}));
const OfferDialog = lazy(async () => ({
  default: (await loadOrReload(() => import('./offer-dialog.tsx'))).OfferDialog,
}));

const STOPS = [
  { id: '0', label: 'Direct' },
  { id: '1', label: '1 stop' },
  { id: '2', label: '2+ stops' },
];
const BAGS = [{ id: 'bags', label: 'Checked bag included' }];
const TIMES = [
  { id: 'am', label: 'Before noon' },
  { id: 'pm', label: 'Noon or later' },
];

export function FlightSearchPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<FlightOffer | null>(null);
  const select = (offer: FlightOffer) => {
    rememberOffer(offer);
    void navigate(`/flights/book/${offer.id}?${params.toString()}`);
  };
  const search = useMemo(() => readSearch(params), [params]);
  // A link with no complete search fills in what it can and says what it left out.
  const partLink = !search && params.size > 0;
  const view = readView(params);
  const requestKey = search ? JSON.stringify(search.request) : '';
  const stream = useFlightSearchStream(search?.request ?? null, requestKey);
  useEffect(() => {
    // Asked for in a task of its own: the loader adds a link for each file the list needs, ~20 ms at 4x CPU that
    // lengthened the first screen's commit, the longest task of its load (Lighthouse mobile).
    if (search) setTimeout(() => loadOfferList().catch(() => undefined), 0);
  }, [search]);
  const shown = useMemo(() => viewOffers(stream.offers, view), [stream.offers, view]);
  const airlines = useMemo(
    () =>
      [...new Map(stream.offers.map((o) => [o.validating_airline, o.airline_name])).entries()].sort((a, b) =>
        a[1].localeCompare(b[1]),
      ),
    [stream.offers],
  );

  const setView = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  const onSearch = (form: SearchForm) => {
    const next = new URLSearchParams({
      adults: String(form.adults),
      children: String(form.children),
      infants: String(form.infants),
      cabin: form.cabin,
    });
    if (form.trip === 'multi') next.set('legs', writeLegs(form.legs));
    else {
      next.set('from', form.from ?? '');
      next.set('to', form.to ?? '');
      next.set('depart', form.depart ?? '');
      if (form.trip === 'return' && form.return) next.set('return', form.return);
    }
    setParams(next);
  };

  return (
    <div className="page">
      <h1>Flights</h1>
      {partLink ? (
        <Suspense fallback={<p className="loading">Reading the link…</p>}>
          <LinkSearchForm key={params.toString()} params={params} onSearch={onSearch} />
        </Suspense>
      ) : (
        <SearchFormPanel key={requestKey} initial={search?.form ?? null} onSearch={onSearch} />
      )}
      {search && (
        <section className="results" aria-label="Results">
          <div className="results-bar flight-results-bar">
            {/* One line whose words change in place: a live region read out as it changes, not a new element each time. */}
            <div role="status" aria-live="polite" className="search-status">
              <span className={stream.status === 'searching' ? 'searching' : undefined}>
                {statusLine(stream, shown.length)}
              </span>
            </div>
            {stream.status === 'searching' && (
              <button type="button" className="button" onClick={stream.cancel}>
                Cancel search
              </button>
            )}
            <SelectField<SortId>
              label="Sort by"
              value={view.sort}
              onChange={(sort) => setView({ sort })}
              options={SORTS}
            />
          </div>
          {stream.error && (
            <ErrorNotice
              error={stream.error}
              title="The search ran into a problem"
              retry={{ label: 'Search again', onClick: stream.retry }}
            />
          )}
          {/* "waiting": nothing shown yet while the search runs; on a phone the filters wait for the first offers (styles.css). */}
          <div
            className={
              stream.status === 'searching' && shown.length === 0 ? 'results-body waiting' : 'results-body'
            }
          >
            <aside className="filters card" aria-label="Filters">
              <CheckGroup
                legend="Stops"
                options={STOPS}
                value={view.stops.map(String)}
                onChange={(v) => setView({ stops: v.join(',') })}
              />
              <CheckGroup
                legend="Baggage"
                options={BAGS}
                value={view.bags ? ['bags'] : []}
                onChange={(v) => setView({ bags: v.includes('bags') ? '1' : null })}
              />
              <CheckGroup
                legend="Departure time"
                options={TIMES}
                value={
                  view.departFrom === 0 && view.departTo === 12
                    ? ['am']
                    : view.departFrom === 12
                      ? ['pm']
                      : []
                }
                onChange={(v) =>
                  setView(
                    v.includes('am') && !v.includes('pm')
                      ? { dep_from: '0', dep_to: '12' }
                      : v.includes('pm') && !v.includes('am')
                        ? { dep_from: '12', dep_to: '24' }
                        : { dep_from: null, dep_to: null },
                  )
                }
              />
              {airlines.length > 0 && (
                <CheckGroup
                  legend="Airlines"
                  options={airlines.map(([id, label]) => ({ id, label }))}
                  value={view.airlines}
                  onChange={(v) => setView({ airlines: v.join(',') })}
                />
              )}
            </aside>
            {shown.length > 0 ? (
              <Suspense fallback={<p className="loading">Showing {shown.length} offers…</p>}>
                <OfferList offers={shown} onDetails={setDetail} onSelect={select} />
              </Suspense>
            ) : (
              stream.status !== 'searching' && (
                <p className="empty">
                  {stream.offers.length > 0 ? 'No offers match these filters.' : 'No offers.'}
                </p>
              )
            )}
          </div>
        </section>
      )}
      {detail && (
        <Suspense fallback={null}>
          <OfferDialog offer={detail} onClose={() => setDetail(null)} onSelect={select} />
        </Suspense>
      )}
    </div>
  );
}

/** The search's status line, in words: how far the search is, or what it found. */
function statusLine(stream: StreamState, showing: number): string {
  const found = stream.offers.length;
  switch (stream.status) {
    case 'searching':
      return `Still searching… ${found} offers so far${
        stream.providersTotal
          ? ` (${stream.providersAnswered ?? 0} of ${stream.providersTotal} providers)`
          : ''
      }`;
    case 'done':
      return `${found} offers found · showing ${showing}`;
    case 'cancelled':
      return `Search cancelled · ${found} offers found before it stopped`;
    default:
      return '';
  }
}

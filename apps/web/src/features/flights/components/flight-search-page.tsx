import type { FlightOffer } from '@console/contract';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { loadOrReload } from '../../../lib/new-version.ts';
import { type StreamState, useFlightSearchStream } from '../api/flight-search-stream.ts';
import { rememberOffer } from '../api/offers.ts';
import {
  DENSITIES,
  type DensityId,
  readSearch,
  readView,
  type SearchForm,
  SORTS,
  type SortId,
  writeLegs,
} from '../search-params.ts';
import { SearchFormPanel } from './search-form.tsx';

// The details dialog (and the dialog kit it is built with) loads on the first "Details" click, not with the page.
// The results (filters, grid and the virtualised list) load as soon as a search starts, in parallel with the
// stream's first answer.
const loadOfferResults = () => import('./offer-results.tsx');
const OfferResults = lazy(async () => ({ default: (await loadOrReload(loadOfferResults)).OfferResults }));
const LinkSearchForm = lazy(async () => ({
  default: (await loadOrReload(() => import('./link-search-form.tsx'))).LinkSearchForm,
}));
const OfferDialog = lazy(async () => ({
  default: (await loadOrReload(() => import('./offer-dialog.tsx'))).OfferDialog,
}));

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
  const view = useMemo(() => readView(params), [params]);
  const requestKey = search ? JSON.stringify(search.request) : '';
  const stream = useFlightSearchStream(search?.request ?? null, requestKey);
  useEffect(() => {
    // Asked for in a task of its own: the loader adds a link for each file the list needs, ~20 ms at 4x CPU that
    // lengthened the first screen's commit, the longest task of its load (Lighthouse mobile).
    if (search) setTimeout(() => loadOfferResults().catch(() => undefined), 0);
  }, [search]);
  // How many offers the filters keep, told by the results once they have worked it out.
  const [shownCount, setShownCount] = useState(0);
  const onShown = useCallback((count: number) => setShownCount(count), []);
  const searched = useMemo(() => (search ? search.request.slices : []), [search]);
  const party = useMemo(
    () => ({
      adults: search?.form.adults ?? 1,
      children: search?.form.children ?? 0,
      infants: search?.form.infants ?? 0,
    }),
    [search],
  );
  // A return asked for with its date left empty: the proposed one is searched, and the link says so.
  useEffect(() => {
    if (search?.form.trip === 'return' && search.form.return && params.get('return') === '') {
      const next = new URLSearchParams(params);
      next.set('return', search.form.return);
      setParams(next, { replace: true });
    }
  }, [search, params, setParams]);

  const setView = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

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
                {statusLine(stream, shownCount)}
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
            <SelectField<DensityId>
              label="Rows"
              value={view.density}
              onChange={(density) => setView({ density: density === 'compact' ? null : density })}
              options={DENSITIES}
            />
          </div>
          {stream.error && (
            <ErrorNotice
              error={stream.error}
              title="The search ran into a problem"
              retry={{ label: 'Search again', onClick: stream.retry }}
            />
          )}
          {stream.offers.length > 0 || stream.status !== 'searching' ? (
            <Suspense fallback={<p className="loading">Showing {stream.offers.length} offers…</p>}>
              <OfferResults
                offers={stream.offers}
                view={view}
                setView={setView}
                searched={searched}
                party={party}
                searching={stream.status === 'searching'}
                onShown={onShown}
                onDetails={setDetail}
                onSelect={select}
              />
            </Suspense>
          ) : null}
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

import { type Facet, type HotelCitySearch, type HotelSummary, hotelFeeScope } from '@console/contract';
import {
  lazy,
  memo,
  Suspense,
  startTransition,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { formatCount, formatMoney } from '../../../lib/format.ts';
import { mediaUrl } from '../../../lib/media.ts';
import { loadOrReload } from '../../../lib/new-version.ts';
import { useHotelSearch } from '../api/hotels.ts';
import { whereText } from '../read.ts';
import {
  clearFilters,
  type HotelForm,
  isFilterOn,
  PAGE_SIZES,
  readCitySearch,
  readFilters,
  readForm,
  readView,
  stayParams,
  toggleFilter,
  type UrlFilters,
  writeForm,
} from '../search-params.ts';
import { HotelSearchForm } from './hotel-search-form.tsx';
import '../hotels.css';

const LinkSearchForm = lazy(async () => ({
  default: (await loadOrReload(() => import('./link-search-form.tsx'))).LinkSearchForm,
}));

const SIZES = PAGE_SIZES.map((n) => ({ id: String(n), label: `${n} per page` }));

export function HotelSearchPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const request = useMemo(() => readCitySearch(params), [params]);
  const form = useMemo(() => readForm(params), [params]);
  // A link with no complete search fills in what it can and says what it left out.
  const partLink = !form && params.size > 0;
  const search = useHotelSearch(request);
  const view = readView(params);
  const filters = useMemo(() => readFilters(params), [params]);
  const stay = form ? stayParams(form).toString() : '';
  // An answer is drawn in a transition React yields from: the query hands it over in a synchronous render (React
  // Query's store), and the cards, facets and pages drawn there were one task of 150–230 ms on a slow phone.
  const current = search.data?.mode === 'city' ? search.data : null;
  const results = useDeferredValue(current);
  // The answer on screen may be the last one while the next loads, or while the new one is being drawn: it is then
  // marked, never passed off as new.
  const updating = search.isPlaceholderData || (search.isFetching && !search.data) || results !== current;
  const top = useRef<HTMLElement>(null);

  const goHotel = (f: HotelForm) => navigate(`/hotels/${f.place}?${stayParams(f)}`);
  const setView = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };

  return (
    <div className="page">
      <h1>Hotels</h1>
      {partLink ? (
        <Suspense fallback={<p className="loading">Reading the link…</p>}>
          <LinkSearchForm
            key={params.toString()}
            params={params}
            onSearch={(f) => setParams(writeForm(f, params))}
            onHotel={(f) => void goHotel(f)}
          />
        </Suspense>
      ) : (
        <HotelSearchForm
          key={params.get('place') ?? 'new'}
          initial={form}
          onSearch={(f) => setParams(writeForm(f, params))}
          onHotel={(f) => void goHotel(f)}
        />
      )}
      {form && !request && (
        <p className="notice">This link holds an incomplete search: choose a destination and dates above.</p>
      )}
      {search.error && <QueryErrorNotice query={search} title="The hotel search did not work" />}
      {request && (
        <section ref={top} className="results" aria-label="Hotel results" aria-busy={updating}>
          <div className="results-bar">
            <div role="status" className="search-status">
              {updating ? (
                <span className="searching">Updating results…</span>
              ) : results ? (
                <span>
                  {results.total} properties in {form?.placeName} · page {results.pagination?.page ?? 1} of{' '}
                  {Math.max(1, results.pagination?.total_pages ?? 1)}
                </span>
              ) : null}
            </div>
            <SelectField
              label="Sort by"
              value={view.sort ?? results?.sort ?? 'popularity'}
              onChange={(sort) => setView('sort', sort)}
              options={(results?.sorts ?? [{ id: view.sort ?? 'popularity', name: 'Most popular' }]).map(
                (s) => ({
                  id: s.id,
                  label: s.name,
                }),
              )}
            />
            <SelectField
              label="Show"
              value={String(view.pageSize)}
              onChange={(size) => setView('size', size)}
              options={SIZES}
            />
          </div>
          {results && (
            <div className={updating ? 'results-body stale' : 'results-body'}>
              <Facets
                facets={results.facets}
                filters={filters}
                onToggle={(key, value) => setParams(toggleFilter(params, key, value))}
                onClear={() => setParams(clearFilters(params))}
              />
              <div className="stack">
                <HotelList offers={results.offers} stay={stay} />
                <Pagination
                  results={results}
                  onPage={(page) => {
                    setView('page', String(page));
                    top.current?.scrollIntoView({ block: 'start' });
                  }}
                />
              </div>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

/** The cards drawn with the answer: a phone's first screen and more. The rest follow in a transition. */
const FIRST_DRAWN = 8;

/**
 * Memoised: a facet click re-renders the page around the list, not the 50 cards while the answer loads. A page of 50
 * cards is drawn in two steps (decision 038): the first few with the answer, the others in a transition React yields
 * from, so a slow phone is never blocked for the whole list at once (it was Lighthouse's longest task on this screen).
 */
const HotelList = memo(function HotelList({ offers, stay }: { offers: HotelSummary[]; stay: string }) {
  const [drawnFor, setDrawnFor] = useState<HotelSummary[] | null>(null);
  useEffect(() => {
    if (offers.length > FIRST_DRAWN) startTransition(() => setDrawnFor(offers));
  }, [offers]);
  if (offers.length === 0)
    return <p className="empty">No property matches all these filters. Remove one to see more.</p>;
  const drawn = drawnFor === offers ? offers : offers.slice(0, FIRST_DRAWN);
  return (
    <ol className="hotel-list">
      {drawn.map((hotel, i) => (
        <li key={hotel.hotel_id}>
          <HotelCard hotel={hotel} to={`/hotels/${hotel.hotel_id}?${stay}`} index={i} />
        </li>
      ))}
    </ol>
  );
});

function Facets({
  facets,
  filters,
  onToggle,
  onClear,
}: {
  facets: Facet[];
  filters: UrlFilters;
  onToggle: (key: string, value: string | number | boolean) => void;
  onClear: () => void;
}) {
  const any = Object.keys(filters).length > 0;
  // The facets (300 and more elements; under the list on a phone) are drawn in a transition after the answer's first
  // cards, not in the same task: with them, drawing the answer was the screen's longest task (Lighthouse mobile).
  const drawn = useDeferredValue(facets, []);
  return (
    <aside className="filters card" aria-label="Filters">
      {any && (
        <button type="button" className="button" onClick={onClear}>
          Clear all filters
        </button>
      )}
      {drawn.map((facet) => (
        <fieldset key={facet.key}>
          <legend>{facet.title}</legend>
          {facet.options.map((option) => {
            const on = isFilterOn(filters, facet.key, option.value);
            return (
              <label key={String(option.value)} className="check">
                <input
                  type="checkbox"
                  checked={on}
                  disabled={!on && option.count === 0}
                  onChange={() => onToggle(facet.key, option.value)}
                />
                <span>
                  {option.name} <span className="muted small">({option.count})</span>
                </span>
              </label>
            );
          })}
        </fieldset>
      ))}
    </aside>
  );
}

/** The cards a screen shows before any scrolling: their images come at once, the first ahead of the rest. */
const FIRST_IN_VIEW = 3;

const ClientPriceTag = lazy(async () => ({
  default: (await loadOrReload(() => import('./client-price-tag.tsx'))).ClientPriceTag,
}));

function HotelCard({ hotel, to, index }: { hotel: HotelSummary; to: string; index: number }) {
  const nights = `${hotel.nights} night${hotel.nights === 1 ? '' : 's'}, from`;
  const stars = hotel.rating ?? 0;
  return (
    // A row the shell's j/k walk (decision 046): Enter on it opens the hotel's rates, its name's link.
    <article className="hotel-card card" aria-labelledby={`hotel-${hotel.hotel_id}`} data-row tabIndex={-1}>
      {hotel.images[0] ? (
        <img
          src={mediaUrl(hotel.images[0])}
          alt=""
          width={160}
          height={120}
          loading={index < FIRST_IN_VIEW ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'auto'}
        />
      ) : (
        <div className="hotel-image-missing" aria-hidden="true" />
      )}
      <div className="hotel-main">
        <h2 id={`hotel-${hotel.hotel_id}`} className="hotel-name">
          <Link to={to} data-row-open>
            {hotel.name}
          </Link>
        </h2>
        <p className="small">
          <span role="img" aria-label={`${stars} stars`} className="stars">
            {'★'.repeat(Math.round(stars))}
          </span>{' '}
          {[hotel.accommodation, whereText(hotel.address, hotel.location)].filter(Boolean).join(' · ')}
        </p>
        {hotel.review_score !== null && (
          <p className="small">
            <strong className="score">{hotel.review_score.toFixed(1)}</strong> {hotel.review_word}
            {hotel.review_count !== null && (
              <span className="muted"> · {formatCount(hotel.review_count)} reviews</span>
            )}
          </p>
        )}
        <p className="tags small">
          {hotel.meal_plan && <span className="tag">{hotel.meal_plan}</span>}
          {hotel.free_cancellation && <span className="tag tag-good">Free cancellation</span>}
          {!hotel.refundable && !hotel.free_cancellation && <span className="tag">Non-refundable</span>}
          {hotel.deal_badges.map((badge) => (
            <span key={badge} className="tag tag-deal">
              {badge}
            </span>
          ))}
        </p>
      </div>
      <div className="hotel-price">
        {hotel.lead_rate_before_discount && (
          <span className="muted small">
            <s>{formatMoney(hotel.lead_rate_before_discount)}</s>{' '}
            {hotel.discount_percent > 0 && <span className="tag tag-deal">−{hotel.discount_percent}%</span>}
          </span>
        )}
        {/* What the client pays first (decision 032); the net until the fee rules have come. */}
        <Suspense
          fallback={
            <>
              <strong>{formatMoney(hotel.lead_rate)}</strong>
              <span className="muted small">{nights}</span>
            </>
          }
        >
          <ClientPriceTag
            after={nights}
            context={{
              product: 'hotel',
              net: hotel.lead_rate,
              nights: hotel.nights,
              ...hotelFeeScope(hotel),
            }}
          />
        </Suspense>
        <Link className="button primary" to={to} aria-label={`See rooms at ${hotel.name}`}>
          See rooms
        </Link>
      </div>
    </article>
  );
}

function Pagination({ results, onPage }: { results: HotelCitySearch; onPage: (page: number) => void }) {
  const p = results.pagination;
  if (!p || p.total_pages <= 1) return null;
  const pages = [...new Set([1, p.page - 1, p.page, p.page + 1, p.total_pages])]
    .filter((n) => n >= 1 && n <= p.total_pages)
    .sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label="Pages">
      <button type="button" className="button" disabled={!p.has_prev} onClick={() => onPage(p.page - 1)}>
        Previous
      </button>
      {pages.map((n, i) => (
        <span key={n}>
          {i > 0 && n - (pages[i - 1] ?? n) > 1 && <span className="muted"> … </span>}
          <button
            type="button"
            className={n === p.page ? 'button primary' : 'button'}
            aria-current={n === p.page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onPage(n)}
          >
            {n}
          </button>
        </span>
      ))}
      <button type="button" className="button" disabled={!p.has_next} onClick={() => onPage(p.page + 1)}>
        Next
      </button>
    </nav>
  );
}

import { clientPrice, type FlightOffer, type Money } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { feeRulesQuery } from '../../../lib/client-prices.ts';
import { duration, formatCount } from '../../../lib/format.ts';
import { useNarrow } from '../../../lib/narrow.ts';
import {
  airlineCounts,
  airportGroups,
  durationBounds,
  type Party,
  type PriceOf,
  priceBounds,
  type SearchedSlices,
  stopCounts,
  stopsGrid,
  viewOffers,
} from '../offer-filters.ts';
import type { ResultView } from '../search-params.ts';
import { CheckGroup } from './check-group.tsx';
import { OfferList } from './offer-list.tsx';
import { StopsGrid } from './stops-grid.tsx';
import '../flights.css';

type SetView = (patch: Record<string, string | null>) => void;

const STOPS = [
  { id: '0', label: 'Direct' },
  { id: '1', label: '1 stop' },
  { id: '2', label: '2+ stops' },
];
const TIMES = [
  { id: 'am', label: 'Before noon' },
  { id: 'pm', label: 'Noon or later' },
];

/** How many filters are in force: the "Filters (n)" a phone's button says. */
export function activeFilters(view: ResultView): number {
  return (
    (view.stops.length > 0 ? 1 : 0) +
    (view.airlines.length > 0 ? 1 : 0) +
    (view.airports.length > 0 ? 1 : 0) +
    (view.priceMin !== null || view.priceMax !== null ? 1 : 0) +
    (view.maxMinutes !== null ? 1 : 0) +
    (view.bags ? 1 : 0) +
    (view.departFrom !== null || view.departTo !== null ? 1 : 0)
  );
}
const CLEAR_ALL = {
  stops: null,
  airlines: null,
  airports: null,
  price_min: null,
  price_max: null,
  max_minutes: null,
  bags: null,
  dep_from: null,
  dep_to: null,
};

/** The filters: each in the URL as it changes, each choice with how many offers it would show. */
function OfferFilters({
  offers,
  view,
  setView,
  priceOf,
  searched,
}: {
  offers: readonly FlightOffer[];
  view: ResultView;
  setView: SetView;
  priceOf: PriceOf;
  searched: SearchedSlices;
}) {
  const airlines = useMemo(
    () => airlineCounts(offers, view, priceOf, searched),
    [offers, view, priceOf, searched],
  );
  const stops = useMemo(() => stopCounts(offers, view, priceOf, searched), [offers, view, priceOf, searched]);
  const airports = useMemo(
    () => airportGroups(offers, view, priceOf, searched),
    [offers, view, priceOf, searched],
  );
  const prices = useMemo(() => priceBounds(offers, priceOf), [offers, priceOf]);
  const minutes = useMemo(() => durationBounds(offers), [offers]);
  const currency = offers[0]?.total.currency ?? '';
  const id = useId();
  const whole = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? text.trim() : null);
  return (
    <>
      <CheckGroup
        legend="Stops"
        options={STOPS.map((s) => ({
          ...s,
          label: `${s.label} (${formatCount(stops.get(Number(s.id)) ?? 0)})`,
        }))}
        value={view.stops.map(String)}
        onChange={(v) => setView({ stops: v.join(',') })}
      />
      {airports.map((group) => (
        <CheckGroup
          key={group.place}
          legend={`Airports for ${group.place}`}
          options={group.airports.map((a) => ({ id: a.code, label: `${a.code} (${formatCount(a.count)})` }))}
          value={view.airports.filter((a) => group.airports.some((g) => g.code === a))}
          onChange={(v) =>
            setView({
              airports: [
                ...view.airports.filter((a) => !group.airports.some((g) => g.code === a)),
                ...v,
              ].join(','),
            })
          }
        />
      ))}
      {prices && (
        <fieldset className="filter-range">
          <legend>Total price, {currency}</legend>
          <div className="price-range">
            <label htmlFor={`${id}-min`}>From</label>
            <input
              id={`${id}-min`}
              aria-label="Total from"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              placeholder={String(prices.min)}
              value={view.priceMin ?? ''}
              onChange={(event) => setView({ price_min: whole(event.target.value) })}
            />
            <label htmlFor={`${id}-max`}>to</label>
            <input
              id={`${id}-max`}
              aria-label="Total up to"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              placeholder={String(prices.max)}
              value={view.priceMax ?? ''}
              onChange={(event) => setView({ price_max: whole(event.target.value) })}
            />
          </div>
        </fieldset>
      )}
      {minutes && minutes.max > minutes.min && (
        <fieldset className="filter-range">
          <legend>Trip length</legend>
          <label className="duration-range">
            <span>
              Up to <strong>{duration(Math.min(view.maxMinutes ?? minutes.max, minutes.max))}</strong>
            </span>
            <input
              type="range"
              min={minutes.min}
              max={minutes.max}
              step={15}
              value={Math.min(view.maxMinutes ?? minutes.max, minutes.max)}
              aria-valuetext={`up to ${duration(Math.min(view.maxMinutes ?? minutes.max, minutes.max))}`}
              onChange={(event) => {
                const value = Number(event.target.value);
                setView({ max_minutes: value >= minutes.max ? null : String(value) });
              }}
            />
          </label>
        </fieldset>
      )}
      {airlines.length > 0 && (
        <CheckGroup
          legend="Airlines"
          options={airlines.map((a) => ({ id: a.code, label: `${a.name} (${formatCount(a.count)})` }))}
          value={view.airlines}
          onChange={(v) => setView({ airlines: v.join(',') })}
        />
      )}
      <CheckGroup
        legend="Baggage"
        options={[{ id: 'bags', label: 'Checked bag included' }]}
        value={view.bags ? ['bags'] : []}
        onChange={(v) => setView({ bags: v.includes('bags') ? '1' : null })}
      />
      <CheckGroup
        legend="Departure time"
        options={TIMES}
        value={view.departFrom === 0 && view.departTo === 12 ? ['am'] : view.departFrom === 12 ? ['pm'] : []}
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
      {activeFilters(view) > 0 && (
        <button type="button" className="button" onClick={() => setView(CLEAR_ALL)}>
          Clear all filters
        </button>
      )}
    </>
  );
}

/** A phone's filters: a "Filters (n)" button above the list opens them in a sheet; they apply as they change. */
function FilterSheet({
  count,
  showing,
  children,
}: {
  count: number;
  showing: number;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <button
        type="button"
        className="button filters-button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        Filters{count > 0 ? ` (${count})` : ''}
      </button>
      {open && (
        <ModalDialog labelledBy={titleId} onClose={() => setOpen(false)} className="modal sheet">
          <div className="dialog">
            <h2 id={titleId}>Filters</h2>
            <section className="filters" aria-label="Filters">
              {children}
            </section>
            <div className="dialog-actions sheet-actions">
              <button type="button" className="button primary" onClick={() => setOpen(false)}>
                Show {formatCount(showing)} offers
              </button>
            </div>
          </div>
        </ModalDialog>
      )}
    </>
  );
}

/**
 * The results under the search: the filters (beside the list, or in a sheet on a phone), the airline × stops grid
 * and the list, each on the total the client pays (decision 032). Loaded when a search starts.
 */
export function OfferResults({
  offers,
  view,
  setView,
  searched,
  party,
  searching,
  onShown,
  onDetails,
  onSelect,
}: {
  offers: FlightOffer[];
  view: ResultView;
  setView: SetView;
  searched: SearchedSlices;
  party: Party;
  searching: boolean;
  onShown: (count: number) => void;
  onDetails: (offer: FlightOffer) => void;
  onSelect: (offer: FlightOffer) => void;
}) {
  const rules = useQuery(feeRulesQuery).data?.data;
  // One price an offer, worked out once for every filter, count and row.
  const priceOf = useMemo(() => {
    const seen = new WeakMap<FlightOffer, Money>();
    return (offer: FlightOffer) => {
      let price = seen.get(offer);
      if (!price) {
        price = clientPrice(rules ?? [], {
          product: 'flight',
          net: offer.total,
          passengers: offer.passengers.length,
          cabin: offer.cabin_class,
        }).client;
        seen.set(offer, price);
      }
      return price;
    };
  }, [rules]);
  const shown = useMemo(() => viewOffers(offers, view, priceOf, searched), [offers, view, priceOf, searched]);
  const grid = useMemo(() => stopsGrid(offers, view, priceOf, searched), [offers, view, priceOf, searched]);
  useEffect(() => onShown(shown.length), [onShown, shown.length]);
  const narrow = useNarrow();
  const filters = (
    <OfferFilters offers={offers} view={view} setView={setView} priceOf={priceOf} searched={searched} />
  );
  const waiting = searching && shown.length === 0;
  return (
    <div className={waiting ? 'results-body offers-body waiting' : 'results-body offers-body'}>
      {!narrow && (
        <aside className="filters card" aria-label="Filters">
          {filters}
        </aside>
      )}
      <div className="offers-main">
        {narrow && !waiting && (
          <FilterSheet count={activeFilters(view)} showing={shown.length}>
            {filters}
          </FilterSheet>
        )}
        <StopsGrid grid={grid} view={view} narrow={narrow} onFilter={setView} />
        {shown.length > 0 ? (
          <OfferList
            offers={shown}
            priceOf={priceOf}
            party={party}
            searched={searched}
            density={view.density}
            onDetails={onDetails}
            onSelect={onSelect}
          />
        ) : (
          !searching && (
            <p className="empty">{offers.length > 0 ? 'No offers match these filters.' : 'No offers.'}</p>
          )
        )}
      </div>
    </div>
  );
}

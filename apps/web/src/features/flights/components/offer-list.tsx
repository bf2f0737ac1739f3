import type { FlightOffer, FlightSlice, Money } from '@console/contract';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { dayShift, formatMoney, duration as hours, localTime as time } from '../../../lib/format.ts';
import { useNarrow } from '../../../lib/narrow.ts';
import { airportChanges, type Party, partyPrice, type SearchedSlices } from '../offer-filters.ts';
import type { DensityId } from '../search-params.ts';
import { DayShift } from './place-time.tsx';
import '../flights.css';

interface RowActions {
  onDetails: (offer: FlightOffer) => void;
  onSelect: (offer: FlightOffer) => void;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Thu 10 Dec": the airport's own calendar day, read from the time as the service wrote it (no zone applied). */
function dayOf(iso: string): string {
  const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!date) return '';
  const [, y, m, d] = date.map(Number);
  const weekday = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)).getUTCDay();
  return `${DAYS[weekday] ?? ''} ${d} ${MONTHS[(m ?? 1) - 1] ?? ''}`;
}

/** "Direct", "1 stop DUB", "2 stops AMS, CDG": how many stops, and where. */
export function stopsWords(slice: FlightSlice): string {
  const stops = slice.segments.slice(0, -1).map((s) => s.destination);
  if (stops.length === 0) return 'Direct';
  return `${stops.length} stop${stops.length > 1 ? 's' : ''} ${stops.join(', ')}`;
}

/**
 * "1,234.00 USD total for 2 · 617.00 USD each": the party's total, then each traveller's share, said as such; "on
 * average" when the travellers are of several kinds (a child's fare is not an adult's) or the cents do not divide.
 */
export function partyWords(total: Money, party: Party): { total: string; per: string } {
  const { travellers, each, average } = partyPrice(total, party);
  if (travellers === 1) return { total: formatMoney(total), per: 'total for 1 traveller' };
  return {
    total: formatMoney(total),
    per: `total for ${travellers} · ${formatMoney(each)} ${average ? 'on average' : 'each'}`,
  };
}

function SliceLine({ slice }: { slice: FlightSlice }) {
  const first = slice.segments[0];
  const last = slice.segments.at(-1);
  const departs = first?.departing_at ?? '';
  const arrives = last?.arriving_at ?? '';
  const flights = slice.segments.map((s) => s.flight_number).join(' · ');
  const stops = stopsWords(slice);
  return (
    <div className="offer-slice">
      <span className="offer-flights" title={flights}>
        {flights}
      </span>
      <span className="offer-when">
        <span className="offer-day">{dayOf(departs)}</span> {time(departs)}{' '}
        <strong>{first?.origin ?? slice.origin}</strong>
        {' → '}
        {time(arrives)}
        <DayShift shift={dayShift(departs, arrives)} />{' '}
        <strong>{last?.destination ?? slice.destination}</strong>
      </span>
      <span className="offer-duration">{hours(slice.duration_minutes)}</span>
      <span className="offer-stops" title={stops}>
        {stops}
      </span>
    </div>
  );
}

function OfferRow({
  offer,
  client,
  party,
  changes,
  onDetails,
  onSelect,
}: { offer: FlightOffer; client: Money; party: Party; changes: string[] } & RowActions) {
  const charged = client.amount !== offer.total.amount;
  const price = partyWords(client, party);
  const flights = offer.slices.flatMap((s) => s.segments.map((g) => g.flight_number)).join(' ');
  return (
    <article
      className="offer"
      data-row
      tabIndex={-1}
      aria-label={`${offer.airline_name} ${flights}, ${offer.slices
        .map(
          (sl) =>
            `${dayOf(sl.segments[0]?.departing_at ?? '')} ${time(sl.segments[0]?.departing_at ?? '')} ${sl.origin} to ${sl.destination}, ${stopsWords(sl)}`,
        )
        .join('; ')}${changes.length > 0 ? `; ${changes.join('; ')}` : ''}; ${price.total} ${price.per}`}
    >
      <div className="offer-airline">
        <strong>{offer.airline_name}</strong>
        {changes.length > 0 ? (
          <span className="offer-flag" title={changes.join(' · ')}>
            {changes.join(' · ')}
          </span>
        ) : (
          <span className="muted small offer-cabin">{offer.cabin_class.replace('_', ' ')}</span>
        )}
      </div>
      <div className="offer-slices">
        {offer.slices.map((slice, index) => (
          <SliceLine key={index} slice={slice} />
        ))}
      </div>
      <div className="offer-price">
        <span>
          <strong>{price.total}</strong>
          {charged && <span className="muted small"> net {formatMoney(offer.total)}</span>}
        </span>
        <span className="muted small">{price.per}</span>
      </div>
      <div className="offer-actions">
        <button
          type="button"
          className="button"
          onClick={() => onDetails(offer)}
          aria-label={`Details of ${offer.airline_name} ${formatMoney(client)}`}
        >
          Details
        </button>
        <button
          type="button"
          className="button primary"
          data-row-open
          onClick={() => onSelect(offer)}
          aria-label={`Select ${offer.airline_name} ${formatMoney(client)}`}
        >
          Select
        </button>
      </div>
    </article>
  );
}

/**
 * Each row's height follows from what it shows (no measuring, so the list never moves after it is anchored): one line
 * a flight (at least two: the airline and its note) on a wide screen; on a phone the airline and price, the party's
 * words, each airport note, two lines a flight and the buttons.
 */
function rowHeight(offer: FlightOffer, changes: number, narrow: boolean, density: DensityId): number {
  const slices = offer.slices.length;
  if (narrow) return (density === 'compact' ? 94 : 110) + 20 * changes + 42 * slices;
  return density === 'compact' ? 14 + 21 * Math.max(2, slices) : 28 + 26 * Math.max(2, slices);
}

/** The sticky top bar's height (styles.css), under which the rows read are hidden. */
const topbarHeight = () =>
  Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--topbar-height')) || 0;

/**
 * Thousands of offers on the page's own scroll (one scrollbar): only the rows in view are in the page.
 * A row is a `data-row` the shell's j/k walk, its Select the `data-row-open` Enter clicks.
 */
export function OfferList({
  offers,
  priceOf,
  party,
  searched,
  density,
  onDetails,
  onSelect,
}: {
  offers: FlightOffer[];
  priceOf: (offer: FlightOffer) => Money;
  party: Party;
  searched: SearchedSlices;
  density: DensityId;
} & RowActions) {
  const list = useRef<HTMLDivElement>(null);
  const narrow = useNarrow();
  const changes = useMemo(() => offers.map((o) => airportChanges(o, searched)), [offers, searched]);
  const heights = useMemo(
    () => offers.map((o, i) => rowHeight(o, changes[i]?.length ?? 0, narrow, density)),
    [offers, changes, narrow, density],
  );
  const starts = useMemo(() => {
    const out: number[] = [];
    let at = 0;
    for (const h of heights) {
      out.push(at);
      at += h;
    }
    return out;
  }, [heights]);
  // Where the list starts on the page: the search form, the bar and the grid above it.
  const [margin, setMargin] = useState(0);
  const marginNow = () => (list.current ? list.current.getBoundingClientRect().top + window.scrollY : 0);
  useLayoutEffect(() => {
    const top = marginNow();
    if (Math.abs(top - margin) > 0.5) setMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: offers.length,
    estimateSize: (index) => heights[index] ?? 60,
    overscan: 8,
    scrollMargin: margin,
    getItemKey: (index) => offers[index]?.id ?? index,
  });
  // Keep the offer the agent is reading where it is when a new batch (or a sort, or a filter) replaces the list: the
  // row at the top of the screen under the top bar, and how far into it, read from the layout the screen showed
  // until now, is put back at the same place. While the list's top is in view and the pointer is over it, the list
  // stays where it is on the screen (the grid above it may have grown). The browser's own scroll anchoring is off
  // (flights.css): it would move the page by another element's rule.
  const pointerInside = useRef(false);
  const shown = useRef<{ offers: FlightOffer[]; starts: number[]; margin: number } | null>(null);
  useLayoutEffect(() => {
    const previous = shown.current;
    const top = marginNow();
    shown.current = { offers, starts, margin: top };
    if (!previous || (previous.offers === offers && previous.starts === starts)) return;
    const bar = topbarHeight();
    const reading = window.scrollY + bar - previous.margin;
    if (reading <= 0 && !pointerInside.current) return;
    const at = previous.starts;
    const y = Math.max(0, reading);
    let low = 0;
    let high = at.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if ((at[mid] ?? 0) <= y) low = mid;
      else high = mid - 1;
    }
    const held = previous.offers[low];
    const index = held ? offers.findIndex((o) => o.id === held.id) : -1;
    if (!held || index < 0) return;
    const target = top + (starts[index] ?? 0) + (reading - (at[low] ?? 0)) - bar;
    if (Math.abs(window.scrollY - target) > 0.5) window.scrollTo({ top: target, behavior: 'instant' });
  }, [offers, starts]);
  useLayoutEffect(() => {
    if (shown.current) shown.current.margin = marginNow();
  });
  return (
    <section
      aria-label="Offers"
      className={`offer-list ${density}`}
      onPointerEnter={() => {
        pointerInside.current = true;
      }}
      onPointerLeave={() => {
        pointerInside.current = false;
      }}
    >
      <div ref={list} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const offer = offers[item.index];
          if (!offer) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              className="offer-slot"
              style={{ height: item.size, transform: `translateY(${item.start - margin}px)` }}
            >
              <OfferRow
                offer={offer}
                client={priceOf(offer)}
                party={party}
                changes={changes[item.index] ?? []}
                onDetails={onDetails}
                onSelect={onSelect}
              />
            </div>
          );
        })}
      </div>
    </section>
  );
}

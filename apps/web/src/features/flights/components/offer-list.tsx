import type { FlightOffer, Money } from '@console/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef } from 'react';
import { useClientPrices } from '../../../lib/client-prices.ts';
import { dayShift, formatMoney, duration as hours, localTime as time } from '../../../lib/format.ts';
import { useNarrow } from '../../../lib/narrow.ts';
import { stopsOf } from '../search-params.ts';
import { DayShift } from './place-time.tsx';
import '../flights.css';

interface RowActions {
  onDetails: (offer: FlightOffer) => void;
  onSelect: (offer: FlightOffer) => void;
}

function OfferRow({
  offer,
  client,
  onDetails,
  onSelect,
}: { offer: FlightOffer; client: Money } & RowActions) {
  const stops = stopsOf(offer);
  const charged = client.amount !== offer.total.amount;
  return (
    <article
      className="offer"
      aria-label={`${offer.airline_name}, ${offer.slices.map((sl) => `${time(sl.segments[0]?.departing_at ?? '')} ${sl.origin} to ${sl.destination}`).join(', ')}, ${formatMoney(client)}`}
    >
      <div className="offer-airline">
        <strong>{offer.airline_name}</strong>
        <span className="muted small">{offer.cabin_class.replace('_', ' ')}</span>
      </div>
      <div className="offer-slices">
        {offer.slices.map((slice, index) => {
          const first = slice.segments[0];
          const last = slice.segments.at(-1);
          return (
            <div key={index} className="offer-slice">
              <span>
                {time(first?.departing_at ?? '')} {slice.origin}
              </span>
              <span className="muted small">
                {hours(slice.duration_minutes)} ·{' '}
                {slice.segments.length === 1
                  ? 'direct'
                  : `${slice.segments.length - 1} stop via ${slice.segments
                      .slice(0, -1)
                      .map((s) => s.destination)
                      .join(', ')}`}
              </span>
              <span>
                {time(last?.arriving_at ?? '')}
                <DayShift shift={dayShift(first?.departing_at, last?.arriving_at)} /> {slice.destination}
              </span>
            </div>
          );
        })}
      </div>
      <div className="offer-price">
        <strong>{formatMoney(client)}</strong>
        {charged && <span className="muted small">net {formatMoney(offer.total)}</span>}
        <span className="muted small">{stops === 0 ? 'Direct' : `${stops} stop${stops > 1 ? 's' : ''}`}</span>
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
            onClick={() => onSelect(offer)}
            aria-label={`Select ${offer.airline_name} ${formatMoney(client)}`}
          >
            Select
          </button>
        </div>
      </div>
    </article>
  );
}

/** A narrow screen's offer row: padding and the airline / price line, then one line per flight of the trip. */
const NARROW_ROW_BASE = 126;
const NARROW_ROW_PER_SLICE = 30;

/** Thousands of offers stay smooth: only the rows in view are in the page. */
export function OfferList({ offers, onDetails, onSelect }: { offers: FlightOffer[] } & RowActions) {
  // What the client pays first (decision 032); the net under it when the office charges a fee.
  const priceFor = useClientPrices();
  const parent = useRef<HTMLElement>(null);
  const slices = offers[0]?.slices.length ?? 1;
  // On a narrow screen the price and buttons sit beside the airline, above the flights (flights.css).
  const narrow = useNarrow();
  const rowHeight = narrow
    ? NARROW_ROW_BASE + NARROW_ROW_PER_SLICE * slices
    : Math.max(112, 40 + 30 * slices);
  const virtualizer = useVirtualizer({
    count: offers.length,
    getScrollElement: () => parent.current,
    // Rows of one search share a shape, so their height is known: exact offsets, no async measuring that could
    // move the list after it has been anchored.
    estimateSize: () => rowHeight,
    overscan: 6,
    getItemKey: (index) => offers[index]?.id ?? index,
  });
  // Keep the offer the agent is looking at where it is when a new batch replaces the list: with fixed row heights
  // the first visible row and its offset follow from scrollTop alone.
  const anchor = useRef<{ id: string; delta: number } | null>(null);
  const pointerInside = useRef(false);
  const remember = () => {
    const top = parent.current?.scrollTop ?? 0;
    const index = Math.floor(top / rowHeight);
    const offer = offers[index];
    anchor.current =
      offer && (top > 0 || pointerInside.current) ? { id: offer.id, delta: top - index * rowHeight } : null;
  };
  useLayoutEffect(() => {
    const held = anchor.current;
    const element = parent.current;
    if (!held || !element) return;
    const index = offers.findIndex((o) => o.id === held.id);
    if (index < 0) return;
    const target = index * rowHeight + held.delta;
    if (Math.abs(element.scrollTop - target) > 0.5) element.scrollTop = target;
  }, [offers, rowHeight]);
  return (
    <section
      ref={parent}
      className="offer-scroller"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      aria-label="Offers"
      onScroll={remember}
      onPointerEnter={() => {
        pointerInside.current = true;
        remember();
      }}
      onPointerLeave={() => {
        pointerInside.current = false;
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const offer = offers[item.index];
          if (!offer) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              className="offer-slot"
              style={{ height: rowHeight, transform: `translateY(${item.start}px)` }}
            >
              <OfferRow
                offer={offer}
                client={
                  priceFor({
                    product: 'flight',
                    net: offer.total,
                    passengers: offer.passengers.length,
                    cabin: offer.cabin_class,
                  }).client
                }
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

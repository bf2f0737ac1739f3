import type { FlightOffer } from '@console/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { Button } from 'react-aria-components';
import { stopsOf } from '../search-params.ts';

const time = (iso: string) => iso.slice(11, 16);
const hours = (minutes: number) => `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
const money = (amount: string) =>
  `${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })} USD`;

interface RowActions {
  onDetails: (offer: FlightOffer) => void;
  onSelect: (offer: FlightOffer) => void;
}

function OfferRow({ offer, onDetails, onSelect }: { offer: FlightOffer } & RowActions) {
  const stops = stopsOf(offer);
  return (
    <article className="offer" aria-label={`${offer.airline_name}, ${money(offer.total.amount)}`}>
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
                {time(last?.arriving_at ?? '')} {slice.destination}
              </span>
            </div>
          );
        })}
      </div>
      <div className="offer-price">
        <strong>{money(offer.total.amount)}</strong>
        <span className="muted small">{stops === 0 ? 'Direct' : `${stops} stop${stops > 1 ? 's' : ''}`}</span>
        <div className="offer-actions">
          <Button
            className="button"
            onPress={() => onDetails(offer)}
            aria-label={`Details of ${offer.airline_name} ${money(offer.total.amount)}`}
          >
            Details
          </Button>
          <Button
            className="button primary"
            onPress={() => onSelect(offer)}
            aria-label={`Select ${offer.airline_name} ${money(offer.total.amount)}`}
          >
            Select
          </Button>
        </div>
      </div>
    </article>
  );
}

/** Thousands of offers stay smooth: only the rows in view are in the page. */
export function OfferList({ offers, onDetails, onSelect }: { offers: FlightOffer[] } & RowActions) {
  const parent = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: offers.length,
    getScrollElement: () => parent.current,
    estimateSize: () => 110,
    overscan: 6,
    getItemKey: (index) => offers[index]?.id ?? index,
  });
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling list must be reachable by keyboard
    <section ref={parent} className="offer-scroller" tabIndex={0} aria-label="Offers">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const offer = offers[item.index];
          if (!offer) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="offer-slot"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <OfferRow offer={offer} onDetails={onDetails} onSelect={onSelect} />
            </div>
          );
        })}
      </div>
    </section>
  );
}

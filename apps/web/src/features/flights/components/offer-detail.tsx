import type { FlightOffer } from '@console/contract';
import { useState } from 'react';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { duration, formatMoney } from '../../../lib/format.ts';
import { useConditions } from '../api/offers.ts';
import { PlaceTime } from './place-time.tsx';

/** Every slice and segment of an offer, and its fare conditions on demand. */
export function OfferDetail({ offer }: { offer: FlightOffer }) {
  const [showConditions, setShowConditions] = useState(false);
  const conditions = useConditions(offer.id, showConditions);
  return (
    <div className="stack">
      <p>
        <strong>{offer.airline_name}</strong> · {offer.cabin_class.replace('_', ' ')} ·{' '}
        {formatMoney(offer.total)} for {offer.passengers.length} passenger
        {offer.passengers.length === 1 ? '' : 's'} ({formatMoney(offer.base)} fare + {formatMoney(offer.tax)}{' '}
        taxes)
      </p>
      {offer.slices.map((slice, index) => (
        <section
          key={`${slice.origin}-${slice.destination}-${index}`}
          aria-label={`${slice.origin} to ${slice.destination}`}
        >
          <h3 className="small">
            {slice.origin} → {slice.destination} · {duration(slice.duration_minutes)}
          </h3>
          <table className="data frame-rows">
            <thead>
              <tr>
                <th>Flight</th>
                <th>Departs</th>
                <th>Arrives</th>
                <th>Aircraft</th>
                <th>Baggage</th>
                <th>Seats left</th>
              </tr>
            </thead>
            <tbody>
              {slice.segments.map((s) => (
                <tr key={`${s.flight_number}-${s.departing_at}`}>
                  <td>
                    {s.flight_number}
                    {s.operating_carrier !== s.marketing_carrier && (
                      <span className="muted small"> operated by {s.operating_carrier}</span>
                    )}
                    <div className="muted small">class {s.booking_class}</div>
                  </td>
                  <td data-label="Departs">
                    <PlaceTime code={s.origin} at={s.departing_at} />
                  </td>
                  <td data-label="Arrives">
                    <PlaceTime code={s.destination} at={s.arriving_at} from={s.departing_at} />
                  </td>
                  <td data-label="Aircraft">{s.aircraft_name}</td>
                  <td data-label="Baggage">
                    {s.baggage.checked}
                    <div className="muted small">cabin {s.baggage.cabin}</div>
                  </td>
                  <td data-label="Seats left">{s.seats_remaining}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {!showConditions ? (
        <button type="button" className="button" onClick={() => setShowConditions(true)}>
          Show fare conditions
        </button>
      ) : conditions.isPending ? (
        <p className="muted">Loading fare conditions…</p>
      ) : conditions.error ? (
        <QueryErrorNotice query={conditions} title="Could not load the fare conditions" />
      ) : (
        <section aria-label="Fare conditions">
          <h3 className="small">Fare conditions</h3>
          {conditions.data.fare_rules.slice(0, 1).map((rule) => (
            <dl key={rule.route} className="rules">
              {rule.rules.map((r) => (
                <div key={r.category}>
                  <dt>
                    <strong>{r.category}</strong>
                  </dt>
                  <dd>{r.text}</dd>
                </div>
              ))}
            </dl>
          ))}
          <p className="small muted">
            Baggage: {conditions.data.baggage.map((b) => `${b.flight_number} ${b.allowance}`).join(' · ')}
          </p>
        </section>
      )}
    </div>
  );
}

import { addMoney, inLivedOrder, type Product, type TripDetail, type TripPart } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Countdown } from '../../../components/countdown.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { orderPath } from '../../../lib/booking-path.ts';
import { formatMoney } from '../../../lib/format.ts';
import { loadOrReload } from '../../../lib/new-version.ts';
import { attachableQuery, itineraryHref, tripQuery, useTripBooking, useUpdateTrip } from '../api/trips.ts';
import '../trips.css';
import { agentLocale } from '../../../lib/time-zone.ts';
import { showWallClock } from '../../../lib/typed-date.ts';

// A trip's parts' changes come after the trip (the office's screens share one chunk, and most trips have none).
const BookingChanges = lazy(async () => ({
  default: (await loadOrReload(() => import('../../../components/booking-changes.tsx'))).BookingChanges,
}));

const BookingLinks = lazy(async () => ({
  default: (await loadOrReload(() => import('../../../components/booking-links.tsx'))).BookingLinks,
}));

const PRODUCT: Record<Product, string> = { flight: 'Flight', hotel: 'Hotel', activity: 'Activity' };
const ENDED = new Set(['cancelled', 'canceled', 'refunded', 'expired', 'missing', 'failed']);
const partPath = (part: Pick<TripPart, 'product' | 'booking_id'>) =>
  orderPath({ id: part.booking_id, product: part.product });

/** One trip: its parts on one timeline, the conflicts across them, and the traveller's itinerary. */
export function TripPage() {
  const { tripId = '' } = useParams();
  const trip = useQuery(tripQuery(tripId));
  if (trip.isPending) return <p className="loading">Loading the trip…</p>;
  if (trip.error) return <QueryErrorNotice query={trip} title="Could not load this trip" />;
  return <TripView trip={trip.data} readAt={trip.dataUpdatedAt} />;
}

function TripView({ trip, readAt }: { trip: TripDetail; readAt: number }) {
  const flagged = new Set(trip.conflicts.flatMap((c) => c.booking_ids));
  const { detach } = useTripBooking(trip.id);
  // In the order the client lives the trip: a check-in after the flight that lands that day (decision 027).
  const events = inLivedOrder(
    trip.parts.flatMap((part) =>
      (part.lines.length > 0 ? part.lines : [{ at: part.starts_at, text: part.title }]).map((line) => ({
        ...line,
        part,
      })),
    ),
  );
  // Money in cents with the contract's own arithmetic, not floating point.
  const live = trip.parts.filter((p) => !ENDED.has(p.status.toLowerCase()));
  const total = addMoney(...live.map((p) => p.client_total ?? p.total));
  const net = addMoney(...live.map((p) => p.total));
  const margin = addMoney(...live.map((p) => p.fee ?? { amount: '0.00', currency: p.total.currency }));
  const unread = trip.parts.filter((p) => !p.read);
  const undated = trip.parts.filter((p) => p.read && p.starts_at === null);

  return (
    <div className="page stack">
      <div className="page-head">
        <h1>{trip.name}</h1>
        <span className="muted">Trip {trip.reference}</span>
        <a className="button" href={itineraryHref(trip.id)} download={`itinerary-${trip.reference}.pdf`}>
          Download itinerary (PDF)
        </a>
      </div>
      <p>
        {trip.travellers.length > 0 ? <>For {trip.travellers.join(', ')} · </> : null}
        {trip.part_count} part{trip.part_count === 1 ? '' : 's'} · the client pays{' '}
        <strong>{formatMoney(total)}</strong>{' '}
        <span className="muted small">
          (net {formatMoney(net)}, margin {formatMoney(margin)})
        </span>
      </p>
      <p className="muted small">
        Book more parts with the client reference <strong>{trip.reference}</strong> and they join this trip.
      </p>
      <EditTrip trip={trip} />

      <section aria-label="Conflicts" className="stack">
        <h2>Conflicts</h2>
        {trip.conflicts.length === 0 ? (
          <p className="muted">No conflicts between the parts found.</p>
        ) : (
          trip.conflicts.map((c) => (
            <div
              key={`${c.rule}:${c.booking_ids.join()}`}
              className={c.severity === 'error' ? 'check-error' : 'check-warning'}
            >
              <strong>{c.severity === 'error' ? 'Conflict' : 'Check'}:</strong> {c.message}
            </div>
          ))
        )}
        {(unread.length > 0 || undated.length > 0) && (
          <p className="muted small">
            {unread.length > 0 &&
              `${unread.length} part${unread.length === 1 ? '' : 's'} could not be read from the service now; shown as last known. `}
            {undated.length > 0 &&
              'The service gave some parts’ dates in a form the console does not read: they are left out of the date checks.'}
          </p>
        )}
      </section>

      {/* What changed by itself on the trip's parts (decision 037): read with the trip, handled here or on the part. */}
      <Suspense fallback={null}>
        {trip.parts.map((part) => (
          <BookingChanges
            key={part.booking_id}
            bookingId={part.booking_id}
            readAt={readAt}
            part={`${PRODUCT[part.product]} ${part.reference ?? part.booking_id}`}
          />
        ))}
        {/* Rebookings (decision 054): what each part replaces, or what replaced it. */}
        {trip.parts.map((part) => (
          <BookingLinks
            key={`links-${part.booking_id}`}
            bookingId={part.booking_id}
            part={`${PRODUCT[part.product]} ${part.reference ?? part.booking_id}`}
          />
        ))}
      </Suspense>

      <section aria-label="Timeline" className="card">
        <h2>Timeline</h2>
        {events.length === 0 ? (
          <p className="muted">No parts yet.</p>
        ) : (
          <ol className="timeline">
            {events.map((event, index) => (
              <li
                key={`${event.part.booking_id}:${index}`}
                className={
                  flagged.has(event.part.booking_id)
                    ? 'flagged'
                    : ENDED.has(event.part.status.toLowerCase())
                      ? 'ended'
                      : undefined
                }
              >
                <div className="muted small">
                  {event.at ? showWallClock(event.at, agentLocale()) : 'Date not known'}
                </div>
                <div>
                  <strong>{PRODUCT[event.part.product]}</strong> {event.text}{' '}
                  <span className={`status-pill status-${event.part.status}`}>{event.part.status}</span>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-label="Parts" className="card">
        <h2>Parts</h2>
        {trip.parts.length > 0 && (
          <table className="data">
            <thead>
              <tr>
                <th>Part</th>
                <th>What</th>
                <th>Status</th>
                <th>Deadline</th>
                <th>Client pays</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {trip.parts.map((part) => (
                <tr key={part.booking_id}>
                  <td>
                    <Link to={partPath(part)}>
                      {PRODUCT[part.product]} {part.reference ?? part.booking_id}
                    </Link>
                  </td>
                  <td>{part.title}</td>
                  <td>
                    <span className={`status-pill status-${part.status}`}>{part.status}</span>
                  </td>
                  <td>{part.deadline ? <Countdown deadline={part.deadline} label="Lapses in" /> : '—'}</td>
                  <td>
                    {formatMoney(part.client_total ?? part.total)}
                    {part.client_total && <div className="muted small">net {formatMoney(part.total)}</div>}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button"
                      disabled={detach.isPending}
                      onClick={() => detach.mutate(part.booking_id)}
                    >
                      Take out of trip
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {detach.error && <ErrorNotice error={detach.error} title="The booking was not taken out" />}
        <AttachBooking tripId={trip.id} present={new Set(trip.parts.map((p) => p.booking_id))} />
      </section>
    </div>
  );
}

function AttachBooking({ tripId, present }: { tripId: string; present: Set<string> }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const found = useQuery(attachableQuery(q));
  const { attach } = useTripBooking(tripId);
  const candidates = (found.data?.data ?? []).filter((b) => !present.has(b.id));
  return (
    <div className="stack">
      <h3>Add a booking</h3>
      <form
        className="row"
        aria-label="Find a booking to add"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(typed.trim());
        }}
      >
        <TextField label="PNR, confirmation number, name or id" value={typed} onChange={setTyped} />
        <button type="submit" className="button search-button">
          Find
        </button>
      </form>
      {q && found.data && candidates.length === 0 && <p className="muted">No other booking matches.</p>}
      {candidates.length > 0 && (
        <ul className="plain-list">
          {candidates.map((b) => (
            <li key={b.id}>
              {PRODUCT[b.product]} {b.reference ?? b.id} · {b.summary} · {b.status}{' '}
              <button
                type="button"
                className="button"
                disabled={attach.isPending}
                onClick={() => attach.mutate(b.id)}
              >
                Add to trip
              </button>
            </li>
          ))}
        </ul>
      )}
      {attach.error && <ErrorNotice error={attach.error} title="The booking was not added" />}
    </div>
  );
}

/** The trip's own facts, changed in place: name, travellers, dates and notes. */
function EditTrip({ trip }: { trip: TripDetail }) {
  const update = useUpdateTrip(trip.id);
  const [name, setName] = useState(trip.name);
  const [travellers, setTravellers] = useState(trip.travellers.join(', '));
  const [startsOn, setStartsOn] = useState<string | null>(trip.starts_on);
  const [endsOn, setEndsOn] = useState<string | null>(trip.ends_on);
  const [notes, setNotes] = useState(trip.notes ?? '');
  // Saved: the line saying so takes the focus (the button was busy while saving).
  const saved = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (update.data) saved.current?.focus();
  }, [update.data]);
  return (
    <details className="card">
      <summary>Edit the trip’s name, travellers, dates and notes</summary>
      <form
        className="stack"
        aria-label="Edit the trip"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({
            name,
            travellers: travellers
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean),
            starts_on: startsOn,
            ends_on: endsOn,
            notes: notes.trim() || null,
          });
        }}
      >
        <div className="row">
          <TextField label="Name" value={name} onChange={setName} />
          <TextField
            label="Travellers"
            description="Names, separated by commas"
            value={travellers}
            onChange={setTravellers}
          />
          <DateField label="From" value={startsOn} onChange={setStartsOn} />
          <DateField label="To" value={endsOn} onChange={setEndsOn} />
        </div>
        <TextField label="Notes" value={notes} onChange={setNotes} />
        <div className="actions">
          <button type="submit" className="button primary" disabled={update.isPending}>
            Save the trip
          </button>
          {update.isSuccess && (
            <span role="status" ref={saved} tabIndex={-1}>
              Saved.
            </span>
          )}
        </div>
        {update.error && <ErrorNotice error={update.error} title="The trip was not changed" />}
      </form>
    </details>
  );
}

import type { Traveller, TravellerCheck, TravellerInput } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { loadOrReload } from '../lib/new-version.ts';
import { tripListQuery, tripsOfBookingQuery, useCreateTrip, useSaveTraveller } from '../lib/office.ts';
import { ErrorNotice } from './error-notice.tsx';
import { SelectField } from './select-field.tsx';

/**
 * The office's records on the booking pages (decisions 018, 019), one small module for them all: the trip a booking
 * is for, the trips a booking is part of, saving a booked traveller, picking a saved one, and the entry checks.
 */

/**
 * A booking form's "for a trip" choice: picking a trip puts its reference in the client reference, which the service
 * keeps and by which the booking joins the trip (decision 019).
 */
export function TripReference({ value, onChange }: { value: string; onChange: (reference: string) => void }) {
  const trips = useQuery(tripListQuery(''));
  const list = trips.data?.data ?? [];
  if (list.length === 0) return null;
  const chosen = list.find((t) => t.reference === value)?.reference ?? '';
  // A reference is unique per agent (decision 044): one who sees the office's trips may see two agents' trips under
  // the same words, and a booking of that reference joins both, so they are one choice.
  const byReference = new Map<string, string[]>();
  for (const t of list) byReference.set(t.reference, [...(byReference.get(t.reference) ?? []), t.name]);
  return (
    <SelectField
      label="For a trip (optional)"
      value={chosen}
      onChange={(reference) => onChange(reference)}
      options={[
        { id: '', label: 'No trip' },
        ...[...byReference].map(([reference, names]) => ({
          id: reference,
          label: `${names.join(' / ')} (${reference})`,
        })),
      ]}
    />
  );
}

/**
 * On a booking's page: the trips it is part of, or one click to make it a trip (named for its client), so the hotel
 * and activity booked next can join it.
 */
export function BookingTrips({ bookingId, tripName }: { bookingId: string; tripName: string }) {
  const trips = useQuery(tripsOfBookingQuery(bookingId));
  const create = useCreateTrip();
  const navigate = useNavigate();
  if (trips.isPending) return null;
  const list = trips.data?.data ?? [];
  return (
    <div className="row booking-trips">
      {list.map((trip) => (
        <span key={trip.id}>
          Part of trip <Link to={`/trips/${encodeURIComponent(trip.id)}`}>{trip.name}</Link> ({trip.reference}
          )
        </span>
      ))}
      {list.length === 0 && (
        <button
          type="button"
          className="button"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(
              { name: tripName, booking_id: bookingId },
              { onSuccess: (trip) => void navigate(`/trips/${encodeURIComponent(trip.id)}`) },
            )
          }
        >
          Make a trip of this booking
        </button>
      )}
      {create.error && <ErrorNotice error={create.error} title="The trip was not made" />}
    </div>
  );
}

/** A booked traveller saved to the office's directory in one step, for the next booking. */
export function SaveTravellerButton({ traveller }: { traveller: TravellerInput | null }) {
  const save = useSaveTraveller();
  if (save.data)
    return (
      <Link to={`/travellers/${encodeURIComponent(save.data.id)}`}>
        Saved: {save.data.given_name} {save.data.family_name}
      </Link>
    );
  if (!traveller) return <span className="muted small">Not enough to save (no date of birth)</span>;
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={save.isPending}
        onClick={() => save.mutate({ body: traveller })}
      >
        Save {traveller.given_name} {traveller.family_name} to travellers
      </button>
      {save.error && <ErrorNotice error={save.error} title="The traveller was not saved" />}
    </>
  );
}

// The picker (and its combobox) loads when first asked for: a booking page that never uses it does not carry it.
const TravellerPicker = lazy(async () => ({
  default: (await loadOrReload(() => import('./traveller-picker.tsx'))).TravellerPicker,
}));

/** "Use a saved traveller" on a booking form: opens the directory picker in place, its field focused. */
export function SavedTraveller({ label, onPick }: { label: string; onPick: (traveller: Traveller) => void }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    // Focus the picker's field once it has loaded.
    const timer = setInterval(() => {
      const input = box.current?.querySelector('input');
      if (input) {
        input.focus();
        clearInterval(timer);
      }
    }, 50);
    return () => clearInterval(timer);
  }, [open]);
  if (!open)
    return (
      <div>
        <button type="button" className="button" onClick={() => setOpen(true)}>
          Use a saved traveller<span className="visually-hidden"> ({label})</span>
        </button>
      </div>
    );
  return (
    <div ref={box}>
      <Suspense fallback={<p className="muted small">Loading the traveller directory…</p>}>
        <TravellerPicker label={label} onPick={onPick} />
      </Suspense>
    </div>
  );
}

/** What the entry checks found for one traveller on a booking form: errors (stop) and warnings (may go on). */
export function TravellerChecks({ checks }: { checks: readonly TravellerCheck[] }) {
  if (checks.length === 0) return null;
  return (
    <div aria-live="polite">
      {checks.map((check) => (
        <p
          key={`${check.rule}:${check.field}`}
          className={check.severity === 'error' ? 'check-error' : 'check-warning'}
        >
          <strong>{check.severity === 'error' ? 'Problem' : 'Check'}:</strong> {check.message}
        </p>
      ))}
    </div>
  );
}

import {
  type Traveller,
  type TravellerCheck,
  type TravellerInput,
  type TravellerMatch,
  travellerNameKey,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { loadOrReload } from '../lib/new-version.ts';
import {
  matchesOf,
  travellerMatchesQuery,
  tripListQuery,
  tripsOfBookingQuery,
  useCreateTrip,
  useSaveTraveller,
} from '../lib/office.ts';
import { ErrorNotice } from './error-notice.tsx';
import './office-parts.css';
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

const profileLink = (id: string) => `/travellers/${encodeURIComponent(id)}`;
const sameName = (
  a: { given_name: string; family_name: string },
  b: { given_name: string; family_name: string },
) => travellerNameKey(a.given_name, a.family_name) === travellerNameKey(b.given_name, b.family_name);

/**
 * A booked passenger and the office's directory (decision 043): "Saved in travellers", with a link, when they are there
 * already (linked to this booking, or the same person by name and birth date or by a document); else one step saves
 * them, linked to the booking. A save that finds them there after all asks what to do.
 */
export function BookedTraveller({
  traveller,
  bookingId,
}: {
  traveller: TravellerInput | null;
  bookingId: string;
}) {
  const save = useSaveTraveller();
  const savedLink = useRef<HTMLAnchorElement>(null);
  const [moveFocus, setMoveFocus] = useState(false);
  const matches = useQuery(
    travellerMatchesQuery(
      traveller && {
        given_name: traveller.given_name,
        family_name: traveller.family_name,
        date_of_birth: traveller.date_of_birth,
        documents: (traveller.documents ?? []).map((d) => ({ number: d.number, country: d.country })),
        booking_id: bookingId,
      },
    ),
  );
  const saved = save.data ?? matches.data?.data[0];
  useEffect(() => {
    if (moveFocus && saved) savedLink.current?.focus();
  }, [moveFocus, saved]);
  if (!traveller) return <span className="muted small">Not enough to save (no date of birth)</span>;
  if (saved) {
    const name = `${saved.given_name} ${saved.family_name}`;
    // Saved under the name booked: the link says whose it is to a screen reader (one per passenger row).
    return sameName(saved, traveller) ? (
      <Link ref={savedLink} to={profileLink(saved.id)} aria-label={`Saved in travellers: ${name}`}>
        Saved in travellers
      </Link>
    ) : (
      <Link ref={savedLink} to={profileLink(saved.id)}>
        {`Saved in travellers as ${name}`}
      </Link>
    );
  }
  if (matches.isPending) return <span className="muted small">Looking in the directory…</span>;
  const found = matchesOf(save.error);
  const send = (extra: { on_match?: 'update' | 'new'; update_id?: string }) => {
    setMoveFocus(true);
    save.mutate({ body: { ...traveller, booking_id: bookingId, ...extra } });
  };
  if (found)
    return (
      <AlreadySaved
        name={`${traveller.given_name} ${traveller.family_name}`}
        matches={found}
        pending={save.isPending}
        onUpdate={(id) => send({ on_match: 'update', update_id: id })}
        onNew={() => send({ on_match: 'new' })}
      />
    );
  return (
    <>
      <button type="button" className="button" disabled={save.isPending} onClick={() => send({})}>
        Save {traveller.given_name} {traveller.family_name} to travellers
      </button>
      {save.error && <ErrorNotice error={save.error} title="The traveller was not saved" />}
    </>
  );
}

/**
 * A save that found the traveller in the directory already (409 `traveller_exists`): the profiles they match, to
 * update one of them with what was typed, or to save them as a new person (someone else of the same name). The
 * question takes the focus when it appears.
 */
export function AlreadySaved({
  name,
  matches,
  pending,
  onUpdate,
  onNew,
}: {
  name: string;
  matches: readonly TravellerMatch[];
  pending: boolean;
  onUpdate: (id: string) => void;
  onNew: () => void;
}) {
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const why = {
    booking: 'saved from this booking',
    name_and_birth: 'same name and date of birth',
    document: 'same document',
  };
  return (
    <section className="already-saved stack" aria-label="Already in travellers">
      <p ref={heading} tabIndex={-1} aria-live="polite">
        <strong>{name} is already in travellers.</strong> Update that profile, or save a new person if this is
        someone else.
      </p>
      <ul className="plain">
        {matches.map((m) => (
          <li key={m.id} className="row">
            <Link to={profileLink(m.id)}>
              {m.given_name} {m.family_name}
            </Link>
            <span className="muted small">
              born {m.date_of_birth} ({why[m.matched_on]})
            </span>
            <button type="button" className="button" disabled={pending} onClick={() => onUpdate(m.id)}>
              Update this profile
              <span className="visually-hidden">
                {' '}
                of {m.given_name} {m.family_name}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div>
        <button type="button" className="button" disabled={pending} onClick={onNew}>
          Save as a new person
        </button>
      </div>
    </section>
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

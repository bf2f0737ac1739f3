import { bookingDocument, type HotelRate, hotelFeeScope, type Traveller } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AddToQuote } from '../../../components/add-to-quote.tsx';
import { OfferClientPrice } from '../../../components/client-price.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { SavedTraveller, TravellerChecks, TripReference } from '../../../components/office-parts.tsx';
import { ResumedAttempt } from '../../../components/resumed-attempt.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { notify } from '../../../components/toasts.tsx';
import { ApiError, useAttemptKey } from '../../../lib/api.ts';
import { formatMoney, priceDifference } from '../../../lib/format.ts';
import { readingPhones } from '../../../lib/phone-resolver.ts';
import { markQuoteBooked } from '../../../lib/quote-booked.ts';
import { Controller, useForm, useWatch, zodResolver } from '../../../lib/use-form.ts';
import {
  confirmedRateQuery,
  HOTEL_SEARCHES_KEY,
  rememberedRate,
  useCreateHotelOrder,
} from '../api/hotels.ts';
import {
  emptyHotelBooking,
  type HotelBookingForm,
  HotelBookingFormSchema,
  rateChanges,
  roomOccupancies,
  TITLES,
  toHotelOrder,
} from '../booking-form.ts';
import { childAge, guestChecks, guestIndex } from '../guest-checks.ts';
import { readRateRooms, roomNames } from '../read.ts';
import { readRooms } from '../search-params.ts';
import { HotelFacts } from './hotel-page.tsx';
import { HotelTime } from './hotel-time.tsx';
import '../hotels.css';

function RateChange({
  before,
  after,
  onAccept,
}: {
  before: HotelRate;
  after: HotelRate;
  onAccept: () => void;
}) {
  const changes = rateChanges(before, after);
  return (
    <div role="alert" className="notice">
      <strong>The hotel changed this rate: {changes.join(', ')}.</strong>
      <div className="compare">
        <div>
          <div className="muted small">When you chose it</div>
          <strong>{formatMoney(before.total)}</strong>
          <div className="small">{before.board ?? 'Room only'}</div>
          <div className="small">{before.cancellation.policy_text}</div>
        </div>
        <div className="new">
          <div className="muted small">Now</div>
          <strong>{formatMoney(after.total)}</strong>
          {priceDifference(before.total, after.total) && (
            <div className="small">Difference: {priceDifference(before.total, after.total)}</div>
          )}
          <div className="small">{after.board ?? 'Room only'}</div>
          <div className="small">{after.cancellation.policy_text}</div>
        </div>
      </div>
      <button type="button" className="button primary" onClick={onAccept}>
        Accept the new {changes.includes('price') ? 'price' : 'terms'}
      </button>
    </div>
  );
}

/** Confirms the chosen rate with the hotel, then takes the guests and holds the booking. */
export function HotelBookPage() {
  const { rateId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const seen = useMemo(() => rememberedRate(rateId), [rateId]);
  const confirmed = useQuery(confirmedRateQuery(rateId));
  const [accepted, setAccepted] = useState(false);
  const hotelId = params.get('hotel');
  const stay = new URLSearchParams(params);
  stay.delete('hotel');
  const backToHotel = hotelId ? `/hotels/${hotelId}?${stay}` : '/hotels';

  const client = useQueryClient();
  const gone =
    confirmed.error instanceof ApiError &&
    (confirmed.error.status === 404 ||
      confirmed.error.status === 409 ||
      confirmed.error.code === 'rate_unavailable');
  // A rate that is gone must not be offered again from a list kept in memory: the hotel's rates are asked afresh.
  useEffect(() => {
    if (gone) client.removeQueries({ queryKey: HOTEL_SEARCHES_KEY });
  }, [gone, client]);

  if (confirmed.isPending) return <p className="loading">Confirming the rate with the hotel…</p>;
  if (confirmed.error) {
    return (
      <div className="page stack">
        <h1>Book a room</h1>
        <ErrorNotice
          error={confirmed.error}
          title={gone ? 'This rate is no longer available' : 'Could not confirm the rate'}
        />
        {seen && (
          <p>
            You chose {roomNames(seen.rooms)} at {formatMoney(seen.total)}.
          </p>
        )}
        <p>
          <Link to={backToHotel}>See the hotel's current rates</Link> and choose again.
        </p>
      </div>
    );
  }
  const rate = confirmed.data;
  const changed = seen !== null && rateChanges(seen, rate).length > 0;
  return (
    <div className="page stack">
      <div className="page-head">
        <h1>Book a room</h1>
        <Link to={backToHotel}>Back to the hotel</Link>
      </div>
      {changed && !accepted && seen && (
        <RateChange before={seen} after={rate} onAccept={() => setAccepted(true)} />
      )}
      {rate.hotel && <HotelFacts hotel={rate.hotel} />}
      <section className="card stack" aria-label="The rate">
        <p>
          <strong>{roomNames(rate.rooms)}</strong> · {rate.board ?? 'Room only'} · {rate.nights} night
          {rate.nights === 1 ? '' : 's'}, {rate.check_in} to {rate.check_out} ·{' '}
          <strong>{formatMoney(rate.total)}</strong>
          {rate.total_before_discount && (
            <span className="muted">
              {' '}
              (was <s>{formatMoney(rate.total_before_discount)}</s>)
            </span>
          )}
        </p>
        <p className="small">
          {rate.refundable ? (
            <>
              Refundable
              {rate.refundable_until && (
                <>
                  {' '}
                  until <HotelTime at={rate.refundable_until} hotel={rate.hotel} />
                </>
              )}
              .
            </>
          ) : (
            'Non-refundable.'
          )}{' '}
          {rate.cancellation.policy_text}
        </p>
      </section>
      {(!changed || accepted) && (
        <GuestsForm rate={rate} onBooked={(id) => navigate(`/hotels/orders/${id}`)} />
      )}
    </div>
  );
}

function GuestsForm({ rate, onBooked }: { rate: HotelRate; onBooked: (orderId: string) => void }) {
  const [params] = useSearchParams();
  const searchedRooms = readRooms(params.get('rooms')) ?? [];
  const rateRooms = readRateRooms(rate.rooms);
  const occupancies = roomOccupancies(rate, searchedRooms);
  const form = useForm<HotelBookingForm>({
    resolver: readingPhones(zodResolver(HotelBookingFormSchema), [['contact', 'phone']]),
    defaultValues: emptyHotelBooking(rate, searchedRooms),
  });
  const create = useCreateHotelOrder();
  // One key per booking attempt: a double click or a retry after a lost answer holds once.
  const key = useAttemptKey(`hotel:${rate.id}`);
  const rooms = form.getValues('rooms');
  // The directory profile each guest was filled from ("room.guest"), checked against the stay (decision 018).
  const [profiles, setProfiles] = useState<Record<string, Traveller>>({});
  const typed = useWatch({ control: form.control, name: 'rooms' });
  const checks = guestChecks(rate, occupancies, typed ?? rooms, profiles);
  const blocked = checks.some((c) => c.severity === 'error');

  const submit = form.handleSubmit((values) => {
    if (create.isPending || blocked) return;
    const body = toHotelOrder(HotelBookingFormSchema.parse(values), rate.id);
    create.mutate(
      { body, key: key.sending() },
      {
        onSuccess: (order) => {
          markQuoteBooked(new URLSearchParams(window.location.search).get('quote'), order.id);
          notify(
            'Hotel booking held',
            `Order ${order.id} for ${formatMoney(order.total)}. Confirm it before the deadline.`,
          );
          key.done();
          onBooked(order.id);
        },
        onError: (error) => key.settle(error),
      },
    );
  });

  return (
    <form className="stack" onSubmit={(e) => void submit(e)} aria-label="Guests and contact" noValidate>
      <h2>Guests</h2>
      {rooms.map((room, r) => (
        <fieldset key={`room-${r + 1}`} className="card stack">
          <legend>
            Room {r + 1}
            {rateRooms[r]?.name ? `: ${rateRooms[r]?.name}` : ''}
          </legend>
          {room.guests.map((guest, g) => (
            <fieldset key={`room-${r + 1}-guest-${g + 1}`} className="row guest">
              <legend>
                Room {r + 1}, guest {g + 1}: {guest.type === 'adult' ? 'Adult' : 'Child'}
                {guest.type === 'child' && childAge(occupancies[r], g) !== undefined
                  ? `, aged ${childAge(occupancies[r], g)}`
                  : ''}
                {g === 0 ? ' (lead guest)' : ''}
              </legend>
              <SavedTraveller
                label={`Saved traveller for room ${r + 1}, guest ${g + 1}`}
                onPick={(traveller) => {
                  form.setValue(`rooms.${r}.guests.${g}.given_name`, traveller.given_name);
                  form.setValue(`rooms.${r}.guests.${g}.family_name`, traveller.family_name);
                  const passport = bookingDocument(traveller);
                  if (passport?.kind === 'passport')
                    form.setValue(`rooms.${r}.guests.${g}.passport_number`, passport.number);
                  setProfiles((current) => ({ ...current, [`${r}.${g}`]: traveller }));
                }}
              />
              <TravellerChecks checks={checks.filter((c) => c.index === guestIndex(rooms, r, g))} />
              <Controller
                control={form.control}
                name={`rooms.${r}.guests.${g}.title`}
                render={({ field }) => (
                  <SelectField
                    label="Title (optional)"
                    value={field.value}
                    onChange={field.onChange}
                    options={TITLES}
                  />
                )}
              />
              <FormTextField
                control={form.control}
                name={`rooms.${r}.guests.${g}.given_name`}
                label="Given names"
                autoComplete="off"
              />
              <FormTextField
                control={form.control}
                name={`rooms.${r}.guests.${g}.family_name`}
                label="Family name"
                autoComplete="off"
              />
              <FormTextField
                control={form.control}
                name={`rooms.${r}.guests.${g}.national_id`}
                label="National ID (optional)"
              />
              <FormTextField
                control={form.control}
                name={`rooms.${r}.guests.${g}.passport_number`}
                label="Passport number (optional)"
              />
            </fieldset>
          ))}
        </fieldset>
      ))}
      <h2>Contact and notes</h2>
      <div className="row">
        <FormTextField control={form.control} name="contact.email" label="Email" type="email" />
        <FormTextField
          control={form.control}
          name="contact.phone"
          label="Phone"
          type="tel"
          description="International format, e.g. +33123456789"
        />
        <Controller
          control={form.control}
          name="nationality"
          render={({ field, fieldState }) => (
            <TextField
              label="Nationality (optional)"
              {...field}
              onChange={(v) => field.onChange(v.toUpperCase())}
              error={fieldState.error?.message}
              description="Two-letter code, e.g. FR"
            />
          )}
        />
        <FormTextField control={form.control} name="client_reference" label="Client reference (optional)" />
        <Controller
          control={form.control}
          name="client_reference"
          render={({ field }) => <TripReference value={field.value ?? ''} onChange={field.onChange} />}
        />
      </div>
      <FormTextField
        control={form.control}
        name="note"
        label="Note to the hotel (optional)"
        description="Late arrival, a cot, a quiet room…"
      />
      {create.error && (
        <ErrorNotice
          error={create.error}
          title={
            create.error instanceof ApiError && create.error.status === 402
              ? 'The wallet cannot pay for this booking'
              : 'The booking was not held'
          }
        />
      )}
      {blocked && (
        <p role="alert" className="field-error">
          A guest needs attention before this can be held: see the problem marked above.
        </p>
      )}
      <ResumedAttempt resumed={key.resumed} />
      <OfferClientPrice
        context={{
          product: 'hotel',
          net: rate.total,
          nights: rate.nights ?? undefined,
          ...hotelFeeScope(rate.hotel),
        }}
      />
      <AddToQuote
        option={{
          request: { kind: 'hotel', rate_id: rate.id },
          label: `${rate.hotel?.name ?? 'Hotel'}, ${roomNames(rate.rooms)}, ${rate.check_in ?? ''} to ${rate.check_out ?? ''}`,
        }}
      />
      <div className="row">
        <button type="submit" className="button primary" disabled={create.isPending}>
          {create.isPending ? 'Holding…' : `Hold booking · ${formatMoney(rate.total)}`}
        </button>
        <span className="muted small">
          Holding reserves the room and the amount in the wallet; you confirm it next.
        </span>
      </div>
    </form>
  );
}

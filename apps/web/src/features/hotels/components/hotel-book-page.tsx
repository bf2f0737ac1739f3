import { bookingDocument, type HotelRate, hotelFeeScope, type Traveller } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AddToQuote } from '../../../components/add-to-quote.tsx';
import { BookFrame, HoldActions, useHold } from '../../../components/book-frame.tsx';
import { OfferClientPrice } from '../../../components/client-price.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { SavedTraveller, TravellerChecks, TripReference } from '../../../components/office-parts.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { rebookingOf } from '../../../lib/change-actions.ts';
import { formatMoney } from '../../../lib/format.ts';
import { readingPhones } from '../../../lib/phone-resolver.ts';
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
  rebookedHotelBooking,
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

/** Confirms the chosen rate with the hotel, then takes the guests and holds the booking. */
export function HotelBookPage() {
  const { rateId = '' } = useParams();
  const [params] = useSearchParams();
  const seen = useMemo(() => rememberedRate(rateId), [rateId]);
  const confirmed = useQuery(confirmedRateQuery(rateId));
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
      <BookFrame title="Book a room">
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
      </BookFrame>
    );
  }
  const rate = confirmed.data;
  const changes = seen ? rateChanges(seen, rate) : [];
  const terms = (r: HotelRate) => [r.board ?? 'Room only', r.cancellation.policy_text];
  return (
    <BookFrame
      title="Book a room"
      back={{ to: backToHotel, label: 'Back to the hotel' }}
      change={
        seen &&
        changes.length > 0 && {
          title: `The hotel changed this rate: ${changes.join(', ')}.`,
          before: { total: seen.total, lines: terms(seen) },
          after: { total: rate.total, lines: terms(rate) },
          price: changes.includes('price'),
        }
      }
      summary={
        <>
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
        </>
      }
    >
      <GuestsForm rate={rate} />
    </BookFrame>
  );
}

function GuestsForm({ rate }: { rate: HotelRate }) {
  const [params] = useSearchParams();
  const searchedRooms = readRooms(params.get('rooms')) ?? [];
  const rateRooms = readRateRooms(rate.rooms);
  const occupancies = roomOccupancies(rate, searchedRooms);
  const form = useForm<HotelBookingForm>({
    resolver: readingPhones(zodResolver(HotelBookingFormSchema), [['contact', 'phone']]),
    defaultValues: (() => {
      const empty = emptyHotelBooking(rate, searchedRooms);
      const rebooking = rebookingOf(params);
      return rebooking ? rebookedHotelBooking(empty, rebooking) : empty;
    })(),
  });
  const create = useCreateHotelOrder();
  const hold = useHold(create, `hotel:${rate.id}`, (order) => ({
    title: 'Hotel booking held',
    detail: `Order ${order.id} for ${formatMoney(order.total)}. Confirm it before the deadline.`,
    to: `/hotels/orders/${order.id}`,
  }));
  const rooms = form.getValues('rooms');
  // The directory profile each guest was filled from ("room.guest"), checked against the stay (decision 018).
  const [profiles, setProfiles] = useState<Record<string, Traveller>>({});
  const typed = useWatch({ control: form.control, name: 'rooms' });
  const checks = guestChecks(rate, occupancies, typed ?? rooms, profiles);
  const blocked = checks.some((c) => c.severity === 'error');

  const submit = form.handleSubmit((values) => {
    if (create.isPending || blocked) return;
    hold.hold(toHotelOrder(HotelBookingFormSchema.parse(values), rate.id));
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
                data-screen-focus={(r === 0 && g === 0) || undefined}
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
      <HoldActions
        pending={create.isPending}
        label={`Hold booking · ${formatMoney(rate.total)}`}
        hint="Holding reserves the room and the amount in the wallet; you confirm it next."
        error={create.error}
        attention={[
          blocked && 'A guest needs attention before this can be held: see the problem marked above.',
        ]}
        resumed={hold.resumed}
      >
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
      </HoldActions>
    </form>
  );
}

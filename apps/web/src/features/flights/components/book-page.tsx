import {
  bookingDocument,
  type FlightOffer,
  type PassengerType,
  type Traveller,
  travellerChecks,
  travellerFromPassenger,
  wallClockOf,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AddToQuote } from '../../../components/add-to-quote.tsx';
import { BookFrame, HoldActions, useHold } from '../../../components/book-frame.tsx';
import { OfferClientPrice } from '../../../components/client-price.tsx';
import { Countdown } from '../../../components/countdown.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { SavedTraveller, TravellerChecks, TripReference } from '../../../components/office-parts.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { notify } from '../../../components/toasts.tsx';
import { ApiError } from '../../../lib/api.ts';
import { rebookingOf } from '../../../lib/change-actions.ts';
import { dateInDays, formatMoney } from '../../../lib/format.ts';
import { useLinkTraveller, useSaveTraveller } from '../../../lib/office.ts';
import { readingPhones } from '../../../lib/phone-resolver.ts';
import { forget, keep, recall } from '../../../lib/remembered.ts';
import { Controller, useForm, useWatch, zodResolver } from '../../../lib/use-form.ts';
import { rememberedOffer, repricedOfferQuery } from '../api/offers.ts';
import { useCreateOrder } from '../api/orders.ts';
import {
  BookingDraftSchema,
  type BookingForm,
  bookingFormSchema,
  emptyPassengers,
  offerChanges,
  passengersFrom,
  passengerTypesFor,
  toOrderRequest,
} from '../booking-form.ts';
import { readSearch } from '../search-params.ts';
import { OfferDetail } from './offer-detail.tsx';

const TYPE_LABEL = { adult: 'Adult', child: 'Child', infant: 'Infant' } as const;

export function BookPage() {
  const { offerId = '' } = useParams();
  const [params] = useSearchParams();
  const seen = useMemo(() => rememberedOffer(offerId), [offerId]);
  const priced = useQuery(repricedOfferQuery(offerId));
  const backToResults = `/flights?${params.toString()}`;

  if (priced.isPending) return <p className="loading">Checking the price with the airline…</p>;
  if (priced.error) {
    const gone =
      priced.error instanceof ApiError &&
      (priced.error.code === 'offer_expired' || priced.error.status === 404);
    return (
      <BookFrame title="Review and book">
        <ErrorNotice
          error={priced.error}
          title={gone ? 'This offer is no longer available' : 'Could not check the price'}
        />
        <p>
          <Link to={backToResults}>Search again</Link> for fresh offers.
        </p>
      </BookFrame>
    );
  }
  const offer = priced.data;
  const changes = seen ? offerChanges(seen, offer) : [];
  const price = changes.includes('price');
  return (
    <BookFrame
      title="Review and book"
      back={{ to: backToResults, label: 'Back to results' }}
      change={
        seen &&
        changes.length > 0 && {
          title: `The airline changed this offer${price ? "'s price" : ''}${changes.includes('terms') ? (price ? ' and terms' : "'s terms") : ''}.`,
          before: { total: seen.total },
          after: { total: offer.total },
          price,
          hint: 'Check the flights and baggage below before you accept.',
        }
      }
      summary={
        <>
          {offer.expires_at && (
            // When the airline stops holding this offer (the service's time); then the page asks again and says so.
            <Countdown
              deadline={offer.expires_at}
              label="Offer holds for"
              onPassed={() => void priced.refetch()}
            />
          )}
          <section className="card" aria-label="Flights">
            <OfferDetail offer={offer} />
          </section>
        </>
      }
    >
      <PassengersForm
        offer={offer}
        types={passengerTypesFor(
          offer,
          readSearch(params)?.request.passengers ?? { adults: 1, children: 0, infants: 0 },
        )}
      />
    </BookFrame>
  );
}

/** The travellers typed for a booking not yet made, kept in this tab (by the passenger types) until it is made. */
const DRAFT = 'flight-travellers';

function PassengersForm({ offer, types }: { offer: FlightOffer; types: PassengerType[] }) {
  const schema = useMemo(() => bookingFormSchema(offer, types), [offer, types]);
  // What the agent typed outlives the offer: an expired offer and a new search find it again (same travellers).
  const draftKey = types.join(',');
  // A rebooking (decision 054) starts from the old booking's travellers, contact and reference.
  const [params] = useSearchParams();
  const rebooking = useMemo(() => rebookingOf(params), [params]);
  const form = useForm<BookingForm>({
    resolver: readingPhones(zodResolver(schema), [['contact', 'phone']]),
    defaultValues: recall(DRAFT, draftKey, BookingDraftSchema) ?? {
      passengers: rebooking ? passengersFrom(types, rebooking.travellers) : emptyPassengers(types),
      contact: { email: rebooking?.contact.email ?? '', phone: rebooking?.contact.phone ?? '' },
      client_reference: rebooking?.client_reference ?? '',
    },
  });
  const typed = useWatch({ control: form.control });
  useEffect(() => {
    keep(DRAFT, draftKey, typed);
  }, [draftKey, typed]);
  const create = useCreateOrder();
  const hold = useHold(create, `flight:${offer.id}`, (order) => ({
    title: 'Booking held',
    detail: `Order ${order.booking_reference ?? order.id} for ${formatMoney(order.total)}. Ticket it before the deadline.`,
    to: `/flights/orders/${order.id}`,
  }));
  const lastDeparture = offer.slices.at(-1)?.segments.at(-1)?.arriving_at.slice(0, 10) ?? dateInDays(0);
  // The directory profile each passenger was filled from, for the name and duplicate checks.
  const [profiles, setProfiles] = useState<Record<number, Traveller>>({});
  // Passengers to save to the directory once the booking is made (what the agent typed, whatever shape the
  // service gives its passengers back in).
  const [toSave, setToSave] = useState<Record<number, boolean>>({});
  const saveTraveller = useSaveTraveller();
  const linkTraveller = useLinkTraveller();
  const trip = {
    starts_on: wallClockOf(offer.slices[0]?.segments[0]?.departing_at)?.date ?? null,
    ends_on: wallClockOf(offer.slices.at(-1)?.segments.at(-1)?.arriving_at)?.date ?? null,
  };
  const checks = travellerChecks(
    (typed.passengers ?? []).map((p, index) => ({
      given_name: p?.given_name ?? '',
      family_name: p?.family_name ?? '',
      date_of_birth: p?.date_of_birth ?? '',
      document_expires_on: p?.document_expires_on || undefined,
      profile: profiles[index],
    })),
    trip,
  );
  // The schema already refuses an expired document and an age that does not fit: the rest are shown here.
  const shown = checks.filter((c) => c.rule !== 'document_expires' && c.rule !== 'age_type');
  const pick = (index: number, traveller: Traveller) => {
    const document = bookingDocument(traveller);
    form.setValue(`passengers.${index}.given_name`, traveller.given_name);
    form.setValue(`passengers.${index}.family_name`, traveller.family_name);
    form.setValue(`passengers.${index}.date_of_birth`, traveller.date_of_birth);
    form.setValue(`passengers.${index}.gender`, traveller.gender ?? '');
    form.setValue(`passengers.${index}.nationality`, traveller.nationality ?? '');
    form.setValue(`passengers.${index}.document_number`, document?.number ?? '');
    form.setValue(`passengers.${index}.document_expires_on`, document?.expires_on ?? '');
    form.setValue(`passengers.${index}.document_country`, document?.country ?? '');
    setProfiles((current) => ({ ...current, [index]: traveller }));
    if (index === 0 && traveller.email && !form.getValues('contact.email'))
      form.setValue('contact.email', traveller.email);
    if (index === 0 && traveller.phone && !form.getValues('contact.phone'))
      form.setValue('contact.phone', traveller.phone);
  };

  const submit = form.handleSubmit((values) => {
    if (create.isPending) return;
    const duplicate = shown.find((c) => c.rule === 'duplicate');
    if (duplicate) {
      form.setError(`passengers.${duplicate.index}.given_name`, { message: duplicate.message });
      return;
    }
    const body = toOrderRequest(schema.parse(values), offer.id);
    hold.hold(body, {
      made: (order) => {
        const saving = body.passengers.filter((_, index) => toSave[index] && !profiles[index]);
        // Picked from the directory: the profile is linked to the booking (a link not made is found again by the
        // order page's match, so it is not worth a word).
        for (const profile of Object.values(profiles))
          linkTraveller.mutate({ id: profile.id, bookingId: order.id });
        // The booking stands whatever happens here: a traveller not saved is said, never the booking undone. One
        // already in the directory is updated with what was typed, never saved twice (decision 043).
        void Promise.allSettled(
          saving.map((p) =>
            saveTraveller.mutateAsync({
              body: {
                ...travellerFromPassenger(p, saving.length === 1 ? body.contact.email : null),
                booking_id: order.id,
                on_match: 'update',
              },
            }),
          ),
        ).then((results) => {
          const outcomes = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.outcome] : []));
          const added = outcomes.filter((o) => o === 'created').length;
          const updated = outcomes.length - added;
          const travellers = (n: number) => `${n} traveller${n === 1 ? '' : 's'}`;
          if (added > 0) notify('Saved to travellers', `${travellers(added)} added to the directory.`);
          if (updated > 0)
            notify(
              'Saved to travellers',
              `${travellers(updated)} already in the directory: ${updated === 1 ? 'the profile was' : 'their profiles were'} updated.`,
            );
          if (outcomes.length < results.length)
            notify(
              'Not saved to travellers',
              'The booking is made; save the traveller from the directory instead.',
            );
        });
        forget(DRAFT, draftKey);
      },
    });
  });

  return (
    <form className="stack" onSubmit={(e) => void submit(e)} aria-label="Passengers and contact" noValidate>
      <h2>Passengers</h2>
      <div className="grid-2">
        {types.map((type, index) => (
          <fieldset key={index} className="passenger">
            <legend>
              <h3>
                Passenger {index + 1}: {TYPE_LABEL[type]}
              </h3>
            </legend>
            <SavedTraveller
              label={`Saved traveller for passenger ${index + 1}`}
              onPick={(traveller) => pick(index, traveller)}
            />
            <div className="row">
              <FormTextField
                control={form.control}
                name={`passengers.${index}.given_name`}
                label="Given names"
                autoComplete="off"
                data-screen-focus={index === 0 || undefined}
              />
              <FormTextField
                control={form.control}
                name={`passengers.${index}.family_name`}
                label="Family name"
                autoComplete="off"
              />
            </div>
            <div className="row">
              <Controller
                control={form.control}
                name={`passengers.${index}.date_of_birth`}
                render={({ field, fieldState }) => (
                  <DateField
                    label="Date of birth"
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name={`passengers.${index}.gender`}
                render={({ field, fieldState }) => (
                  <SelectField
                    label="Gender"
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                    options={[
                      { id: '', label: 'Choose…' },
                      { id: 'female', label: 'Female' },
                      { id: 'male', label: 'Male' },
                    ]}
                  />
                )}
              />
              <Controller
                control={form.control}
                name={`passengers.${index}.nationality`}
                render={({ field, fieldState }) => (
                  <TextField
                    label="Nationality (optional)"
                    description="Two-letter code, e.g. GB"
                    {...field}
                    onChange={(v) => field.onChange(v.toUpperCase())}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </div>
            <div className="row">
              <FormTextField
                control={form.control}
                name={`passengers.${index}.document_number`}
                label="Passport number (optional)"
              />
              <Controller
                control={form.control}
                name={`passengers.${index}.document_expires_on`}
                render={({ field, fieldState }) => (
                  <DateField
                    label="Passport expires"
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    min={lastDeparture}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name={`passengers.${index}.document_country`}
                render={({ field, fieldState }) => (
                  <TextField
                    label="Issued by"
                    description="e.g. GB"
                    {...field}
                    onChange={(v) => field.onChange(v.toUpperCase())}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </div>
            <FormTextField
              control={form.control}
              name={`passengers.${index}.national_id`}
              label="National ID (optional)"
            />
            <TravellerChecks checks={shown.filter((c) => c.index === index)} />
            {!profiles[index] && (
              <label className="check">
                <input
                  type="checkbox"
                  checked={toSave[index] ?? false}
                  onChange={(event) =>
                    setToSave((current) => ({ ...current, [index]: event.target.checked }))
                  }
                />{' '}
                Save passenger {index + 1} to travellers when booked
              </label>
            )}
          </fieldset>
        ))}
      </div>
      <h2>Contact</h2>
      <div className="row">
        <FormTextField control={form.control} name="contact.email" label="Email" type="email" />
        <FormTextField
          control={form.control}
          name="contact.phone"
          label="Phone"
          type="tel"
          description="International form, e.g. +442071234567"
        />
        <FormTextField control={form.control} name="client_reference" label="Client reference (optional)" />
        <TripReference
          value={typed.client_reference ?? ''}
          onChange={(reference) => form.setValue('client_reference', reference)}
        />
      </div>
      <HoldActions
        pending={create.isPending}
        label={`Hold booking · ${formatMoney(offer.total)}`}
        hint="Holding reserves the seats and the money; you ticket it on the next page."
        error={create.error}
        resumed={hold.resumed}
      >
        <OfferClientPrice
          context={{
            product: 'flight',
            net: offer.total,
            passengers: offer.passengers.length,
            cabin: offer.cabin_class,
          }}
        />
        <AddToQuote
          option={{
            request: { kind: 'flight', offer_id: offer.id },
            label: `${offer.airline_name}, ${offer.slices.map((sl) => `${sl.origin}→${sl.destination}`).join(', ')}`,
          }}
        />
      </HoldActions>
    </form>
  );
}

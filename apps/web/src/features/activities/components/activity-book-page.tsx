import {
  type ActivityAvailability,
  type BookingOptions,
  bookingDocument,
  priceActivityBooking,
  type Traveller,
  type TravellerCheck,
  travelerLabels,
  travellerChecks,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { BookFrame, HoldActions, useHold } from '../../../components/book-frame.tsx';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { SavedTraveller, TravellerChecks, TripReference } from '../../../components/office-parts.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { rebookingOf } from '../../../lib/change-actions.ts';
import { useClientPrices } from '../../../lib/client-prices.ts';
import { formatMoney } from '../../../lib/format.ts';
import { loadOrReload } from '../../../lib/new-version.ts';
import { readingPhones } from '../../../lib/phone-resolver.ts';
import { Controller, type Path, useForm, useWatch, zodResolver } from '../../../lib/use-form.ts';
import { activityProductQuery, availabilityQuery, useCreateActivityBooking } from '../api/activities.ts';
import {
  answersFromTraveller,
  answersTravellers,
  FIELD_WORDS,
  type FilledAnswer,
} from '../from-traveller.ts';
import {
  type ActivityBookingForm,
  activityBookingFormSchema,
  answersOf,
  emptyActivityBooking,
  fieldOfParam,
  SALUTATIONS,
  toActivityBooking,
} from '../options-form.ts';
import { readSelection, type TravelerCounts, writeSelection } from '../search-params.ts';
import { describeTravelers, travelersProblem } from '../travellers.ts';
import { OptionField } from './option-field.tsx';
import '../activities.css';

/** Takes the booking options, the customer and the client reference for a chosen date, then holds the booking. */
export function ActivityBookPage() {
  const { typeId = '' } = useParams();
  const [params] = useSearchParams();
  const selection = useMemo(() => readSelection(params), [params]);
  const productId = params.get('product');
  const product = useQuery({ ...activityProductQuery(productId ?? ''), enabled: productId !== null });
  // Capacity and prices are read afresh here: what was on the product page may have changed.
  const day = useQuery({
    ...availabilityQuery(typeId, selection.date),
    staleTime: 0,
    enabled: selection.date !== null,
  });
  const back = productId
    ? `/activities/${productId}?${writeSelection({ ...selection, type: typeId })}`
    : '/activities';
  const type = product.data?.product_types.find((t) => t.id === typeId);

  const frame = {
    title: `Book ${product.data ? product.data.title : 'an activity'}`,
    back: { to: back, label: 'Change date or travellers' },
  };
  if (!selection.date)
    return (
      <BookFrame {...frame}>
        <p className="notice">No date was chosen. Go back and choose one.</p>
      </BookFrame>
    );
  if (day.isPending) return <p className="loading">Checking places and prices…</p>;
  if (day.error)
    return (
      <BookFrame {...frame}>
        <QueryErrorNotice query={day} title="Could not check this date" />
      </BookFrame>
    );
  const count = travelerLabels(selection.travelers).length;
  const problem = day.data.available
    ? travelersProblem(day.data, selection.travelers)
    : 'This date is sold out.';
  return (
    <BookFrame
      {...frame}
      summary={
        <section className="card" aria-label="What is being booked">
          <p>
            <strong>{type?.title ?? 'Activity'}</strong> · {day.data.weekday} {selection.date}
            {selection.slot ? ` at ${selection.slot}` : ', any time that day'} ({day.data.timezone}) · {count}{' '}
            traveller{count === 1 ? '' : 's'}: {describeTravelers(selection.travelers)}
          </p>
        </section>
      }
    >
      {problem ? (
        <div role="alert" className="notice notice-error">
          <p>{problem}</p>
          <Link to={back}>Choose again</Link>
        </div>
      ) : (
        <BookingForm
          key={`${typeId}-${selection.date}-${count}`}
          typeId={typeId}
          date={selection.date}
          slot={selection.slot}
          travelers={selection.travelers}
          day={day.data}
          activity={productId}
        />
      )}
    </BookFrame>
  );
}

// "Add to a quote" comes after the page: the booking form's own JavaScript is what the agent waits for.
const AddToQuote = lazy(async () => ({
  default: (await loadOrReload(() => import('../../../components/add-to-quote.tsx'))).AddToQuote,
}));

function RunningTotal({
  form,
  day,
  travelers,
  activity,
}: {
  form: ReturnType<typeof useForm<ActivityBookingForm>>;
  day: ActivityAvailability;
  travelers: TravelerCounts;
  activity: string | null;
}) {
  const priceFor = useClientPrices();
  const options = useWatch({ control: form.control, name: 'options' });
  const price = priceActivityBooking(
    day.rates,
    travelers,
    day.booking_options,
    answersOf(day.booking_options, options),
  );
  // What the client pays (decision 032): the net by the supplier's prices, plus the office's fee.
  const client = priceFor({ product: 'activity', net: price.total, activity });
  return (
    <aside className="card running-total" aria-labelledby="total-title">
      <h2 id="total-title">Total</h2>
      <table className="data">
        <tbody>
          {price.lines.map((line) => (
            <tr key={`${line.category}-${line.label}`}>
              <th scope="row">
                {line.quantity} × {line.label}
              </th>
              <td>{formatMoney(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {client.fee.amount === '0.00' ? (
            <tr>
              <th scope="row">Total</th>
              <td>
                <strong aria-live="polite">{formatMoney(price.total)}</strong>
              </td>
            </tr>
          ) : (
            <>
              <tr>
                <th scope="row">Net (the wallet pays)</th>
                <td>{formatMoney(price.total)}</td>
              </tr>
              <tr>
                <th scope="row">Service fee</th>
                <td>{formatMoney(client.fee)}</td>
              </tr>
              <tr>
                <th scope="row">The client pays</th>
                <td>
                  <strong aria-live="polite">{formatMoney(client.client)}</strong>
                </td>
              </tr>
            </>
          )}
        </tfoot>
      </table>
    </aside>
  );
}

function OptionsSections({
  form,
  options,
  travelers,
  filled,
  checks,
  onPick,
}: {
  form: ReturnType<typeof useForm<ActivityBookingForm>>;
  options: BookingOptions;
  travelers: TravelerCounts;
  filled: Record<number, Filled>;
  checks: readonly TravellerCheck[];
  onPick: (index: number, traveller: Traveller) => void;
}) {
  const labels = travelerLabels(travelers);
  // A saved traveller is offered only where the supplier asks something a profile can answer.
  const pickable = answersTravellers(options.per_pax);
  return (
    <>
      {options.per_booking.length > 0 && (
        <fieldset className="card stack">
          <legend>About the booking</legend>
          <div className="option-grid">
            {options.per_booking.map((option, i) => (
              <OptionField
                key={option.id}
                option={option}
                name={`options.per_booking.${i}`}
                control={form.control}
              />
            ))}
          </div>
        </fieldset>
      )}
      {options.per_pax.length > 0 &&
        labels.map((label, t) => (
          <fieldset key={label} className="card stack">
            <legend>{label}</legend>
            {pickable && (
              <SavedTraveller
                label={`Saved traveller as ${label}`}
                onPick={(traveller) => onPick(t, traveller)}
              />
            )}
            {filled[t] && <FilledFrom {...filled[t]} />}
            <TravellerChecks checks={checks.filter((c) => c.index === t)} />
            <div className="option-grid">
              {options.per_pax.map((option, i) => (
                <OptionField
                  key={option.id}
                  option={option}
                  name={`options.per_pax.${t}.${i}`}
                  control={form.control}
                />
              ))}
            </div>
          </fieldset>
        ))}
    </>
  );
}

/** A traveller filled from the directory: who, and the answers their profile gave. */
interface Filled {
  profile: Traveller;
  answers: FilledAnswer[];
}

function FilledFrom({ profile, answers }: Filled) {
  const name = `${profile.given_name} ${profile.family_name}`;
  return (
    <p className="muted small" aria-live="polite">
      {answers.length > 0
        ? `Filled from ${name}: ${answers.map((a) => FIELD_WORDS[a.field]).join(', ')}.`
        : `${name} has nothing saved that these questions ask.`}
    </p>
  );
}

function BookingForm({
  typeId,
  date,
  slot,
  travelers,
  day,
  activity,
}: {
  typeId: string;
  date: string;
  slot: string | null;
  travelers: TravelerCounts;
  day: ActivityAvailability;
  /** The product's id, which an activity's fee rule names (decision 032). */
  activity: string | null;
}) {
  const options = day.booking_options;
  const schema = useMemo(() => activityBookingFormSchema(options), [options]);
  // Booking again (decision 054): the lapsed hold's customer and reference, filled.
  const [params] = useSearchParams();
  const form = useForm<ActivityBookingForm>({
    resolver: readingPhones(zodResolver(schema), [['customer', 'phone']]),
    defaultValues: (() => {
      const empty = emptyActivityBooking(options, travelers);
      const again = rebookingOf(params);
      const customer = again?.travellers[0];
      return again
        ? {
            ...empty,
            customer: {
              ...empty.customer,
              given_name: customer?.given_name ?? '',
              family_name: customer?.family_name ?? '',
              email: again.contact.email ?? '',
              phone: again.contact.phone ?? '',
            },
            client_reference: again.client_reference ?? '',
          }
        : empty;
    })(),
  });
  const create = useCreateActivityBooking();
  const hold = useHold(create, `activity:${typeId}:${date}:${slot ?? ''}`, (booking) => ({
    title: 'Activity booking held',
    detail: `${booking.code} for ${formatMoney(booking.total)}. Confirm it next.`,
    to: `/activities/bookings/${booking.id}`,
  }));
  // The directory profile each traveller was filled from, checked against the day (decision 018): one person twice,
  // or a passport given that has run out by the day. Six months' validity is a matter of entering a country, the
  // flight's check, not the activity's.
  const [filled, setFilled] = useState<Record<number, Filled>>({});
  const checks = travellerChecks(
    travelerLabels(travelers).map((_, index) => {
      const one = filled[index];
      if (!one) return { given_name: '', family_name: '', date_of_birth: '' };
      const { profile, answers } = one;
      return {
        given_name: profile.given_name,
        family_name: profile.family_name,
        date_of_birth: profile.date_of_birth,
        // The passport's expiry counts only where its number was given.
        document_expires_on: answers.some((a) => a.field === 'document_number')
          ? bookingDocument(profile)?.expires_on
          : undefined,
        profile,
      };
    }),
    { starts_on: date, ends_on: date },
  ).filter((c) => c.rule === 'duplicate' || c.rule === 'document_expires');
  const pick = (index: number, traveller: Traveller) => {
    const answers = answersFromTraveller(options.per_pax, traveller);
    for (const answer of answers)
      form.setValue(`options.per_pax.${index}.${answer.index}`, answer.value, {
        shouldValidate: form.formState.isSubmitted,
      });
    setFilled((current) => ({ ...current, [index]: { profile: traveller, answers } }));
  };
  const blocked = checks.some((c) => c.severity === 'error');

  const submit = form.handleSubmit((values) => {
    if (create.isPending || blocked) return;
    const body = toActivityBooking(values, {
      product_type_id: typeId,
      date,
      timeslot: slot,
      travelers,
      options,
    });
    hold.hold(body, {
      refused: (error) => {
        // The service names the field it refused: the message goes on that field, and focus with it.
        const field = error instanceof ApiError ? fieldOfParam(error.param, options) : null;
        if (field && error instanceof ApiError)
          form.setError(
            field as Path<ActivityBookingForm>,
            { message: error.message.replace(`${error.param}: `, '') },
            { shouldFocus: true },
          );
      },
    });
  });
  // Where the work starts (the shell and the frame focus it on arrival): the first question asked, else the customer.
  // The questions' controls are of a dozen kinds, so the first is found once it is drawn.
  const first = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const questions = first.current?.querySelector('.option-grid :is(input, select, textarea)');
    (questions ?? first.current?.querySelector('[name="customer.given_name"]'))?.setAttribute(
      'data-screen-focus',
      '',
    );
  }, []);
  const apiError = create.error;
  const placed = apiError instanceof ApiError && fieldOfParam(apiError.param, options) !== null;

  return (
    <form
      className="book-layout"
      onSubmit={(e) => void submit(e)}
      aria-label="Booking details"
      noValidate
      ref={first}
    >
      <div className="stack">
        <OptionsSections
          form={form}
          options={options}
          travelers={travelers}
          filled={filled}
          checks={checks}
          onPick={pick}
        />
        <fieldset className="card stack">
          <legend>Customer</legend>
          <SavedTraveller
            label="Saved traveller as the customer"
            onPick={(traveller) => {
              form.setValue('customer.given_name', traveller.given_name);
              form.setValue('customer.family_name', traveller.family_name);
              if (traveller.email) form.setValue('customer.email', traveller.email);
              if (traveller.phone) form.setValue('customer.phone', traveller.phone);
            }}
          />
          <div className="row">
            <Controller
              control={form.control}
              name="customer.salutation"
              render={({ field }) => (
                <SelectField
                  label="Salutation (optional)"
                  value={field.value}
                  onChange={field.onChange}
                  options={SALUTATIONS}
                />
              )}
            />
            <FormTextField
              control={form.control}
              name="customer.given_name"
              label="Given names"
              autoComplete="off"
            />
            <FormTextField
              control={form.control}
              name="customer.family_name"
              label="Family name"
              autoComplete="off"
            />
          </div>
          <div className="row">
            <FormTextField
              control={form.control}
              name="customer.email"
              label="Email"
              type="email"
              autoComplete="off"
            />
            <FormTextField
              control={form.control}
              name="customer.phone"
              label="Phone (optional)"
              type="tel"
              autoComplete="off"
              description="International format, e.g. +33 6 12 34 56 78"
            />
            <FormTextField
              control={form.control}
              name="client_reference"
              label="Client reference (optional)"
            />
            <Controller
              control={form.control}
              name="client_reference"
              render={({ field }) => <TripReference value={field.value ?? ''} onChange={field.onChange} />}
            />
          </div>
        </fieldset>
        <HoldActions
          pending={create.isPending}
          label="Hold booking"
          hint="A hold keeps the places for 30 minutes; you confirm it next."
          error={apiError}
          errorTitle={
            placed ? 'The supplier refused an answer: it is marked on the form' : 'The booking was not held'
          }
          attention={[
            blocked && 'A traveller needs attention before this can be held: see the problem marked above.',
            Object.keys(form.formState.errors).length > 0 &&
              !apiError &&
              'Some answers need attention; they are marked above.',
          ]}
          resumed={hold.resumed}
        />
      </div>
      <RunningTotal form={form} day={day} travelers={travelers} activity={activity} />
      {activity && (
        <Suspense fallback={null}>
          <AddToQuote
            option={{
              request: {
                kind: 'activity',
                product_id: activity,
                product_type_id: typeId,
                date,
                timeslot: slot,
                travelers,
              },
              label: `Activity on ${date}${slot ? ` at ${slot}` : ''}`,
            }}
          />
        </Suspense>
      )}
    </form>
  );
}

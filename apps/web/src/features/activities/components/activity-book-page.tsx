import {
  type ActivityAvailability,
  type BookingOptions,
  priceActivityBooking,
  travelerLabels,
} from '@console/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { SavedTraveller, TripReference } from '../../../components/office-parts.tsx';
import { ResumedAttempt } from '../../../components/resumed-attempt.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { notify } from '../../../components/toasts.tsx';
import { ApiError, useAttemptKey } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/format.ts';
import { activityProductQuery, availabilityQuery, useCreateActivityBooking } from '../api/activities.ts';
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

  const head = (
    <div className="page-head">
      <h1>Book {product.data ? product.data.title : 'an activity'}</h1>
      <Link to={back}>Change date or travellers</Link>
    </div>
  );
  if (!selection.date)
    return (
      <div className="page stack">
        {head}
        <p className="notice">No date was chosen. Go back and choose one.</p>
      </div>
    );
  if (day.isPending) return <p className="loading">Checking places and prices…</p>;
  if (day.error)
    return (
      <div className="page stack">
        {head}
        <QueryErrorNotice query={day} title="Could not check this date" />
      </div>
    );
  const count = travelerLabels(selection.travelers).length;
  const problem = day.data.available
    ? travelersProblem(day.data, selection.travelers)
    : 'This date is sold out.';
  return (
    <div className="page stack">
      {head}
      <section className="card" aria-label="What is being booked">
        <p>
          <strong>{type?.title ?? 'Activity'}</strong> · {day.data.weekday} {selection.date}
          {selection.slot ? ` at ${selection.slot}` : ', any time that day'} ({day.data.timezone}) · {count}{' '}
          traveller{count === 1 ? '' : 's'}: {describeTravelers(selection.travelers)}
        </p>
      </section>
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
        />
      )}
    </div>
  );
}

function RunningTotal({
  form,
  day,
  travelers,
}: {
  form: ReturnType<typeof useForm<ActivityBookingForm>>;
  day: ActivityAvailability;
  travelers: TravelerCounts;
}) {
  const options = useWatch({ control: form.control, name: 'options' });
  const price = priceActivityBooking(
    day.rates,
    travelers,
    day.booking_options,
    answersOf(day.booking_options, options),
  );
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
          <tr>
            <th scope="row">Total</th>
            <td>
              <strong aria-live="polite">{formatMoney(price.total)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </aside>
  );
}

function OptionsSections({
  form,
  options,
  travelers,
}: {
  form: ReturnType<typeof useForm<ActivityBookingForm>>;
  options: BookingOptions;
  travelers: TravelerCounts;
}) {
  const labels = travelerLabels(travelers);
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

function BookingForm({
  typeId,
  date,
  slot,
  travelers,
  day,
}: {
  typeId: string;
  date: string;
  slot: string | null;
  travelers: TravelerCounts;
  day: ActivityAvailability;
}) {
  const options = day.booking_options;
  const schema = useMemo(() => activityBookingFormSchema(options), [options]);
  const form = useForm<ActivityBookingForm>({
    resolver: zodResolver(schema),
    defaultValues: emptyActivityBooking(options, travelers),
  });
  const navigate = useNavigate();
  const create = useCreateActivityBooking();
  // One key per booking attempt: a double click or a retry after a lost answer books once.
  const key = useAttemptKey(`activity:${typeId}:${date}:${slot ?? ''}`);

  const submit = form.handleSubmit((values) => {
    if (create.isPending) return;
    const body = toActivityBooking(values, {
      product_type_id: typeId,
      date,
      timeslot: slot,
      travelers,
      options,
    });
    create.mutate(
      { body, key: key.current },
      {
        onSuccess: (booking) => {
          notify(
            'Activity booking held',
            `${booking.code} for ${formatMoney(booking.total)}. Confirm it next.`,
          );
          key.done();
          void navigate(`/activities/bookings/${booking.id}`);
        },
        onError: (error) => {
          key.settle(error);
          // The service names the field it refused: the message goes on that field, and focus with it.
          const field = error instanceof ApiError ? fieldOfParam(error.param, options) : null;
          if (field && error instanceof ApiError)
            form.setError(
              field as Path<ActivityBookingForm>,
              { message: error.message.replace(`${error.param}: `, '') },
              { shouldFocus: true },
            );
        },
      },
    );
  });
  const apiError = create.error;
  const placed = apiError instanceof ApiError && fieldOfParam(apiError.param, options) !== null;

  return (
    <form className="book-layout" onSubmit={(e) => void submit(e)} aria-label="Booking details" noValidate>
      <div className="stack">
        <OptionsSections form={form} options={options} travelers={travelers} />
        <fieldset className="card stack">
          <legend>Customer</legend>
          <SavedTraveller
            label="Saved traveller as the customer"
            onPick={(traveller) => {
              const fill = { shouldDirty: true } as const;
              form.setValue('customer.given_name', traveller.given_name, fill);
              form.setValue('customer.family_name', traveller.family_name, fill);
              if (traveller.email) form.setValue('customer.email', traveller.email, fill);
              if (traveller.phone) form.setValue('customer.phone', traveller.phone, fill);
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
        {apiError && (
          <ErrorNotice
            error={apiError}
            title={
              placed ? 'The supplier refused an answer: it is marked on the form' : 'The booking was not held'
            }
          />
        )}
        {Object.keys(form.formState.errors).length > 0 && !apiError && (
          <p role="alert" className="field-error">
            Some answers need attention; they are marked above.
          </p>
        )}
        <ResumedAttempt resumed={key.resumed} />
        <div className="row">
          <button type="submit" className="button primary" disabled={create.isPending}>
            {create.isPending ? 'Holding…' : 'Hold booking'}
          </button>
          <span className="muted small">A hold keeps the places for 30 minutes; you confirm it next.</span>
        </div>
      </div>
      <RunningTotal form={form} day={day} travelers={travelers} />
    </form>
  );
}

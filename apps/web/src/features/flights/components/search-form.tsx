import { CABIN_CLASSES } from '@console/contract';
import { useRef } from 'react';
import { DateField } from '../../../components/date-field.tsx';
import { NumberField } from '../../../components/number-field.tsx';
import { PlaceCombobox, type PlaceOption } from '../../../components/place-combobox.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { dateInDays } from '../../../lib/format.ts';
import { Controller, useFieldArray, useForm, zodResolver } from '../../../lib/use-form.ts';
import { useFlightPlaces } from '../api/flight-places.ts';
import { proposeReturn, type SearchForm, SearchFormSchema } from '../search-params.ts';
import '../flights.css';

function usePlaceOptions(text: string): { options: PlaceOption[]; loading: boolean } {
  const places = useFlightPlaces(text);
  return {
    loading: places.isFetching,
    options: (places.data?.data ?? []).map((p) => ({
      id: p.code,
      label: `${p.name} (${p.code})`,
      detail: p.type === 'city' ? `${p.country} · all airports` : p.country,
    })),
  };
}

const CABINS = CABIN_CLASSES.map((id) => ({
  id,
  label: id.replace('_', ' ').replace(/^./, (c) => c.toUpperCase()),
}));
const TRIPS = [
  { id: 'return', label: 'Return' },
  { id: 'oneway', label: 'One way' },
  { id: 'multi', label: 'Multi-city' },
] as const;
const EMPTY_LEG = { from: '', to: '', depart: '' };

export function SearchFormPanel({
  initial,
  onSearch,
}: {
  /** A search read from the URL, or as much of one as a link held. */
  initial: Partial<SearchForm> | null;
  onSearch: (form: SearchForm) => void;
}) {
  const form = useForm<SearchForm>({
    resolver: zodResolver(SearchFormSchema),
    defaultValues: {
      trip: 'return',
      legs: [],
      adults: 1,
      children: 0,
      infants: 0,
      cabin: 'economy',
      ...initial,
    },
  });
  const legs = useFieldArray({ control: form.control, name: 'legs' });
  // The return the form proposed (depart + 7) and the agent has not changed: it follows the outbound date.
  const proposed = useRef<string | undefined>(undefined);
  const propose = () => {
    if (form.getValues('trip') !== 'return') return;
    const current = form.getValues('return');
    const next = proposeReturn({ depart: form.getValues('depart'), current, proposed: proposed.current });
    if (next !== current) {
      proposed.current = next;
      form.setValue('return', next, { shouldValidate: form.formState.isSubmitted });
    }
  };
  const trip = form.watch('trip');
  const submit = form.handleSubmit((values) => onSearch(values));
  const legsError = form.formState.errors.legs?.root?.message ?? form.formState.errors.legs?.message;

  return (
    <form
      className="search-form card"
      onSubmit={(e) => void submit(e)}
      aria-label="Search flights"
      noValidate
    >
      <Controller
        control={form.control}
        name="trip"
        render={({ field }) => (
          <fieldset className="trip">
            <legend>Trip</legend>
            {TRIPS.map((option) => (
              <label key={option.id}>
                <input
                  type="radio"
                  name="trip"
                  value={option.id}
                  checked={field.value === option.id}
                  onChange={() => {
                    field.onChange(option.id);
                    if (option.id === 'return') propose();
                    if (option.id === 'multi' && legs.fields.length < 2) {
                      const { from = '', to = '', depart = '' } = form.getValues();
                      legs.replace([
                        { from, to, depart },
                        { from: to, to: '', depart: '' },
                      ]);
                    }
                  }}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        )}
      />
      {trip === 'multi' ? (
        <div className="stack">
          {legs.fields.map((leg, index) => (
            <fieldset key={leg.id} className="row leg">
              <legend className="visually-hidden">Flight {index + 1}</legend>
              <span className="leg-number" aria-hidden="true">
                {index + 1}
              </span>
              <Controller
                control={form.control}
                name={`legs.${index}.from`}
                render={({ field, fieldState }) => (
                  <PlaceCombobox
                    label={`Flight ${index + 1} from`}
                    value={field.value || null}
                    onChange={(id) => field.onChange(id ?? '')}
                    useOptions={usePlaceOptions}
                    error={fieldState.error?.message}
                    placeholder="City or airport"
                  />
                )}
              />
              <Controller
                control={form.control}
                name={`legs.${index}.to`}
                render={({ field, fieldState }) => (
                  <PlaceCombobox
                    label={`Flight ${index + 1} to`}
                    value={field.value || null}
                    onChange={(id) => {
                      field.onChange(id ?? '');
                      if (id && index + 1 < legs.fields.length && !form.getValues(`legs.${index + 1}.from`))
                        form.setValue(`legs.${index + 1}.from`, id);
                    }}
                    useOptions={usePlaceOptions}
                    error={fieldState.error?.message}
                    placeholder="City or airport"
                  />
                )}
              />
              <Controller
                control={form.control}
                name={`legs.${index}.depart`}
                render={({ field, fieldState }) => (
                  <DateField
                    label={`Flight ${index + 1} date`}
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    min={dateInDays(0)}
                    error={fieldState.error?.message}
                  />
                )}
              />
              {legs.fields.length > 2 && (
                <button
                  type="button"
                  className="button"
                  onClick={() => legs.remove(index)}
                  aria-label={`Remove flight ${index + 1}`}
                >
                  Remove
                </button>
              )}
            </fieldset>
          ))}
          {legsError && <p className="field-error">{legsError}</p>}
          {legs.fields.length < 6 && (
            <button
              type="button"
              className="button"
              onClick={() =>
                legs.append({ ...EMPTY_LEG, from: form.getValues(`legs.${legs.fields.length - 1}.to`) ?? '' })
              }
            >
              Add a flight
            </button>
          )}
        </div>
      ) : (
        <div className="row">
          <Controller
            control={form.control}
            name="from"
            render={({ field, fieldState }) => (
              <PlaceCombobox
                label="From"
                searchFocus
                value={field.value ?? null}
                onChange={(id) => field.onChange(id ?? undefined)}
                useOptions={usePlaceOptions}
                error={fieldState.error?.message}
                placeholder="City or airport"
              />
            )}
          />
          <Controller
            control={form.control}
            name="to"
            render={({ field, fieldState }) => (
              <PlaceCombobox
                label="To"
                value={field.value ?? null}
                onChange={(id) => field.onChange(id ?? undefined)}
                useOptions={usePlaceOptions}
                error={fieldState.error?.message}
                placeholder="City or airport"
              />
            )}
          />
          <Controller
            control={form.control}
            name="depart"
            render={({ field, fieldState }) => (
              <DateField
                label="Depart"
                value={field.value ?? null}
                onChange={(v) => {
                  field.onChange(v ?? undefined);
                  propose();
                }}
                min={dateInDays(0)}
                error={fieldState.error?.message}
              />
            )}
          />
          {trip === 'return' && (
            <Controller
              control={form.control}
              name="return"
              render={({ field, fieldState }) => (
                <DateField
                  label="Return"
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v ?? undefined)}
                  min={form.getValues('depart') ?? dateInDays(0)}
                  error={fieldState.error?.message}
                />
              )}
            />
          )}
        </div>
      )}
      <div className="row">
        <Controller
          control={form.control}
          name="adults"
          render={({ field, fieldState }) => (
            <NumberField
              label="Adults (12+)"
              value={field.value}
              onChange={field.onChange}
              min={1}
              max={9}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="children"
          render={({ field, fieldState }) => (
            <NumberField
              label="Children (2–11)"
              value={field.value}
              onChange={field.onChange}
              min={0}
              max={8}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="infants"
          render={({ field, fieldState }) => (
            <NumberField
              label="Infants (under 2)"
              value={field.value}
              onChange={field.onChange}
              min={0}
              max={8}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="cabin"
          render={({ field }) => (
            <SelectField label="Cabin" value={field.value} onChange={field.onChange} options={CABINS} />
          )}
        />
        <button type="submit" className="button primary search-button">
          Search flights
        </button>
      </div>
    </form>
  );
}

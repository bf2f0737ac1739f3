import { DateField } from '../../../components/date-field.tsx';
import { NumberField } from '../../../components/number-field.tsx';
import { PlaceCombobox, type PlaceOption } from '../../../components/place-combobox.tsx';
import { dateInDays } from '../../../lib/format.ts';
import {
  Controller,
  type FieldError,
  useFieldArray,
  useForm,
  useWatch,
  zodResolver,
} from '../../../lib/use-form.ts';
import { useHotelPlaces } from '../api/hotels.ts';
import { type HotelForm, HotelFormSchema } from '../search-params.ts';
import '../hotels.css';

const TYPE_LABEL: Record<string, string> = {
  city: 'City',
  region: 'Region',
  country: 'Country',
  hotel: 'Hotel',
  landmark: 'Landmark',
  district: 'District',
};

function usePlaceOptions(text: string): { options: PlaceOption[]; loading: boolean } {
  const places = useHotelPlaces(text);
  return {
    loading: places.isFetching,
    // A place's type is a string in the document: read in any case (`Hotel`, `CITY`), shown as written if unknown.
    options: (places.data?.data ?? []).map((p) => ({
      id: p.id,
      label: p.name,
      detail: `${TYPE_LABEL[p.type.toLowerCase()] ?? p.type} · ${p.country}`,
      kind: p.type.toLowerCase(),
    })),
  };
}

export const defaultHotelForm = (): HotelForm => ({
  place: '',
  placeName: '',
  placeType: 'city',
  checkIn: dateInDays(30),
  checkOut: dateInDays(32),
  rooms: [{ adults: 2, children: [] }],
});

/**
 * Where, when and who. Choosing a hotel from the destination list goes straight to that hotel's rates (`onHotel`);
 * anything else is searched when the agent presses Search.
 */
export function HotelSearchForm({
  initial,
  onSearch,
  onHotel,
}: {
  /** A search read from the URL, or as much of one as a link held. */
  initial: Partial<HotelForm> | null;
  onSearch: (form: HotelForm) => void;
  onHotel: (form: HotelForm) => void;
}) {
  const form = useForm<HotelForm>({
    resolver: zodResolver(HotelFormSchema),
    defaultValues: { ...defaultHotelForm(), ...initial },
  });
  const rooms = useFieldArray({ control: form.control, name: 'rooms' });
  const checkIn = useWatch({ control: form.control, name: 'checkIn' });
  const submit = form.handleSubmit((values) =>
    values.placeType === 'hotel' ? onHotel(values) : onSearch(values),
  );

  return (
    <form className="search-form card" onSubmit={(e) => void submit(e)} aria-label="Search hotels" noValidate>
      <div className="row">
        <Controller
          control={form.control}
          name="place"
          render={({ field, fieldState }) => (
            <PlaceCombobox
              label="Destination"
              searchFocus
              value={field.value || null}
              valueLabel={initial?.placeName}
              onChange={(id, option) => {
                field.onChange(id ?? '');
                form.setValue('placeName', option?.label ?? '');
                form.setValue('placeType', option?.kind ?? 'city');
                if (option?.kind === 'hotel') void submit();
              }}
              useOptions={usePlaceOptions}
              error={fieldState.error?.message}
              placeholder="City, district, landmark or hotel"
            />
          )}
        />
        <Controller
          control={form.control}
          name="checkIn"
          render={({ field, fieldState }) => (
            <DateField
              label="Check-in"
              value={field.value}
              onChange={(v) => field.onChange(v ?? '')}
              min={dateInDays(0)}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="checkOut"
          render={({ field, fieldState }) => (
            <DateField
              label="Check-out"
              value={field.value}
              onChange={(v) => field.onChange(v ?? '')}
              min={checkIn || dateInDays(1)}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
      <div className="rooms">
        {rooms.fields.map((room, index) => (
          <fieldset key={room.id} className="room row">
            <legend>Room {index + 1}</legend>
            <Controller
              control={form.control}
              name={`rooms.${index}.adults`}
              render={({ field, fieldState }) => (
                <NumberField
                  label="Adults"
                  value={field.value}
                  onChange={field.onChange}
                  min={1}
                  max={8}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name={`rooms.${index}.children`}
              render={({ field, fieldState }) => (
                <>
                  <NumberField
                    label="Children"
                    value={field.value.length}
                    onChange={(n) =>
                      field.onChange(Array.from({ length: n }, (_, i) => field.value[i] ?? Number.NaN))
                    }
                    min={0}
                    max={6}
                  />
                  {field.value.map((age, child) => (
                    <NumberField
                      key={`child-${child + 1}`}
                      label={`Child ${child + 1} age`}
                      value={age}
                      onChange={(v) => field.onChange(field.value.map((a, i) => (i === child ? v : a)))}
                      min={0}
                      max={17}
                      allowEmpty
                      error={
                        (fieldState.error as Record<number, FieldError | undefined> | undefined)?.[child]
                          ?.message
                      }
                    />
                  ))}
                </>
              )}
            />
            {rooms.fields.length > 1 && (
              <button
                type="button"
                className="button"
                onClick={() => rooms.remove(index)}
                aria-label={`Remove room ${index + 1}`}
              >
                Remove
              </button>
            )}
          </fieldset>
        ))}
        <div className="row">
          {rooms.fields.length < 8 && (
            <button
              type="button"
              className="button"
              onClick={() => rooms.append({ adults: 2, children: [] })}
            >
              Add a room
            </button>
          )}
          <button type="submit" className="button primary search-button">
            Search hotels
          </button>
        </div>
      </div>
    </form>
  );
}

import {
  ActivityBookingRequestSchema,
  type BookingOption,
  type BookingOptions,
  bookingOptionsAnswersSchemaFor,
  priceActivityBooking,
} from '@console/contract';
import { activityAvailability, everyInputType } from '@console/contract/fixtures';
import { describe, expect, it } from 'vitest';
import {
  type ActivityBookingForm,
  activityBookingFormSchema,
  emptyActivityBooking,
  emptyOptionsForm,
  fieldOfParam,
  normalisePhone,
  type OptionValue,
  toActivityBooking,
} from './options-form.ts';

const pdf = { file_name: 'waiver.pdf', content_type: 'application/pdf', data_base64: 'JVBERi0xLjQK' };
const png = { file_name: 'me.png', content_type: 'image/png', data_base64: 'iVBORw0KGgo=' };

/** What an agent enters in each control: one good value and one bad value per input type (fixtures by id). */
const entries: Record<string, { good: OptionValue; bad: OptionValue; sent: unknown }> = {
  pickup_point: { good: '0', bad: '7', sent: 'hotel' },
  extras: { good: ['0', '1'], bad: ['5'], sent: [1, 2] },
  weight_kg: { good: '72', bad: '7', sent: 72 },
  passport: { good: 'AB123456', bad: 'ab-12', sent: 'AB123456' },
  wheelchair: { good: true, bad: 'yes', sent: true },
  arrival_date: { good: '2026-12-10', bad: '2027-01-05', sent: '2026-12-10' },
  waiver: { good: pdf, bad: { ...pdf, data_base64: 'not base64!' }, sent: pdf },
  photo: { good: png, bad: pdf, sent: png },
  pickup_address: {
    good: { line1: '12 Rue Jacob', line2: '', city: 'Paris', postal_code: '75006', country_code: 'fr' },
    bad: { line1: '', line2: '', city: 'Paris', postal_code: '', country_code: 'FR' },
    sent: { line1: '12 Rue Jacob', city: 'Paris', postal_code: '75006', country_code: 'FR' },
  },
  pickup_time: { good: '08:30', bad: '25:00', sent: '08:30' },
  landing: { good: '2026-12-10T07:45', bad: '2026-11-10T07:45', sent: '2026-12-10T07:45' },
  nationality: { good: 'GB', bad: 'France', sent: 'GB' },
  mobile: { good: '+33 6 12 34 56 78', bad: '0612345678', sent: '+33612345678' },
  flight: {
    good: { airline: 'af', number: '1234' },
    bad: { airline: 'Air France', number: '1234' },
    sent: 'AF1234',
  },
};

const one = (option: BookingOption): BookingOptions => ({ per_booking: [option], per_pax: [] });
const travelers = { adults: 2, children: 1, seniors: 0 };

function filled(options: BookingOptions, values: OptionValue[]): ActivityBookingForm {
  const form = emptyActivityBooking(options, travelers);
  form.customer = {
    salutation: 'ms',
    given_name: 'Amelia',
    family_name: 'Hart',
    email: 'a@example.com',
    phone: '',
  };
  form.options.per_booking = values;
  return form;
}

const context = (options: BookingOptions) => ({
  product_type_id: 'apt_0a1b2c3d4e5f6g7h8i9j',
  date: '2026-12-10',
  timeslot: '09:00',
  travelers: { ...travelers, seniors: 0 },
  options,
});

describe('the booking options form builder', () => {
  it('covers all 14 input types in its cases', () => {
    expect(new Set(everyInputType.map((o) => o.input_type)).size).toBe(14);
    expect(Object.keys(entries).sort()).toEqual(everyInputType.map((o) => o.id).sort());
  });

  for (const option of everyInputType) {
    const entry = entries[option.id];
    if (!entry) throw new Error(`no entry for ${option.id}`);
    describe(`a ${option.input_type_name} option (${option.name})`, () => {
      it('accepts a good answer and sends it as the service expects, in a request the contract accepts', () => {
        const options = one(option);
        const form = filled(options, [entry.good]);
        expect(activityBookingFormSchema(options).safeParse(form).success).toBe(true);
        const request = toActivityBooking(form, context(options));
        expect(request.options?.per_booking).toEqual([{ id: option.id, value: entry.sent }]);
        expect(ActivityBookingRequestSchema.safeParse(request).success).toBe(true);
        expect(bookingOptionsAnswersSchemaFor(options, travelers).safeParse(request.options).success).toBe(
          true,
        );
      });

      it('refuses a bad answer with the issue on its own control', () => {
        const options = one(option);
        const result = activityBookingFormSchema(options).safeParse(filled(options, [entry.bad]));
        expect(result.success).toBe(false);
        const issue = result.error?.issues[0];
        expect(issue?.path.slice(0, 3)).toEqual(['options', 'per_booking', 0]);
        expect(issue?.message).toMatch(/^[A-Z]/);
      });
    });
  }

  it('says a required option left empty is required, and lets an optional one be left out of the request', () => {
    const required = everyInputType.find((o) => o.id === 'passport') as BookingOption;
    const optional = everyInputType.find((o) => o.id === 'extras') as BookingOption;
    const options: BookingOptions = { per_booking: [required, optional], per_pax: [] };
    const empty = filled(options, emptyOptionsForm(options, travelers).per_booking);
    const result = activityBookingFormSchema(options).safeParse(empty);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['options.per_booking.0', 'Required'],
    ]);
    const answered = filled(options, ['AB123456', []]);
    expect(toActivityBooking(answered, context(options)).options?.per_booking).toEqual([
      { id: 'passport', value: 'AB123456' },
    ]);
  });

  it('asks per-traveller options once per traveller, adults then children then seniors', () => {
    const options = activityAvailability.booking_options;
    const form = emptyActivityBooking(options, { adults: 2, children: 1, seniors: 1 });
    expect(form.options.per_pax).toHaveLength(4);
    expect(form.options.per_pax[0]).toHaveLength(options.per_pax.length);
  });

  it('builds the per_pax part with one answer list per traveller and the price of every chosen add-on', () => {
    const options = activityAvailability.booking_options;
    const form = filled(options, ['0', entries.pickup_address?.good ?? null]);
    form.options.per_pax = [
      ['AB123456', true],
      ['CD654321', false],
      ['EF111222', false],
    ];
    const request = toActivityBooking(form, context(options));
    expect(request.options?.per_pax).toEqual([
      [
        { id: 'passport', value: 'AB123456' },
        { id: 'wheelchair', value: true },
      ],
      [
        { id: 'passport', value: 'CD654321' },
        { id: 'wheelchair', value: false },
      ],
      [
        { id: 'passport', value: 'EF111222' },
        { id: 'wheelchair', value: false },
      ],
    ]);
    const price = priceActivityBooking(activityAvailability.rates, travelers, options, request.options);
    // 2 adults × 22 + 1 child × 11 + hotel pickup 10 + one wheelchair 7.25
    expect(price.total.amount).toBe('72.25');
  });

  it('puts a per-traveller answer error on that traveller’s control', () => {
    const options = activityAvailability.booking_options;
    const form = filled(options, ['0', entries.pickup_address?.good ?? null]);
    form.options.per_pax = [
      ['AB123456', false],
      ['bad', false],
      ['EF111222', false],
    ];
    const result = activityBookingFormSchema(options).safeParse(form);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['options.per_pax.1.0']);
  });

  it('places a service 422 param on the field it names', () => {
    const options = activityAvailability.booking_options;
    expect(fieldOfParam('options.per_pax[1].passport', options)).toBe('options.per_pax.1.0');
    expect(fieldOfParam('options.per_booking.pickup_address.line1', options)).toBe(
      'options.per_booking.1.line1',
    );
    expect(fieldOfParam('options.per_booking.pickup_point', options)).toBe('options.per_booking.0');
    expect(fieldOfParam('customer.email', options)).toBe('customer.email');
    expect(fieldOfParam('travelers.adults', options)).toBeNull();
    expect(fieldOfParam('options.per_booking.unknown', options)).toBeNull();
    expect(fieldOfParam(null, options)).toBeNull();
  });

  it('writes phone numbers in the international form the service takes', () => {
    expect(normalisePhone('+44 (0)20 7123-4567')).toBe('+442071234567');
    expect(normalisePhone('0033 6 12 34 56 78')).toBe('+33612345678');
  });
});

import { describe, expect, it } from 'vitest';
import { priceActivityBooking } from './activity-pricing.ts';
import { activityAvailability, activityBookingRequest, everyInputType, money } from './fixtures.ts';

describe('pricing an activity booking', () => {
  it('adds rates per traveller and the prices of answered options and chosen items', () => {
    const { total, lines } = priceActivityBooking(
      activityAvailability.rates,
      activityBookingRequest.travelers,
      activityAvailability.booking_options,
      activityBookingRequest.options,
    );
    // 2 x 22.00 + 1 x 11.00 + pickup at the hotel 10.00 + one wheelchair 7.25
    expect(total.amount).toBe('72.25');
    expect(lines.map((l) => l.label)).toEqual(['Adult', 'Child', 'Pickup point', 'Wheelchair']);
  });

  it('reads a service that names its categories in capitals, in the plural or with an unknown one beside them', () => {
    const rates = [
      { category: 'ADULT', price: money('22.00') },
      { category: 'Children', price: money('11.00') },
      { category: 'INFANT', price: money('0.00') },
    ];
    const { total, lines } = priceActivityBooking(
      rates,
      { adults: 2, children: 1 },
      { per_booking: [], per_pax: [] },
      undefined,
    );
    expect(total.amount).toBe('55.00');
    expect(lines.map((l) => [l.label, l.category, l.quantity])).toEqual([
      ['Adult', 'adult', 2],
      ['Child', 'child', 1],
    ]);
  });

  it('charges nothing for an add-on answered no', () => {
    const options = structuredClone(activityBookingRequest.options);
    if (options?.per_pax?.[0]?.[1]) options.per_pax[0][1].value = false;
    const { total } = priceActivityBooking(
      activityAvailability.rates,
      activityBookingRequest.travelers,
      activityAvailability.booking_options,
      options,
    );
    expect(total.amount).toBe('65.00');
  });

  it('sums the items of a multiple choice', () => {
    const extras = everyInputType.find((o) => o.id === 'extras');
    if (!extras) throw new Error('fixture missing');
    const { total } = priceActivityBooking(
      [],
      { adults: 1 },
      { per_booking: [extras], per_pax: [] },
      {
        per_booking: [{ id: 'extras', value: [1, 2] }],
      },
    );
    expect(total.amount).toBe('20.50');
  });
});

import { describe, expect, it } from 'vitest';
import { FeeRuleInputSchema } from './fee-rule-input.ts';
import {
  basisPoints,
  clientPrice,
  type FeeContext,
  type FeeRule,
  feeOf,
  feeRuleFor,
  feeWithinBounds,
  placeFeeScope,
} from './pricing.ts';

const usd = (amount: string) => ({ amount, currency: 'USD' as const });
let n = 0;
const rule = (over: Partial<FeeRule>): FeeRule => ({
  id: `fee_${++n}`,
  product: 'flight',
  scope: {},
  percent: '0',
  fixed: '0.00',
  fixed_per: 'booking',
  minimum: null,
  maximum: null,
  updated_at: `2026-11-01T00:00:${String(n).padStart(2, '0')}Z`,
  updated_by: 'admin@demo.test',
  ...over,
});
const flight = (net: string, over: Partial<FeeContext> = {}): FeeContext => ({
  product: 'flight',
  net: usd(net),
  passengers: 1,
  cabin: 'economy',
  ...over,
});

describe('a service fee', () => {
  it('is a percentage of the net, rounded half-up to the cent', () => {
    expect(feeOf(rule({ percent: '5' }), flight('199.99')).amount).toBe('10.00'); // 9.9995
    expect(feeOf(rule({ percent: '2.5' }), flight('100.10')).amount).toBe('2.50'); // 2.5025
    expect(feeOf(rule({ percent: '12.75' }), flight('0.02')).amount).toBe('0.00'); // 0.00255
    expect(feeOf(rule({ percent: '10' }), flight('0.05')).amount).toBe('0.01'); // 0.005 rounds up
    expect(basisPoints('12.75')).toBe(1275n);
    expect(basisPoints('100')).toBe(10000n);
  });

  it('adds a fixed amount per booking, per passenger on a flight, or per night at a hotel', () => {
    expect(feeOf(rule({ fixed: '15.00' }), flight('300.00', { passengers: 3 })).amount).toBe('15.00');
    expect(
      feeOf(rule({ fixed: '15.00', fixed_per: 'passenger' }), flight('300.00', { passengers: 3 })).amount,
    ).toBe('45.00');
    expect(
      feeOf(rule({ product: 'hotel', fixed: '7.50', fixed_per: 'night', percent: '3' }), {
        product: 'hotel',
        net: usd('480.00'),
        nights: 4,
      }).amount,
    ).toBe('44.40'); // 14.40 + 4 × 7.50
  });

  it('is held between the rule’s minimum and maximum', () => {
    const bounded = rule({ percent: '10', minimum: '20.00', maximum: '75.00' });
    expect(feeOf(bounded, flight('50.00')).amount).toBe('20.00');
    expect(feeOf(bounded, flight('500.00')).amount).toBe('50.00');
    expect(feeOf(bounded, flight('5000.00')).amount).toBe('75.00');
  });

  it('comes from the most specific rule that matches, the one changed last among equals', () => {
    const product = rule({ percent: '5' });
    const business = rule({ percent: '8', scope: { cabin: 'business' } });
    const rules = [business, product];
    expect(feeRuleFor(rules, flight('100.00'))?.id).toBe(product.id);
    expect(feeRuleFor(rules, flight('100.00', { cabin: 'Business' }))?.id).toBe(business.id);
    const hotel = rule({ product: 'hotel', percent: '4' });
    const paris = rule({ product: 'hotel', percent: '6', scope: { city: 'Paris' } });
    const parisFive = rule({ product: 'hotel', percent: '9', scope: { city: 'Paris', stars: 5 } });
    const ctx = (city: string, stars: number): FeeContext => ({
      product: 'hotel',
      net: usd('100.00'),
      city,
      stars,
    });
    const all = [parisFive, hotel, paris];
    expect(feeRuleFor(all, ctx('paris', 5))?.id).toBe(parisFive.id);
    expect(feeRuleFor(all, ctx('Paris', 4))?.id).toBe(paris.id);
    expect(feeRuleFor(all, ctx('Rome', 5))?.id).toBe(hotel.id);
    // An address in a shape the console does not know: its texts are looked at for the city.
    expect(
      feeRuleFor(all, { product: 'hotel', net: usd('100.00'), places: ['12 Rue X', ' PARIS '], stars: 4 })
        ?.id,
    ).toBe(paris.id);
    const newer = rule({ product: 'hotel', percent: '5' });
    expect(feeRuleFor([hotel, newer], ctx('Rome', 3))?.id).toBe(newer.id);
    expect(feeRuleFor(all, flight('100.00'))).toBeNull();
  });

  it('matches a city place by the name and country the service gives for its code, and counts it as one narrowing', () => {
    const place = { city: '2005', city_name: 'New York', city_country: 'United States' };
    const newYork = rule({ product: 'hotel', percent: '8', scope: { ...place, stars: 4 } });
    const stars = rule({ product: 'hotel', percent: '3', scope: { stars: 4 } });
    const stay = (over: Partial<FeeContext>): FeeContext => ({
      product: 'hotel',
      net: usd('100.00'),
      stars: 4,
      ...over,
    });
    expect(feeRuleFor([stars, newYork], stay({ city: 'New York', country: 'United States' }))?.id).toBe(
      newYork.id,
    );
    // Any shape of address: one of its texts is the place's name.
    expect(feeRuleFor([stars, newYork], stay({ places: ['1 Main St', 'new york', 'US'] }))?.id).toBe(
      newYork.id,
    );
    // A New York of another country is not the place; nor is the code itself a city's name.
    expect(feeRuleFor([stars, newYork], stay({ city: 'New York', country: 'Jamaica' }))?.id).toBe(stars.id);
    expect(feeRuleFor([stars, newYork], stay({ city: '2005' }))?.id).toBe(stars.id);
    // "Try a price" prices a stay in a chosen place as a hotel there is priced.
    expect(
      feeRuleFor([stars, newYork], stay(placeFeeScope({ name: 'New York', country: 'United States' })))?.id,
    ).toBe(newYork.id);
    // A rule the console found can never apply prices nothing.
    const never = rule({
      product: 'hotel',
      percent: '9',
      scope: { city: 'NYC' },
      never_applies: 'no such city',
    });
    expect(feeRuleFor([never], stay({ places: ['NYC'] }))).toBeNull();
  });

  it('makes the client’s price the net plus the fee, and no rule no fee', () => {
    expect(clientPrice([rule({ percent: '5', fixed: '2.00' })], flight('200.00'))).toMatchObject({
      net: usd('200.00'),
      fee: usd('12.00'),
      client: usd('212.00'),
    });
    expect(clientPrice([], flight('200.00'))).toMatchObject({
      fee: usd('0.00'),
      client: usd('200.00'),
      rule: null,
    });
  });

  it('may be changed on one booking within the rule’s bounds', () => {
    const bounded = rule({ minimum: '10.00', maximum: '50.00' });
    expect(feeWithinBounds(bounded, '10.00')).toBe(true);
    expect(feeWithinBounds(bounded, '50.01')).toBe(false);
    expect(feeWithinBounds(bounded, '9.99')).toBe(false);
    expect(feeWithinBounds(null, '0.00')).toBe(true);
  });

  it('rules refuse a scope, a per-unit or bounds that do not fit their product', () => {
    const problems = (input: unknown) =>
      FeeRuleInputSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(problems({ product: 'flight', scope: { city: 'Paris' } })).toEqual([
      'scope.city: does not narrow a flight rule',
    ]);
    expect(problems({ product: 'activity', fixed: '5.00', fixed_per: 'night' })).toEqual([
      'fixed_per: per night is for hotels',
    ]);
    expect(problems({ product: 'hotel', minimum: '30.00', maximum: '20.00' })).toEqual([
      'maximum: is below the minimum',
    ]);
    expect(problems({ product: 'hotel', percent: '150' })[0]).toMatch(/^percent: is a percentage/);
    expect(problems({ product: 'flight', scope: { cabin: 'Bussiness' } })).toEqual([
      'scope.cabin: no cabin is called “bussiness”: choose economy, premium economy, business or first',
    ]);
    expect(problems({ product: 'hotel', scope: { stars: 0 } })).toEqual([
      'scope.stars: is a star rating from 1 to 5',
    ]);
    expect(FeeRuleInputSchema.parse({ product: 'flight', percent: '5' })).toMatchObject({
      fixed: '0.00',
      fixed_per: 'booking',
      scope: {},
    });
  });
});

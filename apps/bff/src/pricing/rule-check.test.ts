import {
  clientPrice,
  ErrorEnvelopeSchema,
  type FeeRule,
  FeeRuleListSchema,
  FeeRuleSchema,
  HotelPlaceListSchema,
  hotelFeeScope,
  LedgerEntrySchema,
  placeFeeScope,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskRows, holdHotelOrder, inDays, startConsole, type TestConsole } from '../testing/console.ts';

let t: TestConsole;
beforeAll(async () => {
  t = await startConsole();
});
afterAll(() => t.close());

const refusal = (reply: { status: number; body: unknown }) => {
  const { param, message } = ErrorEnvelopeSchema.parse(reply.body).error;
  return { status: reply.status, param, message };
};
type Admin = Awaited<ReturnType<TestConsole['signedIn']>>;
/** The city places the service lists for a name, as the hotel search's destination field asks. */
const cities = async (b: Admin, name: string) =>
  HotelPlaceListSchema.parse(
    (await b.get(`/hotels/places?query=${encodeURIComponent(name)}&type=city&limit=100`)).body,
  ).data.filter((p) => p.type.toLowerCase() === 'city');
const rules = async (b: Admin) => FeeRuleListSchema.parse((await b.get('/pricing/rules')).body).data;
const removeAll = async (b: Admin) => {
  for (const rule of await rules(b)) await b.delete(`/pricing/rules/${rule.id}`);
};

describe('a fee rule that can match', () => {
  it('names a city the service knows, kept by its code: a name typed or a place chosen; another is refused with the reason', async () => {
    const admin = await t.signedIn('admin');
    const [newYork] = (await cities(admin, 'New York')).filter((p) => p.name === 'New York');
    if (!newYork) throw new Error('the service knows New York');

    // The rule: "NYC", 4 stars, 8 %: no city of the service's is called so.
    const nyc = refusal(
      await admin.post('/pricing/rules', {
        product: 'hotel',
        scope: { city: 'NYC', stars: 4 },
        percent: '8',
      }),
    );
    expect(nyc).toMatchObject({ status: 422, param: 'scope.city' });
    expect(nyc.message).toContain('“NYC”');
    expect(nyc.message).toContain('choose');

    // A name typed that is one city of the service's: that place, by its code.
    const typed = await admin.post('/pricing/rules', {
      product: 'hotel',
      scope: { city: 'new york', stars: 4 },
      percent: '8',
    });
    expect(typed.status).toBe(201);
    expect(FeeRuleSchema.parse(typed.body).scope).toEqual({
      city: newYork.id,
      city_name: 'New York',
      city_country: newYork.country,
      stars: 4,
    });
    await removeAll(admin);

    // A place chosen from the list: its code, with the name shown beside it.
    const chosen = FeeRuleSchema.parse(
      (
        await admin.post('/pricing/rules', {
          product: 'hotel',
          scope: { city: newYork.id, city_name: newYork.name },
          percent: '8',
        })
      ).body,
    );
    expect(chosen.scope).toMatchObject({ city: newYork.id, city_name: 'New York' });
    expect(chosen.never_applies ?? null).toBeNull();
    // A code the service does not give for that name is no place.
    expect(
      refusal(
        await admin.post('/pricing/rules', {
          product: 'hotel',
          scope: { city: 'x-999', city_name: 'New York', stars: 5 },
          percent: '8',
        }),
      ),
    ).toMatchObject({ status: 422, param: 'scope.city' });
    await removeAll(admin);
  });

  it('is refused, with the reason, when its combination can match nothing', async () => {
    const admin = await t.signedIn('admin');
    const refused = async (rule: unknown) => refusal(await admin.post('/pricing/rules', rule));
    expect(await refused({ product: 'hotel', scope: { cabin: 'business' }, percent: '5' })).toMatchObject({
      status: 422,
      param: 'scope.cabin',
      message: expect.stringContaining('does not narrow a hotel rule'),
    });
    expect(await refused({ product: 'flight', scope: { cabin: 'bussiness' }, percent: '5' })).toMatchObject({
      status: 422,
      param: 'scope.cabin',
      message: expect.stringContaining('no cabin is called “bussiness”'),
    });
    for (const stars of [0, 6, 4.5])
      expect(await refused({ product: 'hotel', scope: { stars }, percent: '5' })).toMatchObject({
        status: 422,
        param: 'scope.stars',
        message: expect.stringContaining('star rating from 1 to 5'),
      });
    expect(
      await refused({ product: 'hotel', percent: '5', minimum: '30.00', maximum: '20.00' }),
    ).toMatchObject({ status: 422, param: 'maximum' });
    const noActivity = await refused({
      product: 'activity',
      scope: { activity: 'no-such-tour' },
      fixed: '5.00',
    });
    expect(noActivity).toMatchObject({ status: 422, param: 'scope.activity' });
    expect(noActivity.message).toContain('“no-such-tour”');
    // A rule with the reach of another would leave one of the two applying never: the second is refused.
    const first = FeeRuleSchema.parse(
      (await admin.post('/pricing/rules', { product: 'hotel', scope: { city: 'Paris' }, percent: '5' })).body,
    );
    const again = await refused({ product: 'hotel', scope: { city: 'PARIS' }, percent: '6' });
    expect(again).toMatchObject({ status: 422, param: 'scope' });
    expect(again.message).toContain('Hotels in Paris');
    // Changing the rule itself is no second rule.
    expect(
      (
        await admin.put(`/pricing/rules/${first.id}`, {
          product: 'hotel',
          scope: { city: 'Paris' },
          percent: '7',
        })
      ).status,
    ).toBe(200);
    // An activity the service has: kept with its title.
    const products = (await admin.get('/activities/products?query=canal')).body as {
      data: { id: string; title: string }[];
    };
    const [canal] = products.data;
    if (!canal) throw new Error('the service has a canal tour');
    const activity = FeeRuleSchema.parse(
      (
        await admin.post('/pricing/rules', {
          product: 'activity',
          scope: { activity: canal.id },
          fixed: '5.00',
        })
      ).body,
    );
    expect(activity.scope).toEqual({ activity: canal.id, activity_name: canal.title });
    await removeAll(admin);
  });

  it('prices a hotel booking in its city by the code’s place whatever shape the address has, as “Try a price” does', async () => {
    const admin = await t.signedIn('admin');
    const agent = await t.signedIn('agent');
    const order = await holdHotelOrder(agent, { checkIn: inDays(70), checkOut: inDays(72) });
    // The city of the seeded search (place 2001), named by its address in either shape.
    const scope = hotelFeeScope(order.hotel);
    const place = (
      await Promise.all((scope.city ? [scope.city] : (scope.places ?? [])).map((text) => cities(admin, text)))
    )
      .flat()
      .find((p) => p.id === '2001');
    if (!place) throw new Error('the hotel’s address names the city it was searched in');
    const rule = FeeRuleSchema.parse(
      (
        await admin.post('/pricing/rules', {
          product: 'hotel',
          scope: { city: place.id, city_name: place.name },
          fixed: '11.00',
          fixed_per: 'night',
        })
      ).body,
    );
    await holdHotelOrder(agent, { checkIn: inDays(80), checkOut: inDays(82), clientReference: 'PLACE-FEE' });
    const [row] = (await deskRows(agent, 'PLACE-FEE')).map((r) => LedgerEntrySchema.parse(r));
    expect(row?.price).toMatchObject({ fee: { amount: '22.00' }, rule_id: rule.id });
    // "Try a price" for that place, 2 nights, at that net: the same rule and the same fee.
    const tried = clientPrice(await rules(admin), {
      product: 'hotel',
      net: row?.total ?? { amount: '0.00', currency: 'USD' },
      nights: 2,
      ...placeFeeScope(place),
    });
    expect({ rule: tried.rule?.id, fee: tried.fee.amount }).toEqual({ rule: rule.id, fee: '22.00' });
    await removeAll(admin);
  });

  it('saved before with a city typed: kept by its code when the name is one city, else listed as never applying, until changed', async () => {
    const admin = await t.signedIn('admin');
    const [newYork] = (await cities(admin, 'New York')).filter((p) => p.name === 'New York');
    if (!newYork) throw new Error('the service knows New York');
    const before = (id: string, scope: Record<string, unknown>, product: FeeRule['product'] = 'hotel') => ({
      id,
      product,
      scope: JSON.stringify(scope),
      percent: '8',
      fixed: '0.00',
      fixed_per: 'booking' as const,
      minimum: null,
      maximum: null,
      updated_at: new Date().toISOString(),
      updated_by: 'admin@demo.test',
      removed_at: null,
    });
    await t.console.deps.db
      .insertInto('fee_rules')
      .values([
        before('fee_before_ny', { city: 'new york', stars: 4 }),
        before('fee_before_nyc', { city: 'NYC', stars: 4 }),
        before('fee_before_cabin', { cabin: 'bussiness' }, 'flight'),
      ])
      .execute();
    const listed = new Map((await rules(admin)).map((r) => [r.id, r]));
    expect(listed.get('fee_before_ny')).toMatchObject({
      scope: { city: newYork.id, city_name: 'New York', stars: 4 },
      never_applies: null,
    });
    expect(listed.get('fee_before_nyc')?.never_applies).toContain('“NYC”');
    expect(listed.get('fee_before_cabin')?.never_applies).toContain('“bussiness”');
    // Kept as a place: the row itself holds the code now.
    const row = await t.console.deps.db
      .selectFrom('fee_rules')
      .select('scope')
      .where('id', '=', 'fee_before_ny')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.scope)).toMatchObject({ city: newYork.id });
    // A rule listed as never applying prices nothing: a New York 4-star stay gets the New York rule, not "NYC".
    const priced = clientPrice([...listed.values()], {
      product: 'hotel',
      net: { amount: '100.00', currency: 'USD' },
      stars: 4,
      ...placeFeeScope(newYork),
    });
    expect(priced.rule?.id).toBe('fee_before_ny');
    // Its Edit fixes it: the same rule, now with a place the service knows (New York's own rule is removed first).
    await admin.delete('/pricing/rules/fee_before_ny');
    const fixed = await admin.put('/pricing/rules/fee_before_nyc', {
      product: 'hotel',
      scope: { city: newYork.id, city_name: newYork.name, stars: 4 },
      percent: '8',
    });
    expect(fixed.status).toBe(200);
    expect(FeeRuleSchema.parse(fixed.body).never_applies ?? null).toBeNull();
    await removeAll(admin);
  });

  it('saved before, while the service cannot be asked: matches as it did, and is made a place when it can be', async () => {
    const admin = await t.signedIn('admin');
    await t.console.deps.db
      .insertInto('fee_rules')
      .values({
        id: 'fee_before_paris',
        product: 'hotel',
        scope: JSON.stringify({ city: 'paris' }),
        percent: '5',
        fixed: '0.00',
        fixed_per: 'booking',
        minimum: null,
        maximum: null,
        updated_at: new Date().toISOString(),
        updated_by: 'admin@demo.test',
        removed_at: null,
      })
      .execute();
    await t.control('/faults', {
      path: '/v3/hotels/places',
      method: 'GET',
      mode: 'status',
      status: 503,
      count: 20,
    });
    const meanwhile = (await rules(admin)).find((r) => r.id === 'fee_before_paris');
    expect(meanwhile).toMatchObject({ scope: { city: 'paris' }, never_applies: null });
    const stay = {
      product: 'hotel' as const,
      net: { amount: '100.00', currency: 'USD' as const },
      city: 'Paris',
    };
    expect(clientPrice(meanwhile ? [meanwhile] : [], stay).fee.amount).toBe('5.00');
    await t.calm();
    const later = (await rules(admin)).find((r) => r.id === 'fee_before_paris');
    expect(later?.scope).toMatchObject({ city_name: 'Paris' });
    expect(later?.scope.city).not.toBe('paris');
    expect(
      clientPrice(later ? [later] : [], { ...stay, country: later?.scope.city_country }).fee.amount,
    ).toBe('5.00');
    await removeAll(admin);
  });
});

import {
  ErrorEnvelopeSchema,
  FeeRuleListSchema,
  FeeRuleSchema,
  fromCents,
  HotelAddressSchema,
  type LedgerEntry,
  LedgerEntrySchema,
  LedgerListSchema,
  readKnown,
  toCents,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deskRows,
  holdCanalTour,
  holdFlightOrder,
  holdHotelOrder,
  inDays,
  passenger,
  startConsole,
  type TestConsole,
} from '../testing/console.ts';

let t: TestConsole;
beforeAll(async () => {
  t = await startConsole();
});
afterAll(() => t.close());

const error = (body: unknown) => ErrorEnvelopeSchema.parse(body).error;
const cents = (amount: string) => toCents(amount);
const rowOf = async (b: ReturnType<TestConsole['browser']>, reference: string): Promise<LedgerEntry> => {
  const [row] = await deskRows(b, reference);
  if (!row) throw new Error(`no row for ${reference}`);
  return LedgerEntrySchema.parse(row);
};

describe('service fees', () => {
  it('are set by an admin, read by every agent, and each change is audited', async () => {
    const admin = await t.signedIn('admin');
    const agent = await t.signedIn('agent');
    expect((await agent.post('/pricing/rules', { product: 'flight', percent: '5' })).status).toBe(403);
    const made = await admin.post('/pricing/rules', { product: 'activity', percent: '3' });
    expect(made.status).toBe(201);
    const rule = FeeRuleSchema.parse(made.body);
    expect(FeeRuleListSchema.parse((await agent.get('/pricing/rules')).body).data.map((r) => r.id)).toContain(
      rule.id,
    );
    expect(
      error((await admin.post('/pricing/rules', { product: 'flight', scope: { city: 'Paris' } })).body)
        .message,
    ).toContain('does not narrow a flight rule');
    expect((await admin.delete(`/pricing/rules/${rule.id}`)).status).toBe(200);
    const audit = (await admin.get('/admin/audit?action=pricing.rule.create')).body as { data: unknown[] };
    expect(audit.data.length).toBeGreaterThan(0);
  });

  it('price a flight per passenger within the rule’s bounds, kept as made when the rule changes later', async () => {
    const admin = await t.signedIn('admin');
    const rule = FeeRuleSchema.parse(
      (
        await admin.post('/pricing/rules', {
          product: 'flight',
          percent: '4',
          fixed: '6.00',
          fixed_per: 'passenger',
          minimum: '10.00',
          maximum: '200.00',
        })
      ).body,
    );
    const agent = t.browser();
    await agent.signIn('agent@demo.test', 'demo-agent');
    const order = await holdFlightOrder(agent, {
      clientReference: 'FEE-FLIGHT',
      passengers: [
        passenger,
        { ...passenger, given_name: 'Oliver', gender: 'male', date_of_birth: '1983-02-01' },
      ],
    });
    const net = cents(order.total.amount);
    const expected = (() => {
      let fee = (net * 400n + 5000n) / 10000n + 1200n;
      if (fee < 1000n) fee = 1000n;
      if (fee > 20000n) fee = 20000n;
      return fee;
    })();
    const row = await rowOf(agent, 'FEE-FLIGHT');
    expect(row.price).toEqual({
      fee: { amount: fromCents(expected), currency: 'USD' },
      client: { amount: fromCents(net + expected), currency: 'USD' },
      rule_id: rule.id,
      fee_reason: null,
    });
    // A later change of the rule applies to what is priced after it.
    await admin.put(`/pricing/rules/${rule.id}`, { product: 'flight', percent: '20' });
    expect((await rowOf(agent, 'FEE-FLIGHT')).price?.fee.amount).toBe(fromCents(expected));

    // An agent changes this booking's fee within the bounds the rule had when... (the rule's bounds now: none).
    const changed = await agent.put(`/pricing/bookings/${order.id}/fee`, {
      fee: '15.00',
      reason: 'Regular client, agreed by phone',
    });
    expect(changed.status).toBe(200);
    expect(LedgerEntrySchema.parse(changed.body).price).toMatchObject({
      fee: { amount: '15.00' },
      client: { amount: fromCents(net + 1500n) },
      fee_reason: 'Regular client, agreed by phone',
    });
    // The desk's CSV has the net, the fee and the client's price of each booking.
    const csv = await agent.get('/bookings?format=csv&q=FEE-FLIGHT');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const [header, line] = csv.text.trim().split(/\r?\n/);
    expect(header?.replaceAll('"', '')).toBe(
      'id,product,created_at,agent,client_reference,reference,status,summary,people,net,fee,client_price,currency,fee_reason',
    );
    expect(line).toContain(
      `"${order.total.amount}","15.00","${fromCents(net + 1500n)}","USD","Regular client, agreed by phone"`,
    );
    await admin.delete(`/pricing/rules/${rule.id}`);
  });

  it('let an agent change one booking’s fee only within its rule’s minimum and maximum; an admin freely', async () => {
    const admin = await t.signedIn('admin');
    const rule = FeeRuleSchema.parse(
      (
        await admin.post('/pricing/rules', {
          product: 'activity',
          fixed: '8.00',
          minimum: '5.00',
          maximum: '20.00',
        })
      ).body,
    );
    const agent = t.browser();
    await agent.signIn('agent@demo.test', 'demo-agent');
    const booking = await holdCanalTour(agent);
    const [row] = (await deskRows(agent, booking.id)).map((r) => LedgerEntrySchema.parse(r));
    expect(row?.price?.fee.amount).toBe('8.00');
    const outside = await agent.put(`/pricing/bookings/${booking.id}/fee`, {
      fee: '25.00',
      reason: 'peak day',
    });
    expect({ status: outside.status, param: error(outside.body).param }).toEqual({
      status: 422,
      param: 'fee',
    });
    expect(
      error((await agent.put(`/pricing/bookings/${booking.id}/fee`, { fee: '6.00', reason: '' })).body).param,
    ).toBe('reason');
    expect(
      (await agent.put(`/pricing/bookings/${booking.id}/fee`, { fee: '6.00', reason: 'loyal client' }))
        .status,
    ).toBe(200);
    expect(
      (await admin.put(`/pricing/bookings/${booking.id}/fee`, { fee: '25.00', reason: 'peak day' })).status,
    ).toBe(200);
    // Another agent's booking is no booking of theirs.
    const other = t.browser();
    await t.invite(
      admin,
      { email: 'fees.other@demo.test', name: 'Other Agent', role: 'agent' },
      'quiet harbour lantern 5',
    );
    await other.signIn('fees.other@demo.test', 'quiet harbour lantern 5');
    expect(
      (await other.put(`/pricing/bookings/${booking.id}/fee`, { fee: '6.00', reason: 'mine now' })).status,
    ).toBe(404);
    await admin.delete(`/pricing/rules/${rule.id}`);
  });

  it('price a hotel per night by the most specific rule: the city’s over the product’s', async () => {
    const admin = await t.signedIn('admin');
    const agent = t.browser();
    await agent.signIn('agent@demo.test', 'demo-agent');
    const general = FeeRuleSchema.parse(
      (await admin.post('/pricing/rules', { product: 'hotel', fixed: '1.00', fixed_per: 'night' })).body,
    );
    const first = await holdHotelOrder(agent, {
      checkIn: inDays(40),
      checkOut: inDays(43),
      clientReference: 'FEE-H1',
    });
    expect((await rowOf(agent, 'FEE-H1')).price?.fee.amount).toBe('3.00');
    // The address as the document's sandbox writes it, or as the variant does (`town`): the rules read either.
    const city =
      readKnown(HotelAddressSchema, first.hotel.address)?.city ??
      (first.hotel.address as { town?: string }).town;
    if (!city) throw new Error('the seeded hotel names its city');
    const local = FeeRuleSchema.parse(
      (
        await admin.post('/pricing/rules', {
          product: 'hotel',
          scope: { city: city.toUpperCase() },
          fixed: '9.00',
          fixed_per: 'night',
        })
      ).body,
    );
    await holdHotelOrder(agent, { checkIn: inDays(50), checkOut: inDays(52), clientReference: 'FEE-H2' });
    expect((await rowOf(agent, 'FEE-H2')).price).toMatchObject({
      fee: { amount: '18.00' },
      rule_id: local.id,
    });
    // A trip sums what the client pays for its parts, as the ledger kept it.
    const trip = (await agent.post('/trips', { name: 'Fees trip' })).body as { id: string };
    for (const reference of ['FEE-H1', 'FEE-H2']) {
      const [entry] = await deskRows(agent, reference);
      await agent.post(`/trips/${trip.id}/bookings`, { booking_id: entry?.id });
    }
    const detail = (await agent.get(`/trips/${trip.id}`)).body as {
      parts: Array<{ fee: { amount: string } | null; client_total: { amount: string } | null }>;
    };
    expect(detail.parts.map((p) => p.fee?.amount).sort()).toEqual(['18.00', '3.00']);
    await admin.delete(`/pricing/rules/${general.id}`);
    await admin.delete(`/pricing/rules/${local.id}`);
  });

  it('sort the desk by margin or client price, biggest first, page by page, and filter by a least margin', async () => {
    const admin = await t.signedIn('admin');
    const rule = FeeRuleSchema.parse(
      (await admin.post('/pricing/rules', { product: 'activity', percent: '10' })).body,
    );
    const agent = t.browser();
    await agent.signIn('agent@demo.test', 'demo-agent');
    await holdCanalTour(agent);
    await holdCanalTour(agent);
    const cents = (amount: string | undefined) => Number(toCents(amount ?? '0.00'));
    const all = LedgerListSchema.parse((await admin.get('/bookings?sort=margin_desc&limit=500')).body).data;
    const margins = all.map((e) => cents(e.price?.fee.amount));
    expect(margins).toEqual([...margins].sort((a, b) => b - a));
    expect(margins[0]).toBeGreaterThan(0);
    // Page by page: the next page goes on where the first stopped.
    const first = LedgerListSchema.parse((await admin.get('/bookings?sort=client_desc&limit=2')).body);
    const next = LedgerListSchema.parse(
      (
        await admin.get(
          `/bookings?sort=client_desc&limit=2&after=${encodeURIComponent(first.next_cursor ?? '')}`,
        )
      ).body,
    );
    const clients = [...first.data, ...next.data].map((e) => cents(e.price?.client.amount ?? e.total.amount));
    expect(clients).toEqual([...clients].sort((a, b) => b - a));
    expect(new Set([...first.data, ...next.data].map((e) => e.id)).size).toBe(
      first.data.length + next.data.length,
    );
    const least = all[0]?.price?.fee.amount ?? '0.00';
    const filtered = LedgerListSchema.parse((await admin.get(`/bookings?margin_min=${least}`)).body).data;
    expect(filtered.every((e) => cents(e.price?.fee.amount) >= cents(least))).toBe(true);
    expect(filtered.length).toBeGreaterThan(0);
    await admin.delete(`/pricing/rules/${rule.id}`);
  });
});

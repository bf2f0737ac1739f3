import {
  ErrorEnvelopeSchema,
  HotelPlaceListSchema,
  HotelSearchSchema,
  instantOf,
  RefundSchema,
} from '@console/contract';
import { RULE_BREAKS } from '@console/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deskRows, holdFlightOrder, inDays, startConsole, type TestConsole } from '../testing/console.ts';

/**
 * The illegal-but-readable drill (decision 024): a service that breaks one rule of the document in an answer the
 * console can still read. Each answer is shown, a booking is never lost, and nothing fails that could be read.
 * The sandbox keeps the document in both profiles; a `break_rule` fault makes the next answer break the named rule.
 */
let t: TestConsole;
let agent: Awaited<ReturnType<TestConsole['signedIn']>>;
beforeAll(async () => {
  t = await startConsole();
  agent = await t.signedIn('agent');
});
beforeEach(() => t.calm());
afterAll(() => t.close());

const breakNext = (rule: keyof typeof RULE_BREAKS, path: string, method: 'GET' | 'POST') =>
  t.control('/faults', { path, method, mode: 'break_rule', rule });

describe('answers that break a rule of the document', () => {
  it(`holds a flight whose deadline came without an offset (${RULE_BREAKS.date_time_without_offset.rule}), reads it as UTC and counts down to it`, async () => {
    await breakNext('date_time_without_offset', '/v3/flights/orders', 'POST');
    const order = await holdFlightOrder(agent, { clientReference: 'RULE-OFFSET' });
    expect(order.ticketing_deadline).not.toMatch(/(Z|[+-]\d{2}:\d{2})$/);
    const [row] = await deskRows(agent, 'RULE-OFFSET');
    expect(row?.id).toBe(order.id);
    expect(row?.deadline).toBe(new Date(instantOf(order.ticketing_deadline) ?? 0).toISOString());
    // The service's own clock for it, read with its offset on the next (lawful) answer: the same instant.
    const again = await agent.get(`/flights/orders/${order.id}`);
    const lawful = (again.body as { ticketing_deadline?: string }).ticketing_deadline;
    expect(Math.floor((instantOf(lawful) ?? 0) / 1000)).toBe(
      Math.floor(Date.parse(row?.deadline ?? '') / 1000),
    );
  });

  it(`lists hotel places whose coordinates came as an array (${RULE_BREAKS.coordinates_as_array.rule}), by name`, async () => {
    const lawful = HotelPlaceListSchema.parse((await agent.get('/hotels/places?query=par')).body);
    await breakNext('coordinates_as_array', '/v3/hotels/places', 'GET');
    const reply = await agent.get('/hotels/places?query=par');
    expect(reply.status).toBe(200);
    const broken = HotelPlaceListSchema.parse(reply.body);
    expect(broken.data.map((p) => p.name)).toEqual(lawful.data.map((p) => p.name));
    expect(broken.data.some((p) => Array.isArray(p.coordinates))).toBe(true);
  });

  it(`shows a hotel search whose filters_applied came as an array (${RULE_BREAKS.filters_applied_as_array.rule}), with all its offers`, async () => {
    const body = {
      check_in: inDays(20),
      check_out: inDays(22),
      city_id: 2001,
      occupancies: [{ adults: 2 }],
      filters: { stars: [4] },
    };
    const lawful = HotelSearchSchema.parse((await agent.post('/hotels/searches', body)).body);
    await breakNext('filters_applied_as_array', '/v3/hotels/searches', 'POST');
    const reply = await agent.post('/hotels/searches', body);
    expect(reply.status).toBe(201);
    const broken = HotelSearchSchema.parse(reply.body);
    expect(broken.offers.length).toBe(lawful.offers.length);
    expect(Array.isArray(broken.filters_applied)).toBe(true);
  });

  it(`explains a refusal whose envelope came with nulls and a field left out (${RULE_BREAKS.error_fields_null.rule}), in the console's one shape`, async () => {
    const lawful = await agent.get('/hotels/rates/no-such-rate');
    expect(lawful.status).toBe(404);
    await breakNext('error_fields_null', '/v3/hotels/rates/no-such-rate', 'GET');
    const reply = await agent.get('/hotels/rates/no-such-rate');
    expect(reply.status).toBe(404);
    const { error } = ErrorEnvelopeSchema.parse(reply.body);
    const before = ErrorEnvelopeSchema.parse(lawful.body).error;
    expect([error.code, error.message, error.param]).toEqual([before.code, before.message, null]);
    expect(before.param).toBe('id');
    expect(error.request_id).toBe(reply.headers.get('request-id'));
  });

  it(`records a refund whose status came upper-case (${RULE_BREAKS.refund_status_upper_case.rule}), shows it as written, and the ledger has the order refunded`, async () => {
    const order = await holdFlightOrder(agent, { clientReference: 'RULE-REFUND' });
    expect((await agent.post(`/flights/orders/${order.id}/ticket`)).status).toBe(200);
    await t.control('/clock/advance', { seconds: 60 });
    expect((await agent.get(`/flights/orders/${order.id}`)).status).toBe(200);
    const path = `/v3/flights/orders/${encodeURIComponent(order.id)}/refund`;
    await breakNext('refund_status_upper_case', path, 'POST');
    const reply = await agent.post(`/flights/orders/${order.id}/refund`, {});
    expect(reply.status).toBe(200);
    expect(RefundSchema.parse(reply.body).status).toBe('REQUESTED');
    expect((await deskRows(agent, 'RULE-REFUND')).map((e) => [e.id, e.status])).toEqual([
      [order.id, 'refunded'],
    ]);
  });
});

import type { Settled } from '@console/client';
import { type HotelOrder, HotelOrderRequestSchema } from '@console/contract';
import { type Context, Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { created, idempotencyKey, newIdempotencyKey } from '../lib/idempotency.ts';
import { hotelFacts } from '../lib/ledger.ts';
import { parseBody, pathId } from '../lib/parse.ts';
import { auditFacts, factsOf, settledBody } from '../lib/relay.ts';
import type { AppEnv } from '../lib/types.ts';

/** Hotel orders: the money-moving calls and the order read that refreshes the ledger (reads are relayed). */
export function hotelRoutes(d: Deps) {
  const { service } = d.upstream;
  return new Hono<AppEnv>()
    .post('/orders', async (c) => {
      const key = idempotencyKey(c) ?? newIdempotencyKey();
      const body = await parseBody(c, HotelOrderRequestSchema);
      const user = c.get('user');
      const { value: settled, reconciled } = await d.audit.create(
        user,
        { action: 'hotel.order.create', idempotencyKey: key },
        (report) => service.op.createHotelOrder({ body, idempotencyKey: key, report }),
        (s) => auditFacts(s, 'hotel', hotelFacts),
      );
      await d.ledger.record(factsOf(settled, 'hotel', hotelFacts), user, service.environment, key);
      return created(c, settledBody(c, settled), key, reconciled);
    })
    .get('/orders/:id', async (c) => {
      const order = await service.op.getHotelOrder({ id: pathId(c, 'id') });
      await d.ledger.refresh(hotelFacts(order));
      return c.json(order);
    })
    .post('/orders/:id/confirm', (c) =>
      act(c, 'hotel.order.confirm', (id) => service.op.confirmHotelOrder({ id })),
    )
    .post('/orders/:id/cancellation', (c) =>
      act(c, 'hotel.order.cancel', (id) => service.op.cancelHotelOrder({ id }), true),
    )
    .post('/orders/:id/extend-deadline', async (c) => {
      const id = pathId(c, 'id');
      const result = await d.audit.run(
        c.get('user'),
        { action: 'hotel.order.extend_deadline', resourceId: id },
        () => service.op.extendHotelDeadline({ id }),
      );
      await service.op
        .getHotelOrder({ id })
        .then((order) => d.ledger.refresh(hotelFacts(order)))
        .catch(() => undefined);
      return c.json(settledBody(c, result));
    });

  /** Confirm or cancel: audited, recorded in the ledger whatever the 2xx body holds, and passed on. */
  async function act(
    c: Context<AppEnv>,
    action: string,
    call: (id: string) => Promise<Settled<HotelOrder>>,
    penalty = false,
  ): Promise<Response> {
    const id = pathId(c, 'id');
    const settled = await d.audit.run(
      c.get('user'),
      { action, resourceId: id },
      () => call(id),
      (s) => (penalty ? { amount: s.value?.penalty ?? null } : auditFacts(s, 'hotel', hotelFacts, id)),
    );
    await d.ledger.refresh(factsOf(settled, 'hotel', hotelFacts, id));
    return c.json(settledBody(c, settled));
  }
}

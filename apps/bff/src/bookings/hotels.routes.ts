import { Hono } from 'hono';
import { pathId } from '../platform/parse.ts';
import type { AppEnv } from '../platform/types.ts';
import type { BookingsDeps } from './deps.ts';
import { HOTEL_LEDGER } from './facts.ts';
import { idempotencyKey } from './idempotency.ts';
import { requireProofForPayment } from './payment-proof.ts';
import { readAndRefresh } from './refresh.ts';
import { HOTEL_CANCEL, rereadForLedger, settleAction, settleCreate, settledBody } from './settle.ts';

/** Hotel orders: the money-moving calls and the order read that refreshes the ledger (reads are relayed). */
export function hotelRoutes(d: BookingsDeps) {
  const { service } = d.upstream;
  return new Hono<AppEnv>()
    .post('/orders', (c) => settleCreate(c, d, 'createHotelOrder'))
    .get('/orders/:id', async (c) => {
      const read = await readAndRefresh(d, { product: 'hotel', id: pathId(c, 'id') });
      return c.json(read.answer);
    })
    .post('/orders/:id/confirm', async (c) => {
      await requireProofForPayment(c, d, { product: 'hotel', id: pathId(c, 'id') });
      return settleAction(c, d, { action: 'hotel.order.confirm', reader: HOTEL_LEDGER }, (id) =>
        service.op.confirmHotelOrder({ id }),
      );
    })
    .post('/orders/:id/cancellation', (c) =>
      settleAction(c, d, HOTEL_CANCEL, (id) => service.op.cancelHotelOrder({ id })),
    )
    .post('/orders/:id/extend-deadline', async (c) => {
      const id = pathId(c, 'id');
      const result = await d.audit.run(
        c.get('user'),
        { action: 'hotel.order.extend_deadline', resourceId: id },
        () => service.op.extendHotelDeadline({ id }),
      );
      await rereadForLedger(d, { product: 'hotel', id }, undefined, {
        id,
        who: c.get('user'),
        key: idempotencyKey(c),
        action: 'hotel.order.extend_deadline',
      });
      return c.json(settledBody(c, result));
    });
}

import { HotelOrderRequestSchema, HotelPlacesQuerySchema, HotelSearchRequestSchema } from '@console/contract';
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { created, idempotencyKey, newIdempotencyKey } from '../lib/idempotency.ts';
import { hotelFacts } from '../lib/ledger.ts';
import { parseBody, parseQuery, pathId } from '../lib/parse.ts';
import type { AppEnv } from '../lib/types.ts';

export function hotelRoutes(d: Deps) {
  const { service } = d.upstream;
  return new Hono<AppEnv>()
    .get('/places', async (c) => c.json(await service.hotelPlaces(parseQuery(c, HotelPlacesQuerySchema))))
    .post('/searches', async (c) =>
      c.json(await service.searchHotels(await parseBody(c, HotelSearchRequestSchema)), 201),
    )
    .get('/rates/:id', async (c) => c.json(await service.getRate(pathId(c, 'id'))))
    .post('/orders', async (c) => {
      const key = idempotencyKey(c) ?? newIdempotencyKey();
      const body = await parseBody(c, HotelOrderRequestSchema);
      const user = c.get('user');
      const { value: order, reconciled } = await d.audit.create(
        user,
        { action: 'hotel.order.create', idempotencyKey: key },
        (report) => service.createHotelOrder(body, key, report),
        (o) => ({ resourceId: o.id, amount: o.total }),
      );
      await d.ledger.record(hotelFacts(order), user, service.environment, key);
      return created(c, order, key, reconciled);
    })
    .get('/orders/:id', async (c) => {
      const order = await service.getHotelOrder(pathId(c, 'id'));
      await d.ledger.refresh(hotelFacts(order));
      return c.json(order);
    })
    .post('/orders/:id/confirm', async (c) => {
      const id = pathId(c, 'id');
      const order = await d.audit.run(
        c.get('user'),
        { action: 'hotel.order.confirm', resourceId: id },
        () => service.confirmHotelOrder(id),
        (o) => ({ amount: o.total }),
      );
      await d.ledger.refresh(hotelFacts(order));
      return c.json(order);
    })
    .post('/orders/:id/extend-deadline', async (c) => {
      const id = pathId(c, 'id');
      const result = await d.audit.run(
        c.get('user'),
        { action: 'hotel.order.extend_deadline', resourceId: id },
        () => service.extendHotelDeadline(id),
      );
      await d.ledger.refresh(hotelFacts(await service.getHotelOrder(id)));
      return c.json(result);
    })
    .get('/orders/:id/cancellation', async (c) => c.json(await service.getCancellationQuote(pathId(c, 'id'))))
    .post('/orders/:id/cancellation', async (c) => {
      const id = pathId(c, 'id');
      const order = await d.audit.run(
        c.get('user'),
        { action: 'hotel.order.cancel', resourceId: id },
        () => service.cancelHotelOrder(id),
        (o) => ({ amount: o.penalty ?? null }),
      );
      await d.ledger.refresh(hotelFacts(order));
      return c.json(order);
    });
}

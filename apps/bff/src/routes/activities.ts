import {
  ActivityAvailabilityQuerySchema,
  ActivityBookingRequestSchema,
  ActivityBookingsQuerySchema,
  ActivityProductsQuerySchema,
} from '@console/contract';
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { created, idempotencyKey, newIdempotencyKey } from '../lib/idempotency.ts';
import { activityFacts } from '../lib/ledger.ts';
import { parseBody, parseQuery, pathId } from '../lib/parse.ts';
import type { AppEnv } from '../lib/types.ts';

export function activityRoutes(d: Deps) {
  const { service } = d.upstream;
  return new Hono<AppEnv>()
    .get('/products', async (c) =>
      c.json(await service.activityProducts(parseQuery(c, ActivityProductsQuerySchema))),
    )
    .get('/products/:id', async (c) => c.json(await service.activityProduct(pathId(c, 'id'))))
    .get('/product-types/:id/availability', async (c) => {
      const { date } = parseQuery(c, ActivityAvailabilityQuerySchema);
      return c.json(await service.availability(pathId(c, 'id'), date));
    })
    .get('/bookings', async (c) =>
      c.json(await service.activityBookings(parseQuery(c, ActivityBookingsQuerySchema))),
    )
    .post('/bookings', async (c) => {
      const key = idempotencyKey(c) ?? newIdempotencyKey();
      const body = await parseBody(c, ActivityBookingRequestSchema);
      const user = c.get('user');
      const { value: booking, reconciled } = await d.audit.create(
        user,
        { action: 'activity.booking.create', idempotencyKey: key },
        (report) => service.createActivityBooking(body, key, report),
        (o) => ({ resourceId: o.id, amount: o.total }),
      );
      await d.ledger.record(activityFacts(booking), user, service.environment, key);
      return created(c, booking, key, reconciled);
    })
    .get('/bookings/:id', async (c) => {
      const booking = await service.getActivityBooking(pathId(c, 'id'));
      await d.ledger.refresh(activityFacts(booking));
      return c.json(booking);
    })
    .post('/bookings/:id/confirm', async (c) => {
      const id = pathId(c, 'id');
      const booking = await d.audit.run(
        c.get('user'),
        { action: 'activity.booking.confirm', resourceId: id },
        () => service.confirmActivityBooking(id),
        (b) => ({ amount: b.total }),
      );
      await d.ledger.refresh(activityFacts(booking));
      return c.json(booking);
    })
    .post('/bookings/:id/cancel', async (c) => {
      const id = pathId(c, 'id');
      const booking = await d.audit.run(
        c.get('user'),
        { action: 'activity.booking.cancel', resourceId: id },
        () => service.cancelActivityBooking(id),
        (b) => ({ amount: b.total }),
      );
      await d.ledger.refresh(activityFacts(booking));
      return c.json(booking);
    })
    .get('/bookings/:id/vouchers', async (c) => c.json(await service.vouchers(pathId(c, 'id'))))
    .get('/bookings/:id/vouchers/:voucher/download', async (c) => {
      const id = pathId(c, 'id');
      const voucherId = pathId(c, 'voucher');
      const file = await service.downloadVoucher(id, voucherId);
      const vouchers = await service.vouchers(id);
      const visual = vouchers.data.find((v) => v.id === voucherId)?.visual_id ?? voucherId;
      const name = `voucher-${visual.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
      return c.body(new Uint8Array(file.body), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `${c.req.query('inline') === '1' ? 'inline' : 'attachment'}; filename="${name}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    });
}

import type { Settled } from '@console/client';
import { type ActivityBooking, ActivityBookingRequestSchema } from '@console/contract';
import { type Context, Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { created, idempotencyKey, newIdempotencyKey } from '../lib/idempotency.ts';
import { activityFacts } from '../lib/ledger.ts';
import { parseBody, pathId } from '../lib/parse.ts';
import { auditFacts, factsOf, settledBody } from '../lib/relay.ts';
import type { AppEnv } from '../lib/types.ts';

/** Activity bookings: the money-moving calls, the booking read that refreshes the ledger, and the voucher PDF. */
export function activityRoutes(d: Deps) {
  const { service } = d.upstream;
  return new Hono<AppEnv>()
    .post('/bookings', async (c) => {
      const key = idempotencyKey(c) ?? newIdempotencyKey();
      const body = await parseBody(c, ActivityBookingRequestSchema);
      const user = c.get('user');
      const { value: settled, reconciled } = await d.audit.create(
        user,
        { action: 'activity.booking.create', idempotencyKey: key },
        (report) => service.op.createActivityBooking({ body, idempotencyKey: key, report }),
        (s) => auditFacts(s, 'activity', activityFacts),
      );
      await d.ledger.record(factsOf(settled, 'activity', activityFacts), user, service.environment, key);
      return created(c, settledBody(c, settled), key, reconciled);
    })
    .get('/bookings/:id', async (c) => {
      const booking = await service.op.getActivityBooking({ id: pathId(c, 'id') });
      await d.ledger.refresh(activityFacts(booking));
      return c.json(booking);
    })
    .post('/bookings/:id/confirm', (c) =>
      act(c, 'activity.booking.confirm', (id) => service.op.confirmActivityBooking({ id })),
    )
    .post('/bookings/:id/cancel', (c) =>
      act(c, 'activity.booking.cancel', (id) => service.op.cancelActivityBooking({ id })),
    )
    .get('/bookings/:id/vouchers/:voucher/download', async (c) => {
      const id = pathId(c, 'id');
      const voucherId = pathId(c, 'voucher');
      const file = await service.downloadVoucher(id, voucherId);
      const vouchers = await service.op.vouchers({ id });
      const visual = vouchers.data.find((v) => v.id === voucherId)?.visual_id ?? voucherId;
      const name = `voucher-${visual.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
      return c.body(new Uint8Array(file.body), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `${c.req.query('inline') === '1' ? 'inline' : 'attachment'}; filename="${name}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    });

  /** Confirm or cancel: audited, recorded in the ledger whatever the 2xx body holds, and passed on. */
  async function act(
    c: Context<AppEnv>,
    action: string,
    call: (id: string) => Promise<Settled<ActivityBooking>>,
  ): Promise<Response> {
    const id = pathId(c, 'id');
    const settled = await d.audit.run(
      c.get('user'),
      { action, resourceId: id },
      () => call(id),
      (s) => auditFacts(s, 'activity', activityFacts, id),
    );
    await d.ledger.refresh(factsOf(settled, 'activity', activityFacts, id));
    return c.json(settledBody(c, settled));
  }
}

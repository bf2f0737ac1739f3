import { bookingsApi, OPERATIONS, productImages } from '@console/contract';
import { Hono } from 'hono';
import { ConsoleError } from '../platform/errors.ts';
import { parseQuery, pathId } from '../platform/parse.ts';
import { router } from '../platform/route.ts';
import type { AppEnv } from '../platform/types.ts';
import { reachableBooking, seesOfficeWide } from './access.ts';
import type { BookingsDeps } from './deps.ts';
import { ACTIVITY_LEDGER } from './facts.ts';
import { requireProofForPayment } from './payment-proof.ts';
import { readAndRefresh } from './refresh.ts';
import { sentAnswersOf } from './sent-answers.ts';
import { ACTIVITY_CANCEL, settleAction, settleCreate } from './settle.ts';

const VOID_STATUSES = new Set(['cancelled', 'refunded']);

/** Activity bookings: the money-moving calls, the booking read that refreshes the ledger, and the voucher PDF. */
export function activityRoutes(d: BookingsDeps) {
  const { service } = d.upstream;
  return (
    new Hono<AppEnv>()
      // Passed on as it is; its first picture is noted for the product page's preload hint (lib/lead-images.ts).
      .get('/products/:id', async (c) => {
        const id = pathId(c, 'id');
        const product = await service.op.activityProduct({ id, signal: c.req.raw.signal });
        d.leadImages.note(id, productImages(product));
        return c.json(product);
      })
      .post('/bookings', (c) => settleCreate(c, d, 'createActivityBooking'))
      // The service's list, limited for an agent to the bookings they made (decision 015).
      .get('/bookings', async (c) => {
        const list = await service.op.activityBookings({
          query: parseQuery(c, OPERATIONS.activityBookings.query),
        });
        const user = c.get('user');
        if (seesOfficeWide(user)) return c.json(list);
        const mine = await d.ledger.ownedOf(
          user.id,
          'activity',
          list.data.map((booking) => booking.id),
        );
        return c.json({ ...list, data: list.data.filter((booking) => mine.has(booking.id)) });
      })
      .get('/bookings/:id', async (c) => {
        const read = await readAndRefresh(d, { product: 'activity', id: pathId(c, 'id') });
        return c.json(read.answer);
      })
      .route(
        '/',
        router('/activities').handle(bookingsApi.activityAnswers, async (c, { params }) => {
          // Only a booking this person may reach (decision 015), of this environment, as the ledger has it.
          const entry = await reachableBooking(d.ledger, c.get('user'), params.id, service.environment);
          if (entry.product !== 'activity')
            throw new ConsoleError('resource_not_found', { param: 'id', message: 'No such booking.' });
          return c.json(sentAnswersOf(await d.intents.keptFor(entry.id)));
        }).app,
      )
      .post('/bookings/:id/confirm', async (c) => {
        await requireProofForPayment(c, d, { product: 'activity', id: pathId(c, 'id') });
        return settleAction(c, d, { action: 'activity.booking.confirm', reader: ACTIVITY_LEDGER }, (id) =>
          service.op.confirmActivityBooking({ id }),
        );
      })
      .post('/bookings/:id/cancel', (c) =>
        settleAction(c, d, ACTIVITY_CANCEL, (id) => service.op.cancelActivityBooking({ id })),
      )
      .get('/bookings/:id/vouchers/:voucher/download', async (c) => {
        const id = pathId(c, 'id');
        const voucherId = pathId(c, 'voucher');
        // A cancelled or refunded booking's vouchers are void: not handed out, whatever the service still serves.
        const { answer: booking } = await readAndRefresh(d, { product: 'activity', id });
        if (VOID_STATUSES.has(booking.status))
          throw new ConsoleError('invalid_state', {
            message: `This booking was ${booking.status}: its vouchers are no longer valid.`,
          });
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
      })
  );
}

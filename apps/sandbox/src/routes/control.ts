import { AmountSchema, EnvironmentSchema, fromCents, money, toCents } from '@console/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import { isoSeconds } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { FaultSchema } from '../lib/faults.ts';
import { parseBody } from '../lib/parse.ts';
import type { AppEnv } from '../lib/types.ts';
import { ownerKey, type Store } from '../store.ts';

const AdvanceSchema = z
  .object({
    seconds: z
      .number()
      .min(0)
      .max(400 * 24 * 3600),
  })
  .strict();
const WalletSchema = z
  .object({
    office_id: z.string().default('off_demo'),
    environment: EnvironmentSchema,
    /** The new balance, or (`available`) what should be left to spend over what is held. */
    balance: AmountSchema.optional(),
    available: AmountSchema.optional(),
  })
  .strict()
  .refine((w) => (w.balance === undefined) !== (w.available === undefined), {
    error: 'give either balance or available',
  });
const PriceSchema = z.object({ amount: AmountSchema }).strict();
const SettingsSchema = z
  .object({
    stream_interval_ms: z.number().int().min(0).max(10_000).optional(),
    /** Variant profile only: every n-th read answers 429 (0: never). */
    variant_rate_limit_every: z.number().int().min(0).max(10_000).optional(),
    /** Variant profile only: every n-th call finds its token revoked (0: never). */
    variant_revoke_every: z.number().int().min(0).max(10_000).optional(),
    /** Whether a hold sets its money aside in `held` (true, the default) or is only checked until it is paid. */
    holds_reserve_money: z.boolean().optional(),
    /** Keep when each search stream's events leave (true: start afresh; false: stop), read at GET /stream-log. */
    stream_log: z.boolean().optional(),
  })
  .strict();

const ScheduleSchema = z.object({ days: z.number().int().min(-30).max(30) }).strict();
const CopiesSchema = z.object({ count: z.number().int().min(1).max(200_000) }).strict();
const ActivityMoveSchema = z
  .object({
    days: z.number().int().min(-30).max(30),
    timeslot: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
      .optional(),
  })
  .strict();

/** A local date-time as written (`2026-12-01T08:30:00+01:00`) moved by whole days, its time and offset kept. */
function moveDays(value: string, days: number): string {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return `${date.toISOString().slice(0, 10)}${value.slice(10)}`;
}

/** Test controls under /_sandbox: the clock, reset, faults, forced price changes, wallet balances. */
export function controlRoutes(store: Store) {
  return (
    new Hono<AppEnv>()
      .get('/clock', (c) => c.json({ now: isoSeconds(store.clock.now()), offset_ms: store.clock.offsetMs }))
      .post('/clock/advance', async (c) => {
        const { seconds } = await parseBody(c, AdvanceSchema);
        store.clock.advance(seconds * 1000);
        return c.json({ now: isoSeconds(store.clock.now()), offset_ms: store.clock.offsetMs });
      })
      // The clock back in time, to book a history across past months and come forward to today (the demo office).
      .post('/clock/rewind', async (c) => {
        const { seconds } = await parseBody(c, AdvanceSchema);
        store.clock.rewind(seconds * 1000);
        return c.json({ now: isoSeconds(store.clock.now()), offset_ms: store.clock.offsetMs });
      })
      // The clock back to the machine's, and nothing else: what happened while it was ahead stays as it was read.
      .post('/clock/reset', (c) => {
        store.clock.reset();
        return c.json({ now: isoSeconds(store.clock.now()), offset_ms: store.clock.offsetMs });
      })
      .get('/stats', (c) =>
        c.json({
          tokens: store.tokens.size,
          /** The scopes of each live token, sorted: what a client asked for. */
          token_scopes: [...store.tokens.values()].map((t) => t.scopes.join(' ')).sort(),
          /** TCP connections the server accepted (when the server reports them: `pnpm start` of the sandbox). */
          connections: store.connectionsAccepted,
          flight_orders: store.flightOrders.size,
          hotel_orders: store.hotelOrders.size,
          activity_bookings: store.activityBookings.size,
          sessions: store.sessions.size,
          streams: store.streams,
        }),
      )
      .post('/tokens/revoke', (c) => {
        store.tokens.clear();
        return c.json({ revoked: true });
      })
      .post('/sessions/end', (c) => {
        store.sessions.clear();
        return c.json({ ended: true });
      })
      .post('/reset', (c) => {
        store.reset();
        return c.json({ reset: true, now: isoSeconds(store.clock.now()) });
      })
      .get('/faults', (c) => c.json({ data: store.faults.list }))
      .post('/faults', async (c) => c.json(store.faults.add(await parseBody(c, FaultSchema)), 201))
      .delete('/faults', (c) => {
        store.faults.clear();
        return c.json({ cleared: true });
      })
      .post('/offers/:id/price', async (c) => {
        const { amount } = await parseBody(c, PriceSchema);
        if (!store.offers.has(c.req.param('id'))) throw new ApiError('resource_not_found');
        store.forcedPrices.set(c.req.param('id'), amount);
        return c.json({ offer_id: c.req.param('id'), next_total: money(amount) });
      })
      .post('/rates/:id/price', async (c) => {
        const { amount } = await parseBody(c, PriceSchema);
        if (!store.rates.has(c.req.param('id'))) throw new ApiError('resource_not_found');
        store.forcedPrices.set(c.req.param('id'), amount);
        return c.json({ rate_id: c.req.param('id'), next_total: money(amount) });
      })
      // The airline moved a held or ticketed flight by whole days (a schedule change): every segment moves.
      .post('/flights/orders/:id/schedule', async (c) => {
        const { days } = await parseBody(c, ScheduleSchema);
        const record = store.flightOrders.get(c.req.param('id'));
        if (!record) throw new ApiError('resource_not_found');
        for (const segment of record.order.segments) {
          segment.departing_at = moveDays(segment.departing_at, days);
          segment.arriving_at = moveDays(segment.arriving_at, days);
        }
        return c.json(record.order);
      })
      // An office's many live bookings for the bench's watch figures: `count` copies of one flight order, same owner
      // and itinerary, ids `<id>c<n in hex>` (n from 1).
      .post('/flights/orders/:id/copies', async (c) => {
        const { count } = await parseBody(c, CopiesSchema);
        const id = c.req.param('id');
        const record = store.flightOrders.get(id);
        if (!record) throw new ApiError('resource_not_found');
        for (let n = 1; n <= count; n += 1) {
          const copy = structuredClone(record);
          copy.order.id = `${id}c${n.toString(16)}`;
          store.flightOrders.set(copy.order.id, copy);
        }
        return c.json({ count });
      })
      // The supplier (the airline, the hotel, the activity's operator) or the office's other tools cancel a booking,
      // whatever its status: the console hears of it only by reading it again (decision 037).
      .post('/bookings/:id/cancel', (c) => {
        const id = c.req.param('id');
        const now = isoSeconds(store.clock.now());
        const flight = store.flightOrders.get(id);
        const hotel = store.hotelOrders.get(id);
        const activity = store.activityBookings.get(id);
        if (flight) {
          if (flight.order.status === 'held') store.release(flight.owner, flight.order.total);
          flight.order.status = 'cancelled';
          return c.json(flight.order);
        }
        if (hotel) {
          if (hotel.order.status === 'held') store.release(hotel.owner, hotel.order.total);
          hotel.order.status = 'cancelled';
          return c.json(hotel.order);
        }
        if (activity) {
          if (activity.booking.status === 'held') store.release(activity.owner, activity.booking.total);
          activity.booking.status = 'cancelled';
          activity.booking.hold_expires_at = null;
          activity.booking.updated_at = now;
          return c.json(activity.booking);
        }
        throw new ApiError('resource_not_found');
      })
      // The hotel moved a stay by whole days (the same nights, other dates).
      .post('/hotels/orders/:id/dates', async (c) => {
        const { days } = await parseBody(c, ScheduleSchema);
        const record = store.hotelOrders.get(c.req.param('id'));
        if (!record) throw new ApiError('resource_not_found');
        record.order.check_in = moveDays(record.order.check_in, days);
        record.order.check_out = moveDays(record.order.check_out, days);
        return c.json(record.order);
      })
      // The operator moved an activity by whole days, and to another timeslot when one is given.
      .post('/activities/bookings/:id/date', async (c) => {
        const { days, timeslot } = await parseBody(c, ActivityMoveSchema);
        const record = store.activityBookings.get(c.req.param('id'));
        if (!record) throw new ApiError('resource_not_found');
        record.booking.date = moveDays(record.booking.date, days);
        if (timeslot !== undefined) record.booking.timeslot = timeslot;
        record.booking.updated_at = isoSeconds(store.clock.now());
        return c.json(record.booking);
      })
      .post('/rates/:id/sold-out', (c) => {
        const record = store.rates.get(c.req.param('id'));
        if (!record) throw new ApiError('resource_not_found');
        record.soldOut = true;
        return c.json({ rate_id: c.req.param('id'), sold_out: true });
      })
      .post('/wallets', async (c) => {
        const body = await parseBody(c, WalletSchema);
        const owner = ownerKey(body.office_id, body.environment);
        if (!store.wallets.has(owner)) throw new ApiError('resource_not_found', { param: 'office_id' });
        const held = toCents(store.wallet(owner, body.environment).held.amount);
        const balance =
          body.balance !== undefined ? toCents(body.balance) : held + toCents(body.available ?? '0.00');
        if (!store.setBalance(owner, money(balance)))
          throw new ApiError('validation_failed', {
            param: 'balance',
            message: `balance: cannot be below what is held (${fromCents(held)} USD)`,
          });
        return c.json(store.wallet(owner, body.environment));
      })
      .post('/settings', async (c) => {
        const body = await parseBody(c, SettingsSchema);
        if (body.stream_interval_ms !== undefined) store.streamIntervalMs = body.stream_interval_ms;
        if (body.holds_reserve_money !== undefined) store.holdsReserveMoney = body.holds_reserve_money;
        if (body.variant_rate_limit_every !== undefined)
          store.variantChaos.rateLimitEvery = body.variant_rate_limit_every;
        if (body.variant_revoke_every !== undefined)
          store.variantChaos.revokeEvery = body.variant_revoke_every;
        if (body.stream_log !== undefined) store.streamLog = body.stream_log ? [] : null;
        return c.json({
          stream_interval_ms: store.streamIntervalMs,
          holds_reserve_money: store.holdsReserveMoney,
          variant_rate_limit_every: store.variantChaos.rateLimitEvery,
          variant_revoke_every: store.variantChaos.revokeEvery,
          stream_log: store.streamLog !== null,
        });
      })
      // The bench's view of the search streams: when each event left, on the machine's monotonic clock.
      .get('/stream-log', (c) => c.json({ streams: store.streamLog ?? [] }))
  );
}

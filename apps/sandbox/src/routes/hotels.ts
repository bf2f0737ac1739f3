import {
  type ExtendDeadlineResult,
  HOTEL_ORDER_MACHINE,
  type HotelCancellationQuote,
  type HotelFilters,
  HotelOrderRequestSchema,
  HotelPlacesQuerySchema,
  HotelSearchRequestSchema,
  money,
  newId,
  subtractMoney,
  toCents,
} from '@console/contract';
import { Hono } from 'hono';
import { catalogue } from '../hotels/catalogue.ts';
import { citySearch, rateBody, rateSpecs } from '../hotels/search.ts';
import { requireScope } from '../lib/auth.ts';
import { DAY, HOUR, isoDate, isoSeconds, MINUTE } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { idempotent } from '../lib/idempotency.ts';
import { parseBody, parseQuery } from '../lib/parse.ts';
import { hashString } from '../lib/rng.ts';
import { formatZoned } from '../lib/timezones.ts';
import { advance } from '../lib/transition.ts';
import type { AppEnv, Caller } from '../lib/types.ts';
import { settleHotelOrder } from '../settle.ts';
import type { HotelHotelSearch, HotelOrder } from '../shapes.ts';
import { type HotelOrderRecord, type OwnerKey, ownerKey, type Store } from '../store.ts';

export const RATE_LIFETIME_MS = 30 * MINUTE;
export const QUOTE_LIFETIME_MS = 15 * MINUTE;
export const MAX_EXTENSIONS = 3;

const ownerOf = (caller: Caller): OwnerKey => ownerKey(caller.officeId, caller.environment);

function orderRecord(store: Store, caller: Caller, id: string): HotelOrderRecord {
  const record = store.hotelOrders.get(id);
  if (!record || record.owner !== ownerOf(caller))
    throw new ApiError('resource_not_found', { message: `No hotel order ${id}.` });
  settleHotelOrder(store, record);
  return record;
}

/** The penalty of cancelling now: the latest policy that has started, or nothing while the order is only held. */
function currentPenalty(record: HotelOrderRecord, now: number) {
  if (record.order.status === 'held') return money('0.00');
  let penalty = money('0.00');
  for (const policy of record.order.cancellation.policies)
    if (Date.parse(policy.starts_at) <= now) penalty = policy.penalty;
  return penalty;
}

function digits(seed: string, length: number): string {
  return String(hashString(seed)).padStart(length, '0').slice(0, length);
}

export function hotelRoutes(store: Store) {
  const read = requireScope(store, 'hotels:read');
  const write = requireScope(store, 'hotels:write');
  return new Hono<AppEnv>()
    .get('/places', read, (c) => {
      const query = parseQuery(c, HotelPlacesQuerySchema);
      const q = query.query.toLowerCase();
      const rank = { city: 0, landmark: 1, district: 2, region: 3, country: 4, hotel: 5 } as const;
      const data = catalogue()
        .places.filter((p) => (query.type ? p.type === query.type : true))
        .map((p) => ({ p, name: p.name.toLowerCase() }))
        .filter(({ name }) => name.includes(q))
        .sort(
          (a, b) =>
            Number(!a.name.startsWith(q)) - Number(!b.name.startsWith(q)) ||
            rank[a.p.type] - rank[b.p.type] ||
            a.name.localeCompare(b.name),
        )
        .slice(0, query.limit)
        .map(({ p }) => p);
      return c.json({ object: 'hotel_place_list' as const, count: data.length, data });
    })
    .post('/searches', read, async (c) => {
      const request = await parseBody(c, HotelSearchRequestSchema);
      const now = store.clock.now();
      const today = isoDate(now);
      if (request.check_in < today) {
        throw new ApiError('validation_failed', {
          param: 'check_in',
          message: `check_in: ${request.check_in} is in the past (today is ${today})`,
        });
      }
      if (request.check_in > isoDate(now + 500 * DAY)) {
        throw new ApiError('validation_failed', {
          param: 'check_in',
          message: 'check_in: hotels can be searched up to 500 days ahead',
        });
      }
      const cat = catalogue();
      if (request.city_id !== undefined) {
        const cityId = cat.cityOfPlace.get(request.city_id);
        if (cityId === undefined) {
          throw new ApiError('validation_failed', {
            param: 'city_id',
            message: `city_id: ${request.city_id} is not a city, district or landmark; choose a city for regions and countries`,
          });
        }
        const extra: HotelFilters = {};
        if (cat.districtNames.has(request.city_id)) extra.district = [request.city_id];
        if (cat.landmarkNames.has(request.city_id)) extra.landmark = [request.city_id];
        const result = citySearch(cityId, request, extra);
        if ((request.page ?? 1) > (result.pagination?.total_pages ?? 1)) {
          throw new ApiError('validation_failed', {
            param: 'page',
            message: `page: there are ${result.pagination?.total_pages ?? 1} pages`,
          });
        }
        return c.json(
          { object: 'hotel_search' as const, id: newId('hotelSearch'), mode: 'city' as const, ...result },
          201,
        );
      }
      const h = cat.hotels.get(request.hotel_id ?? -1);
      if (!h)
        throw new ApiError('validation_failed', {
          param: 'hotel_id',
          message: `hotel_id: no hotel ${request.hotel_id}`,
        });
      const owner = ownerOf(c.get('caller'));
      const offers = rateSpecs(h, request).map((spec) => {
        const id = newId('hotelRate');
        const body = { id, ...rateBody(h, spec, request, now) };
        store.rates.set(id, {
          owner,
          rate: { ...body, hotel: h.hotel },
          hotelId: h.hotel.id,
          occupancies: request.occupancies,
          expiresAt: now + RATE_LIFETIME_MS,
          pendingTotal:
            hashString(`${h.hotel.id}${spec.room.name}${spec.meal}${spec.refundable}${request.check_in}`) %
              10 ===
            0
              ? money((toCents(spec.total.amount) * 105n) / 100n).amount
              : null,
          soldOut: false,
        });
        return body;
      });
      const body: HotelHotelSearch = {
        object: 'hotel_search',
        id: newId('hotelSearch'),
        mode: 'hotel',
        check_in: request.check_in,
        check_out: request.check_out,
        nights: offers[0]?.nights ?? null,
        hotel: h.hotel,
        total: offers.length,
        sort: null,
        filters_applied: {},
        sorts: [],
        facets: [],
        pagination: null,
        offer_count: offers.length,
        offers,
      };
      return c.json(body, 201);
    })
    .get('/rates/:id', read, (c) => {
      const record = store.rates.get(c.req.param('id'));
      if (!record || record.owner !== ownerOf(c.get('caller'))) {
        throw new ApiError('resource_not_found', {
          param: 'id',
          message: `No rate ${c.req.param('id')}: search the hotel again.`,
        });
      }
      if (store.clock.now() >= record.expiresAt) {
        throw new ApiError('rate_unavailable', {
          param: 'id',
          message: 'The rate has expired; search the hotel again.',
        });
      }
      if (record.soldOut)
        throw new ApiError('rate_unavailable', {
          param: 'id',
          message: 'This room is sold out at this rate.',
        });
      const next = store.forcedPrices.get(record.rate.id) ?? record.pendingTotal;
      if (next !== null) {
        const before = record.rate.total_before_discount;
        record.rate = {
          ...record.rate,
          total: money(next),
          total_before_discount: before && toCents(before.amount) > toCents(next) ? before : null,
        };
        record.pendingTotal = null;
        store.forcedPrices.delete(record.rate.id);
      }
      return c.json(record.rate);
    })
    .post('/orders', write, idempotent(store), async (c) => {
      const caller = c.get('caller');
      const request = await parseBody(c, HotelOrderRequestSchema);
      const record = store.rates.get(request.rate_id);
      if (!record || record.owner !== ownerOf(caller)) {
        throw new ApiError('resource_not_found', {
          param: 'rate_id',
          message: `No rate ${request.rate_id}: search the hotel again.`,
        });
      }
      const now = store.clock.now();
      if (now >= record.expiresAt || record.soldOut) {
        throw new ApiError('rate_unavailable', {
          param: 'rate_id',
          message: record.soldOut
            ? 'This room is sold out at this rate.'
            : 'The rate has expired; search the hotel again.',
        });
      }
      if (record.pendingTotal !== null || store.forcedPrices.has(record.rate.id)) {
        throw new ApiError('rate_price_changed', {
          param: 'rate_id',
          message:
            "The rate's price has changed since the search. Confirm the rate and book at its new price.",
        });
      }
      if (request.rooms.length !== record.occupancies.length) {
        throw new ApiError('validation_failed', {
          param: 'rooms',
          message: `rooms: the rate is for ${record.occupancies.length} room(s); ${request.rooms.length} given`,
        });
      }
      for (const [index, room] of request.rooms.entries()) {
        const occupancy = record.occupancies[index];
        const people = (occupancy?.adults ?? 1) + (occupancy?.children.length ?? 0);
        if (room.guests.length > people) {
          throw new ApiError('validation_failed', {
            param: `rooms[${index}].guests`,
            message: `rooms[${index}].guests: the room is for ${people} guest(s)`,
          });
        }
        if ((room.guests[0]?.type ?? 'adult') !== 'adult') {
          throw new ApiError('validation_failed', {
            param: `rooms[${index}].guests[0].type`,
            message: `rooms[${index}].guests[0].type: the lead guest of a room must be an adult`,
          });
        }
      }
      const owner = ownerOf(caller);
      const rate = record.rate;
      store.hold(owner, rate.total);
      const checkIn = rate.check_in ?? isoDate(now);
      const checkInMs = Date.parse(`${checkIn}T00:00:00Z`);
      const deadline = Math.max(now + HOUR, Math.min(now + 24 * HOUR, checkInMs - 24 * HOUR));
      const hotel = rate.hotel ?? catalogue().hotels.get(Number(record.hotelId))?.hotel;
      if (!hotel) throw new ApiError('rate_unavailable', { param: 'rate_id' });
      const id = newId('hotelOrder');
      const order: HotelOrder = {
        object: 'hotel_order',
        id,
        status: 'held',
        // In the hotel's local time, with its offset (decision 049).
        payment_deadline: formatZoned(deadline, hotel.location.time_zone ?? 'UTC'),
        check_in: checkIn,
        check_out: rate.check_out ?? checkIn,
        nights: rate.nights ?? 1,
        total: rate.total,
        confirmation_number: null,
        voucher_number: null,
        hotel,
        contact: request.contact,
        rooms: request.rooms.map((room, index) => ({
          name: rate.rooms[index]?.name ?? 'Room',
          board: rate.board,
          guests: room.guests.map((g) => ({
            given_name: g.given_name,
            family_name: g.family_name,
            type: g.type ?? 'adult',
            title: g.title ?? null,
            national_id: g.national_id ?? null,
            passport_number: g.passport_number ?? null,
          })),
        })),
        cancellation: rate.cancellation,
        rate_id: rate.id,
        client_reference: request.client_reference ?? null,
        nationality: request.nationality ?? null,
        note: request.note ?? null,
        created_at: isoSeconds(now),
        penalty: null,
      };
      store.hotelOrders.set(id, { owner, order, extensions: 0, quote: null, confirmingUntil: null });
      return c.json(order, 201);
    })
    .get('/orders/:id', read, (c) => c.json(orderRecord(store, c.get('caller'), c.req.param('id')).order))
    .post('/orders/:id/confirm', write, (c) => {
      const record = orderRecord(store, c.get('caller'), c.req.param('id'));
      const order = record.order;
      if (order.status !== 'held')
        throw new ApiError('invalid_state', {
          message: `Only a held order can be confirmed; this one is ${order.status}.`,
        });
      // A slow supplier confirms a few seconds later: the order waits in `confirming` (decision 004).
      const slow = catalogue().hotels.get(Number(order.hotel.id))?.slowSupplier ?? false;
      store.mustAfford(record.owner, order.total);
      advance(HOTEL_ORDER_MACHINE, order, slow ? 'confirm_deferred' : 'confirm');
      if (slow) record.confirmingUntil = store.clock.now() + store.pace.confirmingMs;
      store.spend(record.owner, order.total);
      order.confirmation_number = `HC${digits(`${order.id}c`, 8)}`;
      order.voucher_number = `HV${digits(`${order.id}v`, 8)}`;
      return c.json(order);
    })
    .post('/orders/:id/extend-deadline', write, (c) => {
      const record = orderRecord(store, c.get('caller'), c.req.param('id'));
      const order = record.order;
      if (order.status !== 'held')
        throw new ApiError('invalid_state', {
          message: `Only a held order's deadline can move; this one is ${order.status}.`,
        });
      if (record.extensions >= MAX_EXTENSIONS) {
        throw new ApiError('invalid_state', {
          message: `The deadline has been extended ${MAX_EXTENSIONS} times already; confirm or cancel the order.`,
        });
      }
      const latest = Date.parse(`${order.check_in}T00:00:00Z`) - 6 * HOUR;
      const next = Math.min(Date.parse(order.payment_deadline) + 24 * HOUR, latest);
      if (next <= Date.parse(order.payment_deadline)) {
        throw new ApiError('invalid_state', {
          message: 'The deadline cannot move any closer to check-in; confirm or cancel the order.',
        });
      }
      advance(HOTEL_ORDER_MACHINE, order, 'extend_deadline');
      record.extensions += 1;
      order.payment_deadline = formatZoned(next, order.hotel.location.time_zone ?? 'UTC');
      const body: ExtendDeadlineResult = {
        object: 'hotel_order',
        id: order.id,
        payment_deadline: order.payment_deadline,
      };
      return c.json(body);
    })
    .get('/orders/:id/cancellation', read, (c) => {
      const record = orderRecord(store, c.get('caller'), c.req.param('id'));
      const order = record.order;
      if (order.status === 'cancelled' || order.status === 'confirming') {
        throw new ApiError('invalid_state', { message: `A ${order.status} order cannot be cancelled.` });
      }
      const now = store.clock.now();
      const penalty = currentPenalty(record, now);
      const expiresAt = now + QUOTE_LIFETIME_MS;
      record.quote = { penalty, expiresAt };
      store.touch();
      const status =
        order.cancellation.non_refundable && order.status !== 'held'
          ? 2
          : toCents(penalty.amount) > 0n
            ? 1
            : 0;
      const body: HotelCancellationQuote = {
        object: 'hotel_cancellation_quote',
        order_id: order.id,
        penalty,
        status,
        expires_at: isoSeconds(expiresAt),
        refund_amount: order.status === 'confirmed' ? subtractMoney(order.total, penalty) : money('0.00'),
      };
      return c.json(body);
    })
    .post('/orders/:id/cancellation', write, (c) => {
      const record = orderRecord(store, c.get('caller'), c.req.param('id'));
      const order = record.order;
      if (order.status === 'cancelled' || order.status === 'confirming') {
        throw new ApiError('invalid_state', { message: `A ${order.status} order cannot be cancelled.` });
      }
      const now = store.clock.now();
      const quote = record.quote && record.quote.expiresAt > now ? record.quote : null;
      const penalty = quote?.penalty ?? currentPenalty(record, now);
      const from = order.status;
      advance(HOTEL_ORDER_MACHINE, order, 'cancel');
      if (from === 'held') store.release(record.owner, order.total);
      else store.refund(record.owner, subtractMoney(order.total, penalty));
      order.penalty = penalty;
      record.quote = null;
      return c.json(order);
    });
}

import {
  ACTIVITY_BOOKING_MACHINE,
  ACTIVITY_SORTS,
  type ActivityAvailability,
  ActivityAvailabilityQuerySchema,
  type ActivityBookingList,
  ActivityBookingRequestSchema,
  ActivityBookingsQuerySchema,
  type ActivityProductList,
  ActivityProductsQuerySchema,
  type ActivityVoucherList,
  bookingOptionsAnswersSchemaFor,
  isOneOf,
  newId,
  priceActivityBooking,
  toCents,
} from '@console/contract';
import { Hono } from 'hono';
import {
  BOOKING_WINDOW_DAYS,
  baseCapacity,
  type DayCapacity,
  localized,
  PRODUCT_BY_ID,
  PRODUCTS,
  type ProductEntry,
  ratesFor,
  TYPE_BY_ID,
} from '../activities/products.ts';
import { requireScope } from '../lib/auth.ts';
import { DAY, isoDate, isoSeconds, MINUTE } from '../lib/clock.ts';
import { ApiError, validationError } from '../lib/errors.ts';
import { idempotent } from '../lib/idempotency.ts';
import { parseBody, parseQuery } from '../lib/parse.ts';
import { voucherPdf } from '../lib/pdf.ts';
import { hashString } from '../lib/rng.ts';
import { advance } from '../lib/transition.ts';
import type { AppEnv, Caller } from '../lib/types.ts';
import { settleActivityBooking } from '../settle.ts';
import type { ActivityBooking } from '../shapes.ts';
import { type ActivityBookingRecord, type OwnerKey, ownerKey, type Store } from '../store.ts';

export const HOLD_LIFETIME_MS = 30 * MINUTE;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const ownerOf = (caller: Caller): OwnerKey => ownerKey(caller.officeId, caller.environment);

/** Opaque cursors: the offset and a fingerprint of the query, so a cursor cannot be used with another query. */
function encodeCursor(offset: number, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprint })).toString('base64url');
}
function decodeCursor(cursor: string | undefined, fingerprint: string): number {
  if (cursor === undefined) return 0;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      parsed &&
      typeof parsed === 'object' &&
      'o' in parsed &&
      'f' in parsed &&
      typeof parsed.o === 'number' &&
      parsed.f === fingerprint &&
      parsed.o >= 0
    ) {
      return parsed.o;
    }
  } catch {
    // fall through
  }
  throw new ApiError('invalid_query', {
    param: 'after',
    message: 'after: this cursor does not belong to this query; start again without it.',
  });
}

function isOpen(store: Store, seed: ProductEntry['seed'], date: string): boolean {
  const today = store.clock.now();
  const first = isoDate(today + DAY);
  const last = isoDate(today + BOOKING_WINDOW_DAYS * DAY);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return date >= first && date <= last && !seed.closedWeekdays.includes(weekday);
}

/** Capacity left on a date: the seeded capacity less what live bookings hold. */
function capacityLeft(store: Store, typeId: string, seed: ProductEntry['seed'], date: string): DayCapacity {
  const capacity = baseCapacity(typeId, seed, date);
  for (const record of store.activityBookings.values()) {
    settleActivityBooking(store, record);
    const b = record.booking;
    if (
      b.product_type_id !== typeId ||
      b.date !== date ||
      b.status === 'cancelled' ||
      b.status === 'refunded'
    )
      continue;
    const t = b.travelers ?? { adults: 0, children: 0, seniors: 0 };
    capacity.adult = Math.max(0, capacity.adult - t.adults);
    if (capacity.child !== null) capacity.child = Math.max(0, capacity.child - t.children);
    if (capacity.senior !== null) capacity.senior = Math.max(0, capacity.senior - t.seniors);
  }
  return capacity;
}

function bookingRecord(store: Store, caller: Caller, id: string): ActivityBookingRecord {
  const record = store.activityBookings.get(id);
  if (!record || record.owner !== ownerOf(caller))
    throw new ApiError('resource_not_found', { message: `No activity booking ${id}.` });
  settleActivityBooking(store, record);
  return record;
}

export function activityRoutes(store: Store) {
  const read = requireScope(store, 'activities:read');
  const write = requireScope(store, 'activities:write');
  return new Hono<AppEnv>()
    .get('/products', read, (c) => {
      const q = parseQuery(c, ActivityProductsQuerySchema);
      // The sandbox's sorts (decision 002): the document leaves the accepted values open.
      if (q.sort !== undefined && !isOneOf(ACTIVITY_SORTS, q.sort)) {
        throw new ApiError('validation_failed', {
          param: 'sort',
          message: `sort: must be one of ${ACTIVITY_SORTS.join(', ')}`,
        });
      }
      const fingerprint = String(
        hashString(
          JSON.stringify([
            q.query,
            q.city,
            q.country,
            q.category,
            q.min_price,
            q.max_price,
            q.sort,
            q.language,
          ]),
        ),
      );
      const text = q.query?.toLowerCase();
      const eq = (a: string, b: string | undefined) => b === undefined || a.toLowerCase() === b.toLowerCase();
      const matching = PRODUCTS.filter(({ product, seed }) => {
        const from = Number(toCents(product.from.amount)) / 100;
        return (
          (!text ||
            product.title.toLowerCase().includes(text) ||
            product.description.toLowerCase().includes(text) ||
            Object.values(seed.translations ?? {}).some((t) => t.toLowerCase().includes(text))) &&
          eq(product.city, q.city) &&
          eq(product.country, q.country) &&
          (q.category === undefined || product.categories.includes(q.category)) &&
          (q.min_price === undefined || from >= q.min_price) &&
          (q.max_price === undefined || from <= q.max_price)
        );
      });
      const price = (e: ProductEntry) => Number(toCents(e.product.from.amount));
      const sorted = [...matching].sort((a, b) => {
        switch (q.sort) {
          case 'price_asc':
            return price(a) - price(b) || a.product.id.localeCompare(b.product.id);
          case 'price_desc':
            return price(b) - price(a) || a.product.id.localeCompare(b.product.id);
          case 'title':
            return a.product.title.localeCompare(b.product.title);
          default:
            return b.seed.popularity - a.seed.popularity || a.product.id.localeCompare(b.product.id);
        }
      });
      const offset = decodeCursor(q.after, fingerprint);
      const page = sorted.slice(offset, offset + q.limit);
      const hasMore = offset + q.limit < sorted.length;
      const body: ActivityProductList = {
        object: 'activity_product_list',
        data: page.map((e) => localized(e, q.language)),
        total: sorted.length,
        has_more: hasMore,
        next_cursor: hasMore ? encodeCursor(offset + q.limit, fingerprint) : null,
      };
      return c.json(body);
    })
    .get('/products/:id', read, (c) => {
      const entry = PRODUCT_BY_ID.get(c.req.param('id'));
      if (!entry)
        throw new ApiError('resource_not_found', {
          param: 'id',
          message: `No activity product ${c.req.param('id')}.`,
        });
      return c.json(localized(entry, c.req.query('language')));
    })
    .get('/product-types/:id/availability', read, (c) => {
      const found = TYPE_BY_ID.get(c.req.param('id'));
      if (!found)
        throw new ApiError('resource_not_found', {
          param: 'id',
          message: `No product type ${c.req.param('id')}.`,
        });
      const { date } = parseQuery(c, ActivityAvailabilityQuerySchema);
      const seed = found.entry.seed;
      const base: Omit<
        ActivityAvailability,
        'date' | 'weekday' | 'available' | 'capacity' | 'dates' | 'timeslots' | 'rates'
      > = {
        object: 'activity_availability',
        product_type_id: found.type.id,
        timezone: seed.timezone,
        booking_options: found.options,
      };
      if (date === undefined) {
        const dates: { date: string }[] = [];
        const now = store.clock.now();
        for (let day = 1; day <= BOOKING_WINDOW_DAYS; day += 1) {
          const d = isoDate(now + day * DAY);
          if (!isOpen(store, seed, d)) continue;
          const left = capacityLeft(store, found.type.id, seed, d);
          if (left.adult > 0) dates.push({ date: d });
        }
        return c.json({
          ...base,
          // A date in the document, never null: the day the bookable dates are counted from.
          date: isoDate(now),
          weekday: null,
          available: dates.length > 0,
          capacity: [],
          dates,
          timeslots: [],
          rates: [],
        } satisfies ActivityAvailability);
      }
      const open = isOpen(store, seed, date);
      const left = open
        ? capacityLeft(store, found.type.id, seed, date)
        : {
            adult: 0,
            child: seed.childFactor === null ? null : 0,
            senior: seed.seniorFactor === null ? null : 0,
          };
      const capacity: ActivityAvailability['capacity'] = [{ category: 'adult', quantity: left.adult }];
      if (left.child !== null) capacity.push({ category: 'child', quantity: left.child });
      if (left.senior !== null) capacity.push({ category: 'senior', quantity: left.senior });
      const body: ActivityAvailability = {
        ...base,
        date,
        weekday: WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? null,
        available: open && left.adult > 0,
        capacity,
        dates: [],
        timeslots: open ? found.seed.times.map((start_time) => ({ start_time })) : [],
        rates: ratesFor(seed, found.seed.factor),
      };
      return c.json(body);
    })
    .get('/bookings', read, (c) => {
      const q = parseQuery(c, ActivityBookingsQuerySchema);
      const owner = ownerOf(c.get('caller'));
      const fingerprint = String(hashString(JSON.stringify([q.status, q.email])));
      const all = [...store.activityBookings.values()]
        .filter((r) => r.owner === owner)
        .map((r) => {
          settleActivityBooking(store, r);
          return r;
        })
        .filter((r) => (q.status ? r.booking.status === q.status : true))
        .filter((r) => (q.email ? r.booking.customer.email.toLowerCase() === q.email.toLowerCase() : true))
        .sort(
          (a, b) =>
            b.booking.created_at.localeCompare(a.booking.created_at) ||
            b.booking.id.localeCompare(a.booking.id),
        );
      const offset = decodeCursor(q.after, fingerprint);
      const page = all.slice(offset, offset + q.limit);
      const hasMore = offset + q.limit < all.length;
      const body: ActivityBookingList = {
        object: 'activity_booking_list',
        data: page.map(({ booking, productId }) => ({
          object: 'activity_booking_summary',
          id: booking.id,
          status: booking.status,
          code: booking.code,
          partner_reference: booking.client_reference ?? null,
          product_type_id: booking.product_type_id,
          product_id: productId,
          created_at: booking.created_at,
          updated_at: booking.updated_at ?? booking.created_at,
        })),
        has_more: hasMore,
        next_cursor: hasMore ? encodeCursor(offset + q.limit, fingerprint) : null,
      };
      return c.json(body);
    })
    .post('/bookings', write, idempotent(store), async (c) => {
      const caller = c.get('caller');
      const request = await parseBody(c, ActivityBookingRequestSchema);
      const found = TYPE_BY_ID.get(request.product_type_id);
      if (!found)
        throw new ApiError('validation_failed', {
          param: 'product_type_id',
          message: `product_type_id: no product type ${request.product_type_id}`,
        });
      const seed = found.entry.seed;
      if (!isOpen(store, seed, request.date)) {
        throw new ApiError('validation_failed', {
          param: 'date',
          message: `date: ${request.date} is not a bookable date for this activity`,
        });
      }
      const times = found.seed.times;
      if (times.length > 0 && (request.timeslot === undefined || !times.includes(request.timeslot))) {
        throw new ApiError('validation_failed', {
          param: 'timeslot',
          message: `timeslot: choose one of ${times.join(', ')}`,
        });
      }
      if (times.length === 0 && request.timeslot !== undefined) {
        throw new ApiError('validation_failed', {
          param: 'timeslot',
          message: 'timeslot: this activity has no timeslots',
        });
      }
      const travelers = request.travelers;
      const left = capacityLeft(store, found.type.id, seed, request.date);
      const checks: [keyof typeof travelers, number, number | null, string][] = [
        ['adults', travelers.adults, left.adult, 'adult'],
        ['children', travelers.children, left.child, 'child'],
        ['seniors', travelers.seniors, left.senior, 'senior'],
      ];
      for (const [field, wanted, available, label] of checks) {
        if (wanted === 0) continue;
        if (available === null)
          throw new ApiError('validation_failed', {
            param: `travelers.${field}`,
            message: `travelers.${field}: this activity takes no ${label} tickets`,
          });
        if (wanted > available) {
          throw new ApiError('validation_failed', {
            param: `travelers.${field}`,
            message: `travelers.${field}: only ${available} ${label} place(s) left on ${request.date}`,
          });
        }
      }
      const answers = bookingOptionsAnswersSchemaFor(found.options, travelers).safeParse(request.options);
      if (!answers.success) throw validationError(answers.error, { prefix: ['options'] });
      const rates = ratesFor(seed, found.seed.factor);
      const priced = priceActivityBooking(rates, travelers, found.options, request.options);
      const owner = ownerOf(caller);
      store.hold(owner, priced.total);
      const now = store.clock.now();
      const id = newId('activityBooking');
      const booking: ActivityBooking = {
        object: 'activity_booking',
        id,
        code: `${seed.key.slice(0, 3).toUpperCase()}-${String(hashString(id) % 100000).padStart(5, '0')}`,
        product_type_id: found.type.id,
        title: `${seed.title} — ${found.type.title}`,
        date: request.date,
        timeslot: request.timeslot ?? null,
        status: 'held',
        total: priced.total,
        breakdown: priced.lines,
        customer: {
          salutation: request.customer.salutation ?? null,
          given_name: request.customer.given_name,
          family_name: request.customer.family_name,
          email: request.customer.email,
          phone: request.customer.phone ?? null,
        },
        created_at: isoSeconds(now),
        product_id: found.entry.product.id,
        client_reference: request.client_reference ?? null,
        travelers: { adults: travelers.adults, children: travelers.children, seniors: travelers.seniors },
        hold_expires_at: isoSeconds(now + HOLD_LIFETIME_MS),
        updated_at: isoSeconds(now),
      };
      store.activityBookings.set(id, {
        owner,
        booking,
        productId: found.entry.product.id,
        answers: request.options,
        confirmedAt: null,
        vouchers: [],
      });
      return c.json(booking, 201);
    })
    .get('/bookings/:id', read, (c) =>
      c.json(bookingRecord(store, c.get('caller'), c.req.param('id')).booking),
    )
    .post('/bookings/:id/confirm', write, (c) => {
      const record = bookingRecord(store, c.get('caller'), c.req.param('id'));
      const booking = record.booking;
      if (booking.status !== 'held')
        throw new ApiError('invalid_state', {
          message: `Only a held booking can be confirmed; this one is ${booking.status}.`,
        });
      store.mustAfford(record.owner, booking.total);
      advance(ACTIVITY_BOOKING_MACHINE, booking, 'confirm');
      store.spend(record.owner, booking.total);
      booking.hold_expires_at = null;
      record.confirmedAt = store.clock.now();
      booking.updated_at = isoSeconds(record.confirmedAt);
      return c.json(booking);
    })
    .post('/bookings/:id/cancel', write, (c) => {
      const record = bookingRecord(store, c.get('caller'), c.req.param('id'));
      const booking = record.booking;
      if (booking.status === 'cancelled' || booking.status === 'refunded') {
        throw new ApiError('invalid_state', { message: `This booking is already ${booking.status}.` });
      }
      // The machine says where a cancellation ends: a hold is released, what was paid for is refunded.
      const from = booking.status;
      advance(ACTIVITY_BOOKING_MACHINE, booking, 'cancel');
      if (from === 'held') store.release(record.owner, booking.total);
      else store.refund(record.owner, booking.total);
      booking.hold_expires_at = null;
      booking.updated_at = isoSeconds(store.clock.now());
      return c.json(booking);
    })
    .get('/bookings/:id/vouchers', read, (c) => {
      const record = bookingRecord(store, c.get('caller'), c.req.param('id'));
      const body: ActivityVoucherList = {
        object: 'activity_voucher_list',
        booking_id: record.booking.id,
        data: record.vouchers,
      };
      return c.json(body);
    })
    .get('/bookings/:id/vouchers/:voucher/download', read, async (c) => {
      const record = bookingRecord(store, c.get('caller'), c.req.param('id'));
      const voucher = record.vouchers.find((v) => v.id === c.req.param('voucher'));
      if (!voucher)
        throw new ApiError('resource_not_found', {
          param: 'voucher',
          message: `No voucher ${c.req.param('voucher')} on this booking.`,
        });
      const entry = PRODUCT_BY_ID.get(record.productId);
      const bytes = await voucherPdf(
        record.booking,
        voucher,
        entry ? `${entry.product.city}, ${entry.product.country}` : '',
      );
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="voucher-${voucher.visual_id}.pdf"`,
        'Content-Length': String(bytes.byteLength),
      });
    });
}

import { setTimeout as sleep } from 'node:timers/promises';
import {
  addMoney,
  checkPassengersAgainstOffer,
  FLIGHT_ORDER_MACHINE,
  FlightOrderRequestSchema,
  FlightPlacesQuerySchema,
  type FlightSearch,
  FlightSearchRequestSchema,
  money,
  NotesRequestSchema,
  newId,
  type ParsedFlightSearchRequest,
  REFUND_TYPES,
  type Refund,
  RefundRequestSchema,
  subtractMoney,
  toCents,
} from '@console/contract';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { AIRPORTS, airportsFor } from '../data/airports.ts';
import {
  conditionsFor,
  type GeneratedOffer,
  generateOffers,
  refundPenaltyCents,
} from '../flights/generator.ts';
import { requireScope } from '../lib/auth.ts';
import { HOUR, isoDate, isoSeconds, MINUTE } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import {
  type EventWriter,
  honoEventWriter,
  nodeEventWriter,
  type StreamTiming,
} from '../lib/event-stream.ts';
import { idempotent } from '../lib/idempotency.ts';
import { parseBody, parseQuery } from '../lib/parse.ts';
import { advance } from '../lib/transition.ts';
import type { AppEnv, Caller } from '../lib/types.ts';
import { settleFlightOrder } from '../settle.ts';
import type { FlightOffer, FlightOrder, FlightPlace, RefundQuote } from '../shapes.ts';
import { type FlightOrderRecord, type OfferRecord, type OwnerKey, ownerKey, Store } from '../store.ts';

export const OFFER_LIFETIME_MS = 30 * MINUTE;
export const DEFAULT_MAX_OFFERS = 500;

const ownerOf = (caller: Caller): OwnerKey => ownerKey(caller.officeId, caller.environment);

interface PlaceEntry {
  place: FlightPlace;
  code: string;
  names: string[];
  bonus: number;
}

/** Every city (with two or more airports) and airport, with lower-cased names, built once. */
const PLACE_INDEX: PlaceEntry[] = (() => {
  const entries: PlaceEntry[] = [];
  const cities = new Map<string, (typeof AIRPORTS)[number][]>();
  for (const airport of AIRPORTS)
    cities.set(airport.cityCode, [...(cities.get(airport.cityCode) ?? []), airport]);
  for (const [cityCode, airports] of cities) {
    const first = airports[0];
    if (!first || airports.length < 2 || airports.some((a) => a.code === cityCode)) continue;
    entries.push({
      place: {
        object: 'flight_place',
        code: cityCode,
        name: `${first.city} (all airports)`,
        type: 'city',
        city_code: cityCode,
        country_code: first.countryCode,
        country: first.country,
      },
      code: cityCode.toLowerCase(),
      names: [first.city.toLowerCase()],
      bonus: 5,
    });
  }
  for (const a of AIRPORTS) {
    entries.push({
      place: {
        object: 'flight_place',
        code: a.code,
        name: a.name.includes(a.city) ? a.name : `${a.city} ${a.name}`,
        type: 'airport',
        city_code: a.cityCode,
        country_code: a.countryCode,
        country: a.country,
      },
      code: a.code.toLowerCase(),
      names: [a.name, a.city, a.country].map((n) => n.toLowerCase()),
      bonus: 0,
    });
  }
  return entries;
})();

function placesFor(query: string, limit: number): FlightPlace[] {
  const q = query.trim().toLowerCase();
  const scored: { place: FlightPlace; score: number }[] = [];
  for (const entry of PLACE_INDEX) {
    const score =
      entry.code === q
        ? 100
        : entry.names.some((n) => n.startsWith(q))
          ? 60
          : entry.names.some((n) => n.includes(q))
            ? 30
            : 0;
    if (score > 0) scored.push({ place: entry.place, score: score + entry.bonus });
  }
  return scored
    .sort((x, y) => y.score - x.score || x.place.name.localeCompare(y.place.name))
    .slice(0, limit)
    .map((x) => x.place);
}

/** Checks what the schema cannot: that places exist and dates are bookable on the sandbox clock. */
function checkSearch(store: Store, request: ParsedFlightSearchRequest): void {
  const today = isoDate(store.clock.now());
  const lastDay = isoDate(store.clock.now() + 360 * 24 * HOUR);
  for (const [index, slice] of request.slices.entries()) {
    for (const field of ['origin', 'destination'] as const) {
      if (airportsFor(slice[field]).length === 0) {
        throw new ApiError('validation_failed', {
          param: `slices[${index}].${field}`,
          message: `slices[${index}].${field}: ${slice[field]} is not an airport or city we know`,
        });
      }
    }
    if (slice.departure_date < today) {
      throw new ApiError('validation_failed', {
        param: `slices[${index}].departure_date`,
        message: `slices[${index}].departure_date: ${slice.departure_date} is in the past (today is ${today})`,
      });
    }
    if (slice.departure_date > lastDay) {
      throw new ApiError('validation_failed', {
        param: `slices[${index}].departure_date`,
        message: `slices[${index}].departure_date: flights can be searched up to ${lastDay}`,
      });
    }
  }
}

function runSearch(
  store: Store,
  caller: Caller,
  request: ParsedFlightSearchRequest,
): { id: string; offers: GeneratedOffer[] } {
  checkSearch(store, request);
  const now = store.clock.now();
  const expiresAt = now + OFFER_LIFETIME_MS;
  let offers = generateOffers(request, {
    todayIso: isoDate(now),
    newOfferId: () => newId('offer'),
    expiresAt: isoSeconds(expiresAt),
  });
  if (request.provider) offers = offers.filter((o) => o.provider === request.provider);
  offers = offers.slice(0, request.max_offers ?? DEFAULT_MAX_OFFERS);
  const owner = ownerOf(caller);
  for (const generated of offers) {
    store.offers.set(generated.offer.id, {
      owner,
      offer: generated.offer,
      brand: generated.brand,
      expiresAt,
      pendingTotal: generated.repricedTotal,
    });
  }
  while (store.offers.size > Store.MAX_OFFERS) {
    const oldest = store.offers.keys().next().value;
    if (oldest === undefined) break;
    store.offers.delete(oldest);
  }
  return { id: newId('flightSearch'), offers };
}

function offerRecord(store: Store, caller: Caller, id: string, param?: string): OfferRecord {
  const record = store.offers.get(id);
  if (!record || record.owner !== ownerOf(caller)) {
    throw new ApiError('resource_not_found', { param: param ?? 'id', message: `No offer ${id}.` });
  }
  return record;
}

/** Moves an offer to a new total, spreading the difference over the passengers' base fares. */
function reprice(offer: FlightOffer, newTotal: string): FlightOffer {
  const delta = toCents(newTotal) - toCents(offer.total.amount);
  const count = BigInt(offer.passengers.length);
  const passengers = offer.passengers.map((p, index) => {
    const share = delta / count + (BigInt(index) < delta % count ? 1n : 0n);
    const base = money(toCents(p.base.amount) + share);
    return { ...p, base, total: addMoney(base, p.tax) };
  });
  const base = addMoney(...passengers.map((p) => p.base));
  return { ...offer, passengers, base, total: addMoney(base, offer.tax) };
}

function orderRecord(store: Store, caller: Caller, id: string): FlightOrderRecord {
  const record = store.flightOrders.get(id);
  if (!record || record.owner !== ownerOf(caller))
    throw new ApiError('resource_not_found', { message: `No flight order ${id}.` });
  settleFlightOrder(store, record);
  return record;
}

function ticketingDeadline(now: number, offer: FlightOffer): number {
  const departure = Date.parse(offer.slices[0]?.segments[0]?.departing_at ?? '');
  const latest = Number.isNaN(departure) ? now + 24 * HOUR : departure - 3 * HOUR;
  return Math.max(now + 30 * MINUTE, Math.min(now + 24 * HOUR, latest));
}

function pnr(id: string): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < 6; i += 1) out += letters[(id.charCodeAt(4 + i) * 7 + i) % letters.length];
  return out;
}

function unrefundedTickets(record: FlightOrderRecord) {
  return record.order.passengers.filter(
    (p) => p.ticket_number !== null && !record.refundedTickets.has(p.ticket_number),
  );
}

function quoteFor(record: FlightOrderRecord, refundType: 1 | 2): RefundQuote {
  const tickets = unrefundedTickets(record).map((p) => {
    const fare = record.fares.get(p.id) ?? { total: money('0.00'), base: money('0.00') };
    const penaltyCents =
      refundType === 2
        ? 0n
        : refundPenaltyCents(record.brand, toCents(fare.total.amount), toCents(fare.base.amount));
    const penalty = money(penaltyCents);
    return {
      ticket_number: p.ticket_number ?? '',
      passenger_id: p.id,
      passenger_name: `${p.given_name} ${p.family_name}`,
      fare: fare.total,
      penalty,
      refund_amount: subtractMoney(fare.total, penalty),
    };
  });
  return {
    object: 'refund_quote',
    order_id: record.order.id,
    refund_type: refundType,
    tickets,
    total_refund: addMoney(...tickets.map((t) => t.refund_amount)),
  };
}

const COMMA = Buffer.from(',');
const BATCH_END = Buffer.from(']}\n\n');

export function flightRoutes(store: Store) {
  const read = requireScope(store, 'flights:read');
  const write = requireScope(store, 'flights:write');
  return new Hono<AppEnv>()
    .get('/places', read, (c) => {
      const query = parseQuery(c, FlightPlacesQuerySchema);
      return c.json({ object: 'flight_place_list' as const, data: placesFor(query.query, query.limit) });
    })
    .post('/searches', read, async (c) => {
      const request = await parseBody(c, FlightSearchRequestSchema);
      const { id, offers } = runSearch(store, c.get('caller'), request);
      const body: FlightSearch = {
        object: 'flight_search',
        id,
        status: 'complete',
        offer_count: offers.length,
        offers: offers.map((o) => o.offer),
      };
      return c.json(body, 201);
    })
    .post('/searches/stream', read, async (c) => {
      const request = await parseBody(c, FlightSearchRequestSchema);
      const { id, offers } = runSearch(store, c.get('caller'), request);
      const providers = request.provider
        ? [request.provider]
        : [...new Set(['gts', 'meta', 'tp', 'parto', 'pgf'] as const)];
      const cutAfter = c.get('cutStreamAfter');
      const socket = c.env.incoming?.socket;
      const interval = store.streamIntervalMs;
      const run = async (out: EventWriter) => {
        let aborted = false;
        store.streams.open += 1;
        out.onAbort(() => {
          if (!aborted) store.streams.abandoned += 1;
          aborted = true;
        });
        let sent = 0;
        /** A cut_stream fault: after its events, let what was sent leave, then drop the connection (no done). */
        const cutHere = async () => {
          if (cutAfter === undefined || sent < cutAfter) return false;
          await sleep(50);
          socket?.destroy();
          return true;
        };
        // Each batch repeats every offer so far (replace: true): each offer is turned into JSON bytes once, and a
        // batch is those bytes put together (no batch-sized string to build and encode again each time).
        const bytes = new Map<(typeof offers)[number], Buffer>();
        const offerBytes = (o: (typeof offers)[number]) => {
          let encoded = bytes.get(o);
          if (encoded === undefined) {
            encoded = Buffer.from(JSON.stringify(o.offer));
            bytes.set(o, encoded);
          }
          return encoded;
        };
        // One JSON line per event: written as it is (no line splitting to do).
        const event = (name: string, data: string) => out.write(`event: ${name}\ndata: ${data}\n\n`);
        const offersEvent = (head: string, batch: typeof offers) => {
          const parts: Buffer[] = [Buffer.from(`event: offers\ndata: ${head.slice(0, -1)},"offers":[`)];
          batch.forEach((o, i) => {
            if (i > 0) parts.push(COMMA);
            parts.push(offerBytes(o));
          });
          parts.push(BATCH_END);
          return out.write(Buffer.concat(parts));
        };
        try {
          const answered: string[] = [];
          for (const provider of providers) {
            if (interval > 0) await sleep(interval);
            if (aborted) return;
            answered.push(provider);
            const batch = offers.filter((o) => answered.includes(o.provider));
            if (await cutHere()) return;
            const head = JSON.stringify({
              object: 'flight_offer_batch',
              search_id: id,
              replace: true,
              offer_count: batch.length,
              providers_answered: answered.length,
              providers_total: providers.length,
            });
            await offersEvent(head, batch);
            sent += 1;
          }
          if (await cutHere()) return;
          await event(
            'done',
            JSON.stringify({
              object: 'flight_search_done',
              search_id: id,
              status: 'complete',
              offer_count: offers.length,
            }),
          );
        } catch {
          // The client went away mid-write: nothing more to send.
        } finally {
          store.streams.open -= 1;
          out.end();
        }
      };
      const outgoing = c.env.outgoing;
      if (outgoing) {
        // On Node's server the events are written on the response itself (and timed when the bench asks).
        const timing: StreamTiming | null = store.streamLog
          ? { key: request.slices[0]?.departure_date ?? '', headers_at: 0, events: [], closed_at: null }
          : null;
        if (timing) store.streamLog?.push(timing);
        void run(
          nodeEventWriter(
            outgoing,
            {
              'Content-Type': 'text/event-stream',
              'Cache-Control': 'no-cache',
              'Request-Id': c.get('requestId'),
              // What the middleware says on every other answer: the service's own clock.
              Date: new Date(store.clock.now()).toUTCString(),
            },
            timing,
          ),
        );
        return RESPONSE_ALREADY_SENT;
      }
      return streamSSE(c, (stream) => run(honoEventWriter(stream)));
    })
    .get('/offers/:id', read, (c) => {
      const record = offerRecord(store, c.get('caller'), c.req.param('id'));
      if (store.clock.now() >= record.expiresAt) throw new ApiError('offer_expired', { param: 'id' });
      const forced = store.forcedPrices.get(record.offer.id);
      const next = forced ?? record.pendingTotal;
      if (next !== null) {
        record.offer = reprice(record.offer, next);
        record.pendingTotal = null;
        store.forcedPrices.delete(record.offer.id);
      }
      return c.json(record.offer);
    })
    .get('/offers/:id/conditions', read, (c) => {
      const record = offerRecord(store, c.get('caller'), c.req.param('id'));
      return c.json(conditionsFor(record.offer, record.brand));
    })
    .post('/orders', write, idempotent(store), async (c) => {
      const caller = c.get('caller');
      const request = await parseBody(c, FlightOrderRequestSchema);
      const record = offerRecord(store, caller, request.offer_id, 'offer_id');
      const now = store.clock.now();
      if (now >= record.expiresAt) throw new ApiError('offer_expired', { param: 'offer_id' });
      if (record.pendingTotal !== null || store.forcedPrices.has(record.offer.id)) {
        throw new ApiError('offer_price_changed', {
          param: 'offer_id',
          message:
            'The offer has not been re-priced since it was found, and its price has changed. Re-price it first.',
        });
      }
      const offer = record.offer;
      const problem = checkPassengersAgainstOffer(request.passengers, offer);
      if (problem)
        throw new ApiError('validation_failed', {
          param: problem.param,
          message: `${problem.param}: ${problem.message}`,
        });
      const owner = ownerOf(caller);
      store.hold(owner, offer.total);
      const id = newId('flightOrder');
      const remaining = [...offer.passengers];
      const fares = new Map<string, { total: typeof offer.total; base: typeof offer.total }>();
      const passengers = request.passengers.map((p) => {
        const index = remaining.findIndex((o) => o.type === p.type);
        const [match] = remaining.splice(index, 1);
        const paxId = match?.id ?? newId('flightPassenger');
        if (match) fares.set(paxId, { total: match.total, base: match.base });
        return {
          id: paxId,
          type: p.type,
          given_name: p.given_name,
          family_name: p.family_name,
          date_of_birth: p.date_of_birth,
          gender: p.gender,
          nationality: p.nationality ?? null,
          national_id: p.national_id ?? null,
          document: p.document
            ? {
                number: p.document.number,
                expires_on: p.document.expires_on,
                country_code: p.document.country_code,
                issued_on: p.document.issued_on ?? null,
              }
            : null,
          ticket_number: null,
        };
      });
      const order: FlightOrder = {
        object: 'flight_order',
        id,
        status: 'held',
        ticketing_deadline: isoSeconds(ticketingDeadline(now, offer)),
        validating_airline: offer.validating_airline,
        total: offer.total,
        contact: request.contact,
        passengers,
        segments: offer.slices.flatMap((slice, sliceIndex) =>
          slice.segments.map((s) => ({ ...s, slice_index: sliceIndex })),
        ),
        notes: [],
        offer_id: offer.id,
        booking_reference: pnr(id),
        client_reference: request.client_reference ?? null,
        created_at: isoSeconds(now),
        refunded_amount: null,
      };
      store.flightOrders.set(id, {
        owner,
        order,
        brand: record.brand,
        fares,
        ticketingStartedAt: null,
        refundedTickets: new Set(),
      });
      return c.json(order, 201);
    })
    .get('/orders/:id', read, (c) => c.json(orderRecord(store, c.get('caller'), c.req.param('id')).order))
    .post('/orders/:id/ticket', write, (c) => {
      const record = orderRecord(store, c.get('caller'), c.req.param('id'));
      if (record.order.status !== 'held') {
        throw new ApiError('invalid_state', {
          message: `Only a held order can be ticketed; this one is ${record.order.status}.`,
        });
      }
      store.mustAfford(record.owner, record.order.total);
      advance(FLIGHT_ORDER_MACHINE, record.order, 'ticket');
      store.spend(record.owner, record.order.total);
      record.ticketingStartedAt = store.clock.now();
      return c.json(record.order);
    })
    .post('/orders/:id/cancellation', write, (c) => {
      const record = orderRecord(store, c.get('caller'), c.req.param('id'));
      if (record.order.status !== 'held') {
        throw new ApiError('invalid_state', {
          message: `Only a held order can be cancelled; this one is ${record.order.status}.`,
        });
      }
      advance(FLIGHT_ORDER_MACHINE, record.order, 'cancel');
      store.release(record.owner, record.order.total);
      return c.json(record.order);
    })
    .get('/orders/:id/refund', read, (c) => {
      const record = orderRecord(store, c.get('caller'), c.req.param('id'));
      if (record.order.status !== 'ticketed') {
        throw new ApiError('invalid_state', {
          message: `Only a ticketed order can be refunded; this one is ${record.order.status}.`,
        });
      }
      return c.json(quoteFor(record, 1));
    })
    .post('/orders/:id/refund', write, async (c) => {
      const record = orderRecord(store, c.get('caller'), c.req.param('id'));
      const request = await parseBody(c, RefundRequestSchema, { optional: true });
      if (record.order.status !== 'ticketed') {
        throw new ApiError('invalid_state', {
          message: `Only a ticketed order can be refunded; this one is ${record.order.status}.`,
        });
      }
      // The sandbox's refund types and payment modes (decision 002); other services offer others.
      const refundType = request.refund_type ?? REFUND_TYPES.voluntary;
      if (refundType !== 1 && refundType !== 2) {
        throw new ApiError('validation_failed', {
          param: 'refund_type',
          message: 'refund_type: must be 1 (voluntary) or 2 (involuntary)',
        });
      }
      if (request.refund_payment_mode !== undefined && request.refund_payment_mode !== 1) {
        throw new ApiError('validation_failed', {
          param: 'refund_payment_mode',
          message: 'refund_payment_mode: must be 1 (wallet)',
        });
      }
      const quote = quoteFor(record, refundType);
      const wanted = request.ticket_numbers ?? quote.tickets.map((t) => t.ticket_number);
      const unknown = wanted.find((n) => !quote.tickets.some((t) => t.ticket_number === n));
      if (unknown) {
        throw new ApiError('validation_failed', {
          param: 'ticket_numbers',
          message: `ticket_numbers: ${unknown} is not an unrefunded ticket of this order`,
        });
      }
      const tickets = quote.tickets.filter((t) => wanted.includes(t.ticket_number));
      const amount = addMoney(...tickets.map((t) => t.refund_amount));
      store.refund(record.owner, amount);
      for (const t of tickets) record.refundedTickets.add(t.ticket_number);
      record.order.refunded_amount = addMoney(record.order.refunded_amount ?? money('0.00'), amount);
      if (unrefundedTickets(record).length === 0) advance(FLIGHT_ORDER_MACHINE, record.order, 'refund');
      const body: Refund = {
        object: 'refund',
        order_id: record.order.id,
        status: 'requested',
        refunded_tickets: tickets.map((t) => t.ticket_number),
        amount,
      };
      return c.json(body);
    })
    .post('/orders/:id/notes', write, async (c) => {
      const record = orderRecord(store, c.get('caller'), c.req.param('id'));
      const request = await parseBody(c, NotesRequestSchema);
      const at = isoSeconds(store.clock.now());
      record.order.notes.push(...request.notes.map((text) => ({ text, created_at: at })));
      return c.json(record.order);
    });
}

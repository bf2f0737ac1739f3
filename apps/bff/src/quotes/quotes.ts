import {
  clientPrice,
  type Environment,
  type FeeContext,
  hotelFeeScope,
  isoInstantOf,
  newId,
  priceActivityBooking,
  type Quote,
  type QuoteOption,
  QuoteOptionRequestSchema,
  type QuoteRequest,
  type QuotesQuery,
  RoomSchema,
  readKnownItems,
} from '@console/contract';
import { type Selectable, sql } from 'kysely';
import { ledgerScope } from '../bookings/index.ts';
import { type Database, type Db, historyReads } from '../db/index.ts';
import { decodeCursor, type Page, pageFrom } from '../platform/pages.ts';
import type { KeysetOrder } from '../platform/search.ts';
import type { SignedInUser } from '../platform/types.ts';
import type { QuotesDeps } from './deps.ts';

type Row = Selectable<Database['quotes']>;
type Priced = Omit<QuoteOption, 'now' | 'fee' | 'client'> & { context: FeeContext };

const NEWEST: KeysetOrder<Row> = {
  name: 'quotes.newest',
  after: (q, key) =>
    key ? q.where(sql<boolean>`(quotes.created_at, quotes.id) < (${String(key[0])}, ${String(key[1])})`) : q,
  sorted: (q) => q.orderBy(sql.ref('quotes.created_at'), 'desc').orderBy(sql.ref('quotes.id'), 'desc'),
  keyOf: (row) => [row.created_at, row.id],
};

/**
 * One option priced now from the service's own answer (the offer, the rate, the activity's day), never from what the
 * browser says it costs: its net, until when it holds, what it is in words, and where booking it starts.
 */
export async function priceOption(d: QuotesDeps, request: unknown): Promise<Priced> {
  const option = QuoteOptionRequestSchema.parse(request);
  const { service } = d.upstream;
  if (option.kind === 'flight') {
    const offer = await service.op.getOffer({ id: option.offer_id });
    const route = offer.slices.map((s) => `${s.origin}→${s.destination}`).join(', ');
    const departs = offer.slices[0]?.segments[0]?.departing_at?.slice(0, 10) ?? '';
    return {
      kind: 'flight',
      request: option,
      label: `Flight ${route}, ${departs}, ${offer.airline_name}, ${offer.cabin_class.replace('_', ' ')}, ${offer.passengers.length} passenger${offer.passengers.length === 1 ? '' : 's'}`,
      net: offer.total,
      expires_at: isoInstantOf(offer.expires_at) ?? null,
      book_path: `/flights/book/${encodeURIComponent(offer.id)}`,
      context: {
        product: 'flight',
        net: offer.total,
        passengers: offer.passengers.length,
        cabin: offer.cabin_class,
      },
    };
  }
  if (option.kind === 'hotel') {
    const rate = await service.op.getRate({ id: option.rate_id });
    const rooms = readKnownItems(RoomSchema, rate.rooms).known.map((r) => r.name);
    return {
      kind: 'hotel',
      request: option,
      label: `${rate.hotel?.name ?? 'Hotel'}: ${rooms.join(' + ') || `${rate.rooms.length} room(s)`}, ${rate.board ?? 'room only'}, ${rate.check_in ?? ''} to ${rate.check_out ?? ''}${rate.refundable ? ', refundable' : ', non-refundable'}`,
      net: rate.total,
      expires_at: null,
      book_path: `/hotels/book/${encodeURIComponent(rate.id)}`,
      context: {
        product: 'hotel',
        net: rate.total,
        nights: rate.nights ?? undefined,
        ...hotelFeeScope(rate.hotel),
      },
    };
  }
  const [product, day] = await Promise.all([
    service.op.activityProduct({ id: option.product_id }),
    service.op.availability({ id: option.product_type_id, query: { date: option.date } }),
  ]);
  const type = product.product_types.find((t) => t.id === option.product_type_id);
  if (!type || !day.available) throw new Error('not bookable on that day');
  const price = priceActivityBooking(day.rates, option.travelers, day.booking_options, undefined);
  const people = [
    `${option.travelers.adults} adult${option.travelers.adults === 1 ? '' : 's'}`,
    ...(option.travelers.children ? [`${option.travelers.children} children`] : []),
    ...(option.travelers.seniors ? [`${option.travelers.seniors} seniors`] : []),
  ].join(', ');
  const params = new URLSearchParams({
    date: option.date,
    adults: String(option.travelers.adults),
    product: product.id,
  });
  if (option.timeslot) params.set('slot', option.timeslot);
  if (option.travelers.children) params.set('children', String(option.travelers.children));
  if (option.travelers.seniors) params.set('seniors', String(option.travelers.seniors));
  return {
    kind: 'activity',
    request: option,
    label: `${product.title}: ${type.title}, ${option.date}${option.timeslot ? ` at ${option.timeslot}` : ''}, ${people}`,
    net: price.total,
    expires_at: null,
    book_path: `/activities/book/${encodeURIComponent(type.id)}?${params}`,
    context: { product: 'activity', net: price.total, activity: product.id },
  };
}

/**
 * Quotes (decision 034): stored with each option's net, fee and client price as quoted, by the office's fee rules then;
 * an agent reaches their own (or the office's, when they see it), found by the start of the client's name.
 */
export class Quotes {
  constructor(private readonly db: Db) {}

  async create(
    d: QuotesDeps,
    input: QuoteRequest,
    user: SignedInUser,
    environment: Environment,
  ): Promise<Quote> {
    const rules = await d.fees.list();
    const options = await Promise.all(
      input.options.map(async (request) => {
        const { context, ...priced } = await priceOption(d, request);
        const { fee, client } = clientPrice(rules, context);
        return { ...priced, fee, client } satisfies QuoteOption;
      }),
    );
    const expiries = options.map((o) => o.expires_at).filter((e): e is string => e !== null);
    const at = new Date().toISOString();
    const row: Row = {
      id: newId('quote'),
      environment,
      agent_id: user.id,
      agent_email: user.email,
      client_name: input.client_name.trim(),
      client_key: input.client_name.trim().toLowerCase(),
      client_email: input.client_email ?? null,
      note: input.note?.trim() || null,
      options: JSON.stringify(options),
      expires_at:
        expiries.length === options.length && expiries.length > 0 ? (expiries.sort().at(-1) ?? null) : null,
      booking_id: null,
      created_at: at,
      updated_at: at,
    };
    await this.db.insertInto('quotes').values(row).execute();
    return toQuote(row);
  }

  async list(query: QuotesQuery, user: SignedInUser, environment: Environment): Promise<Page<Quote>> {
    const key = decodeCursor(query.after, NEWEST.name, ['string', 'string'])?.slice();
    const scope = ledgerScope(user);
    let q = historyReads(this.db).selectFrom('quotes').selectAll().where('environment', '=', environment);
    if (scope.agentId) q = q.where('agent_id', '=', scope.agentId);
    const start = query.q?.trim().toLowerCase();
    // The start of the name, through the client-name index: `>= start and < start + U+FFFF`.
    if (start) q = q.where('client_key', '>=', start).where('client_key', '<', `${start}\uffff`);
    const rows = await NEWEST.sorted(NEWEST.after(q, key))
      .limit(query.limit + 1)
      .execute();
    return pageFrom(rows, query.limit, NEWEST.name, NEWEST.keyOf, toQuote);
  }

  async get(id: string, user: SignedInUser, environment: Environment): Promise<Quote | null> {
    let q = this.db
      .selectFrom('quotes')
      .selectAll()
      .where('id', '=', id)
      .where('environment', '=', environment);
    const scope = ledgerScope(user);
    if (scope.agentId) q = q.where('agent_id', '=', scope.agentId);
    const row = await q.executeTakeFirst();
    return row ? toQuote(row) : null;
  }

  async booked(id: string, bookingId: string): Promise<void> {
    await this.db
      .updateTable('quotes')
      .set({ booking_id: bookingId, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }
}

function toQuote(row: Row): Quote {
  const expired =
    row.booking_id === null && row.expires_at !== null && row.expires_at < new Date().toISOString();
  return {
    id: row.id,
    client_name: row.client_name,
    client_email: row.client_email,
    note: row.note,
    status: row.booking_id ? 'booked' : expired ? 'expired' : 'open',
    agent: { id: row.agent_id, email: row.agent_email },
    booking_id: row.booking_id,
    created_at: row.created_at,
    options: JSON.parse(row.options) as QuoteOption[],
  };
}

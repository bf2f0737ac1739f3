import type {
  ActivityBooking,
  BookingsQuery,
  Environment,
  FlightOrder,
  HotelOrder,
  LedgerEntry,
  Product,
} from '@console/contract';
import { z } from 'zod';
import type { Db } from '../db/index.ts';

const PeopleSchema = z.array(z.string());

import type { SignedInUser } from './types.ts';

interface Facts {
  id: string;
  product: Product;
  status: string;
  total: { amount: string; currency: 'USD' };
  deadline: string | null;
  summary: string;
  people: string[];
  clientReference: string | null;
  extraSearch: string[];
}

/** What the ledger keeps of a flight order: the route, dates and passengers; the ticketing deadline while held. */
export function flightFacts(order: FlightOrder): Facts {
  const first = order.segments[0];
  const byslice = new Map<number, typeof order.segments>();
  for (const s of order.segments) byslice.set(s.slice_index, [...(byslice.get(s.slice_index) ?? []), s]);
  const route = [...byslice.values()]
    .map((segments) => `${segments[0]?.origin}→${segments.at(-1)?.destination}`)
    .join(', ');
  const people = order.passengers.map((p) => `${p.given_name} ${p.family_name}`);
  return {
    id: order.id,
    product: 'flight',
    status: order.status,
    total: order.total,
    deadline: order.status === 'held' ? order.ticketing_deadline : null,
    summary: `${route} · ${first?.departing_at.slice(0, 10) ?? ''} · ${order.validating_airline} · ${people.length} passenger${people.length === 1 ? '' : 's'}`,
    people: [...people, order.contact.email],
    clientReference: order.client_reference ?? null,
    extraSearch: [order.booking_reference ?? '', ...order.passengers.map((p) => p.ticket_number ?? '')],
  };
}

export function hotelFacts(order: HotelOrder): Facts {
  const people = order.rooms.flatMap((r) => r.guests.map((g) => `${g.given_name} ${g.family_name}`));
  return {
    id: order.id,
    product: 'hotel',
    status: order.status,
    total: order.total,
    deadline: order.status === 'held' ? order.payment_deadline : null,
    summary: `${order.hotel.name} · ${order.check_in} to ${order.check_out} · ${order.rooms.length} room${order.rooms.length === 1 ? '' : 's'}`,
    people: [...people, order.contact.email],
    clientReference: order.client_reference ?? null,
    extraSearch: [order.confirmation_number ?? '', order.voucher_number ?? ''],
  };
}

export function activityFacts(booking: ActivityBooking): Facts {
  return {
    id: booking.id,
    product: 'activity',
    status: booking.status,
    total: booking.total,
    deadline: booking.status === 'held' ? (booking.hold_expires_at ?? null) : null,
    summary: `${booking.title} · ${booking.date}${booking.timeslot ? ` ${booking.timeslot}` : ''}`,
    people: [`${booking.customer.given_name} ${booking.customer.family_name}`, booking.customer.email],
    clientReference: booking.client_reference ?? null,
    extraSearch: [booking.code],
  };
}

function searchText(facts: Facts): string {
  return [facts.id, facts.clientReference ?? '', ...facts.people, ...facts.extraSearch, facts.summary]
    .join(' ')
    .toLowerCase();
}

/** Every order and booking made through the console, kept fresh whenever the service tells us more. */
export class Ledger {
  constructor(private readonly db: Db) {}

  /** Records a booking just made, or refreshes one already known. Replays with the same key land on the same row. */
  async record(
    facts: Facts,
    who: SignedInUser,
    environment: Environment,
    idempotencyKey: string | undefined,
  ): Promise<void> {
    const at = new Date().toISOString();
    await this.db
      .insertInto('bookings')
      .values({
        id: facts.id,
        product: facts.product,
        environment,
        agent_id: who.id,
        agent_email: who.email,
        client_reference: facts.clientReference,
        total_amount: facts.total.amount,
        status: facts.status,
        deadline: facts.deadline,
        summary: facts.summary,
        people: JSON.stringify(facts.people),
        search_text: searchText(facts),
        idempotency_key: idempotencyKey ?? null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          status: facts.status,
          deadline: facts.deadline,
          total_amount: facts.total.amount,
          search_text: searchText(facts),
          updated_at: at,
        }),
      )
      .execute();
  }

  /** Refreshes status and deadline of a known booking after the service answered for it; unknown ids are ignored. */
  async refresh(facts: Facts): Promise<void> {
    await this.db
      .updateTable('bookings')
      .set({
        status: facts.status,
        deadline: facts.deadline,
        total_amount: facts.total.amount,
        search_text: searchText(facts),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', facts.id)
      .execute();
  }

  async list(
    query: BookingsQuery,
    scope: { agentId?: string; environment: Environment },
  ): Promise<LedgerEntry[]> {
    let q = this.db.selectFrom('bookings').selectAll().where('environment', '=', scope.environment);
    if (scope.agentId) q = q.where('agent_id', '=', scope.agentId);
    if (query.product) q = q.where('product', '=', query.product);
    if (query.status) q = q.where('status', '=', query.status);
    if (query.agent) q = q.where('agent_email', '=', query.agent.toLowerCase());
    if (query.deadline_before)
      q = q.where('deadline', 'is not', null).where('deadline', '<', query.deadline_before);
    if (query.created_from) q = q.where('created_at', '>=', query.created_from);
    if (query.created_to) q = q.where('created_at', '<', `${query.created_to}T99`);
    if (query.q) {
      for (const word of query.q.toLowerCase().split(/\s+/).filter(Boolean))
        q = q.where('search_text', 'like', `%${word.replace(/[%_\\]/g, (m) => `\\${m}`)}%`);
    }
    q =
      query.sort === 'deadline'
        ? q.orderBy('deadline').orderBy('created_at', 'desc')
        : q.orderBy('created_at', 'desc');
    const rows = await q.limit(query.limit).execute();
    return rows.map((row) => ({
      id: row.id,
      product: row.product,
      environment: row.environment,
      agent: { id: row.agent_id, email: row.agent_email },
      client_reference: row.client_reference,
      total: { amount: row.total_amount, currency: 'USD' as const },
      status: row.status,
      deadline: row.deadline,
      summary: row.summary,
      people: PeopleSchema.parse(JSON.parse(row.people)),
      created_at: row.created_at,
      updated_at: row.updated_at,
    }));
  }

  async owner(id: string): Promise<{ agent_id: string; product: Product } | undefined> {
    return this.db
      .selectFrom('bookings')
      .select(['agent_id', 'product'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}

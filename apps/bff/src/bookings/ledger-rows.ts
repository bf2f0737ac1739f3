import type { LedgerEntry } from '@console/contract';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/index.ts';

/** The ledger's row as read (everything but its search document), and the entry the console shows of it. */

/** A ledger row's people, as stored (JSON). */
export const PeopleSchema = z.array(z.string());

export type LedgerRow = Omit<
  Selectable<Database['bookings']>,
  'search_doc' | 'watched' | 'travel_on' | 'next_check_at' | 'status_since' | 'service_updated_at'
>;

export /** The ledger's columns as the desk reads them (not the search document). */
const LEDGER_COLUMNS = [
  'bookings.id',
  'bookings.product',
  'bookings.environment',
  'bookings.agent_id',
  'bookings.agent_email',
  'bookings.client_reference',
  'bookings.reference',
  'bookings.total_amount',
  'bookings.status',
  'bookings.deadline',
  'bookings.summary',
  'bookings.people',
  'bookings.search_text',
  'bookings.idempotency_key',
  'bookings.created_at',
  'bookings.updated_at',
  'bookings.fee_amount',
  'bookings.client_amount',
  'bookings.fee_rule_id',
  'bookings.fee_reason',
  'bookings.fee_cents',
  'bookings.client_cents',
  'bookings.checked_at',
] as const;

export function toEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    product: row.product,
    environment: row.environment,
    agent: { id: row.agent_id, email: row.agent_email },
    client_reference: row.client_reference,
    reference: row.reference,
    total: { amount: row.total_amount, currency: 'USD' as const },
    status: row.status,
    deadline: row.deadline,
    summary: row.summary,
    people: PeopleSchema.parse(JSON.parse(row.people)),
    created_at: row.created_at,
    updated_at: row.updated_at,
    price:
      row.fee_amount !== null && row.client_amount !== null
        ? {
            fee: { amount: row.fee_amount, currency: 'USD' as const },
            client: { amount: row.client_amount, currency: 'USD' as const },
            rule_id: row.fee_rule_id,
            fee_reason: row.fee_reason,
          }
        : null,
    checked_at: row.checked_at,
  };
}

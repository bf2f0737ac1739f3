import {
  type ActivityAnswersSent,
  ActivityAnswersSentSchema,
  ActivityBookingRequestSchema,
} from '@console/contract';
import { z } from 'zod';

/**
 * What the console keeps of an activity booking's request once the booking is in the ledger (decision 044): the
 * answers to the activity's questions, the customer's contact and the travellers, as sent. The service's booking does
 * not echo them, and the agent must see what they typed. A file or an image is kept by its name and type only: its
 * bytes went to the service and are not the console's to hold.
 */
export function keptOfActivityRequest(request: unknown): { sent: Omit<ActivityAnswersSent, 'kept'> } | null {
  const parsed = ActivityBookingRequestSchema.safeParse(request);
  if (!parsed.success) return null;
  const body = parsed.data;
  const answer = (a: { id: string; value: z.core.util.JSONType }) => ({
    id: a.id,
    value: withoutBytes(a.value),
  });
  return {
    sent: {
      product_type_id: body.product_type_id,
      date: body.date,
      travelers: body.travelers,
      customer: {
        salutation: body.customer.salutation ?? null,
        given_name: body.customer.given_name,
        family_name: body.customer.family_name,
        email: body.customer.email,
        phone: body.customer.phone ?? null,
      },
      options: body.options
        ? {
            per_booking: body.options.per_booking.map(answer),
            per_pax: body.options.per_pax.map((list) => list.map(answer)),
          }
        : { per_booking: [], per_pax: [] },
    },
  };
}

/** A file's answer without its content: `{ file_name, content_type }`. */
function withoutBytes(value: z.core.util.JSONType): z.core.util.JSONType {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !('data_base64' in value))
    return value;
  const { data_base64: _bytes, ...rest } = value;
  return rest;
}

const NOTHING_KEPT: ActivityAnswersSent = {
  kept: false,
  product_type_id: null,
  date: null,
  travelers: null,
  customer: null,
  options: null,
};

const KeptSchema = z.object({ sent: ActivityAnswersSentSchema.omit({ kept: true }) });

/** The answers as kept in an intent's request column, or "nothing kept" (an intent completed before they were). */
export function sentAnswersOf(stored: string | null | undefined): ActivityAnswersSent {
  if (!stored) return NOTHING_KEPT;
  let json: unknown;
  try {
    json = JSON.parse(stored);
  } catch {
    return NOTHING_KEPT;
  }
  const kept = KeptSchema.safeParse(json);
  return kept.success ? { kept: true, ...kept.data.sent } : NOTHING_KEPT;
}

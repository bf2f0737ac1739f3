import { z } from 'zod';
import { MoneySchema } from './money.ts';

/**
 * The actions beside a change (decision 054), each in the agent's words on screen: what fits the change's kind and
 * state is offered on the change itself (`actions`), so the list, the booking's page and the e-mail's link offer the
 * same ones.
 */
export const CHANGE_ACTIONS = [
  /** A schedule or date change: the client accepts the new times (a flight's order also gets a note). */
  'accept',
  /** A schedule or date change: the product's search, filled from the booking; the new hold replaces the old one. */
  'rebook',
  /** The service's quote first, then the booking cancelled (and refunded where the product needs it). */
  'cancel_refund',
  /** A hold that lapsed: the same search, travellers and answers, filled; the new hold replaces the lapsed one. */
  'book_again',
  /** Cancelled or refunded outside the console, or unknown to the service: a message for the client. */
  'tell_client',
] as const;
export const ChangeActionSchema = z.enum(CHANGE_ACTIONS);
export type ChangeAction = z.infer<typeof ChangeActionSchema>;

/** What an action did, kept on the change (tolerant to read: a newer console may say more). */
export const ChangeOutcomeSchema = z.looseObject({
  action: ChangeActionSchema,
  at: z.string(),
  by: z.string(),
  /** accept on a flight: the note the service now carries on the order. */
  note_sent: z.string().nullish(),
  /** rebook / book_again: the new booking. */
  booking_id: z.string().nullish(),
  /** cancel_refund: the booking's status after, what came back to the wallet and what was kept, as the service said. */
  status: z.string().nullish(),
  refunded: MoneySchema.nullish(),
  penalty: MoneySchema.nullish(),
  /** rebook: the old booking cancelled afterwards, with its amounts. */
  cancelled: z
    .looseObject({
      status: z.string().nullish(),
      refunded: MoneySchema.nullish(),
      penalty: MoneySchema.nullish(),
    })
    .nullish(),
  /** tell_client: to whom it was e-mailed (null: the agent copied it). */
  emailed_to: z.string().nullish(),
});
export type ChangeOutcome = z.infer<typeof ChangeOutcomeSchema>;

/** The body of `POST /api/changes/{id}/actions/{action}`; the answer is the change as it is after. */
export const ChangeActionRequestSchema = z
  .object({
    note: z.string().trim().max(1000, { error: 'is at most 1000 characters' }).default(''),
    /** rebook and book_again: the new booking, held (from the search the action opened). */
    booking_id: z.string().trim().min(1).max(200).optional(),
    /** cancel_refund on a ticketed flight: the refund type the service offered in its quote, sent back as it came. */
    refund_type: z.number({ error: 'must be a whole number' }).int().optional(),
    /** tell_client: e-mail the message to the booking's contact (else the agent copied it). */
    send_email: z.boolean().default(false),
  })
  .strict();
export type ChangeActionRequest = z.input<typeof ChangeActionRequestSchema>;

/**
 * The service's own quote before a cancel and refund (`GET /api/changes/{id}/quote`): a flight's refund quote, a hotel's
 * cancellation quote, a held booking's release, or none where the service offers none (an activity).
 */
export const CancelQuoteSchema = z.object({
  booking_id: z.string(),
  product: z.enum(['flight', 'hotel', 'activity']),
  /** The booking's status on the service now. */
  status: z.string(),
  kind: z.enum(['refund_quote', 'cancellation_quote', 'hold_release', 'none']),
  /** What happens, in words: what comes back, how, what is kept. */
  words: z.string(),
  total: MoneySchema,
  refund: MoneySchema.nullable(),
  penalty: MoneySchema.nullable(),
  /** Until when the service holds to its quote, as it wrote it. */
  expires_at: z.string().nullable(),
  /** The flight's refund type as the service offered it: sent back as it came. */
  refund_type: z.number().int().nullable(),
  /** Per ticket, where the quote says (the passenger or ticket, and what comes back). */
  lines: z.array(z.object({ label: z.string(), refund: MoneySchema.nullable() })),
});
export type CancelQuote = z.infer<typeof CancelQuoteSchema>;

/** The message for the client (`GET /api/changes/{id}/message`): to copy, or to e-mail when the console can. */
export const ClientMessageSchema = z.object({
  /** The booking's contact, when the ledger knows one. */
  to: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  /** The console has a mail server and the booking an address: it can be sent from here. */
  can_email: z.boolean(),
});
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

/** A traveller of the booking, as its read says them, to fill the new booking's form. */
export const RebookTravellerSchema = z.object({
  type: z.enum(['adult', 'child', 'infant']),
  given_name: z.string(),
  family_name: z.string(),
  date_of_birth: z.string().nullable(),
  gender: z.string().nullable(),
  nationality: z.string().nullable(),
});
export type RebookTraveller = z.infer<typeof RebookTravellerSchema>;

/**
 * What a rebooking or a booking again starts from (`GET /api/changes/{id}/plan`): the product's search as the booking
 * had it (dates around the new times), the travellers and the contact, from the ledger and the booking's own read.
 */
export const RebookPlanSchema = z.object({
  change_id: z.string(),
  booking_id: z.string(),
  action: z.enum(['rebook', 'book_again']),
  product: z.enum(['flight', 'hotel', 'activity']),
  /** flight: from, to, depart, adults, children, infants, cabin; hotel: hotel_id, check_in, check_out, adults, rooms;
   * activity: product_type_id, product_id, title, date, timeslot. Plain strings, as a search's URL holds them. */
  search: z.record(z.string(), z.string()),
  travellers: z.array(RebookTravellerSchema),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  client_reference: z.string().nullable(),
  /** What could not be read from the booking, in words ("birth dates: the service does not show them"). */
  missing: z.array(z.string()),
});
export type RebookPlan = z.infer<typeof RebookPlanSchema>;

/** A booking linked to another by a rebooking (replaces / replaced by), as the ledger has it. */
export const LinkedBookingSchema = z.object({
  id: z.string(),
  product: z.enum(['flight', 'hotel', 'activity']),
  reference: z.string().nullable(),
  status: z.string().nullable(),
  summary: z.string().nullable(),
  change_id: z.string(),
  linked_at: z.string(),
  linked_by: z.string(),
});
export type LinkedBooking = z.infer<typeof LinkedBookingSchema>;

/** `GET /api/bookings/{id}/links`: what this booking replaces, and what replaced it. */
export const BookingLinksSchema = z.object({
  replaces: z.array(LinkedBookingSchema),
  replaced_by: z.array(LinkedBookingSchema),
});
export type BookingLinks = z.infer<typeof BookingLinksSchema>;

import { z } from 'zod';
import { TravelersSchema } from './activity-options.ts';
import { MoneySchema } from './money.ts';
import { PageQueryShape, pageSchema } from './pages.ts';
import { DateSchema, DateTimeSchema, EmailSchema } from './primitives.ts';

/**
 * Quotes (issue 36; decision 034): up to five options — flight offers, hotel rates, activity options — gathered for a
 * client, priced at the client's price by the office's fee rules (never the net on anything the client sees), each
 * saying until when its price holds. A module of its own: only the quote screens carry it.
 */

export const QUOTE_KINDS = ['flight', 'hotel', 'activity'] as const;
export type QuoteKind = (typeof QUOTE_KINDS)[number];

/** An option as the agent picks it: what to price; the console reads its price from the service. */
export const QuoteOptionRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('flight'), offer_id: z.string().trim().min(1).max(200) }).strict(),
  z.object({ kind: z.literal('hotel'), rate_id: z.string().trim().min(1).max(200) }).strict(),
  z
    .object({
      kind: z.literal('activity'),
      product_id: z.string().trim().min(1).max(200),
      product_type_id: z.string().trim().min(1).max(200),
      date: DateSchema,
      timeslot: z.string().trim().max(20).nullish(),
      travelers: TravelersSchema,
    })
    .strict(),
]);
export type QuoteOptionRequest = z.input<typeof QuoteOptionRequestSchema>;

export const QuoteRequestSchema = z
  .object({
    client_name: z.string().trim().min(1, { error: 'is required' }).max(120),
    client_email: EmailSchema.optional(),
    note: z.string().trim().max(1000).optional(),
    options: z
      .array(QuoteOptionRequestSchema)
      .min(1, { error: 'add at least one option' })
      .max(5, { error: 'a quote holds at most five options' }),
  })
  .strict();
export type QuoteRequest = z.input<typeof QuoteRequestSchema>;

export const QuoteOptionSchema = z.object({
  kind: z.enum(QUOTE_KINDS),
  request: z.record(z.string(), z.unknown()),
  /** What it is, in words: the flight, the room and stay, the activity and its day. */
  label: z.string(),
  net: MoneySchema,
  fee: MoneySchema,
  client: MoneySchema,
  /** Until when the price holds, as the service says (the offer's own expiry); null when it says none. */
  expires_at: z.string().nullable(),
  /** Where the usual booking flow for this option starts. */
  book_path: z.string(),
  /** Read again when the quote is opened: its client price now, or that it can no longer be had. */
  now: z
    .object({ available: z.boolean(), client: MoneySchema.nullable(), net: MoneySchema.nullable() })
    .optional(),
});
export type QuoteOption = z.infer<typeof QuoteOptionSchema>;

export const QUOTE_STATUSES = ['open', 'booked', 'expired'] as const;
export const QuoteSchema = z.object({
  id: z.string(),
  client_name: z.string(),
  client_email: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(QUOTE_STATUSES),
  agent: z.object({ id: z.string(), email: z.string() }),
  booking_id: z.string().nullable(),
  created_at: DateTimeSchema,
  options: z.array(QuoteOptionSchema),
});
export type Quote = z.infer<typeof QuoteSchema>;
export const QuoteListSchema = pageSchema(QuoteSchema);

export const QuotesQuerySchema = z.object({
  /** The start of the client's name, any case. */
  q: z.string().trim().max(120).optional(),
  ...PageQueryShape,
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type QuotesQuery = z.infer<typeof QuotesQuerySchema>;

export const QuoteBookedRequestSchema = z.object({ booking_id: z.string().trim().min(1).max(200) }).strict();

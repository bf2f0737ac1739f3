import { z } from 'zod';
import { BookingOptionsAnswersSchema, BookingOptionsSchema, TravelersSchema } from './activity-options.ts';
import { idSchema } from './ids.ts';
import { MoneySchema } from './money.ts';
import {
  ClientReferenceSchema,
  DateSchema,
  EmailSchema,
  PersonNameSchema,
  PhoneSchema,
  queryInt,
} from './primitives.ts';
import { extra, OpaqueIdSchema, OpenListSchema, OpenSchema, ReadDateTimeSchema, TextSchema } from './read.ts';

/**
 * Activities as the service offers them: products, availability and bookings. What a booking asks of the traveller
 * (booking options, answers, traveller categories) is in activity-options.ts.
 */

// ---------- products ----------

/** Accepted values of the product list's `sort` (not shown in the spec; docs/decisions/002). */
export const ACTIVITY_SORTS = ['popularity', 'price_asc', 'price_desc', 'title'] as const;
export const ActivitySortSchema = z.enum(ACTIVITY_SORTS);
export type ActivitySort = z.infer<typeof ActivitySortSchema>;

export const ACTIVITY_LIST_LIMIT = { default: 20, max: 100 } as const;

const queryPrice = z.coerce.number({ error: 'must be a number' }).min(0, { error: 'must be 0 or more' });

export const ActivityProductsQuerySchema = z
  .object({
    query: z.string().trim().max(100).optional(),
    city: z.string().trim().max(100).optional(),
    country: z.string().trim().max(100).optional(),
    category: z.string().trim().max(100).optional(),
    language: z
      .string()
      .regex(/^[a-z]{2}(-[A-Z]{2})?$/, { error: 'must be a language tag like en or de-DE' })
      .optional(),
    min_price: queryPrice.optional(),
    max_price: queryPrice.optional(),
    /** Any string: the accepted values are not shown in the document; the console's menu is a convenience. */
    sort: z.string().trim().min(1).max(50).optional(),
    limit: queryInt(1, ACTIVITY_LIST_LIMIT.max).default(ACTIVITY_LIST_LIMIT.default),
    after: z.string().min(1).max(200).optional(),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    error: 'must not be below min_price',
    path: ['max_price'],
  });
export type ActivityProductsQuery = z.infer<typeof ActivityProductsQuerySchema>;

export const ActivityProductTypeSchema = z.object({
  object: z.literal('activity_product_type'),
  id: idSchema('activityProductType'),
  title: TextSchema,
  title_translated: TextSchema.nullish(),
});
export type ActivityProductType = z.infer<typeof ActivityProductTypeSchema>;

export const ActivityProductSchema = z.object({
  object: z.literal('activity_product'),
  id: idSchema('activityProduct'),
  title: TextSchema,
  title_translated: TextSchema.nullish(),
  description: TextSchema.nullish(),
  type: TextSchema.nullish(),
  city: TextSchema.nullish(),
  country: TextSchema.nullish(),
  image_url: TextSchema.nullish(),
  from: MoneySchema,
  images: z.array(z.string()),
  categories: z.array(z.string()),
  product_types: z.array(ActivityProductTypeSchema),
});
export type ActivityProduct = z.infer<typeof ActivityProductSchema>;

/** A product's pictures as its page shows them: its images, or its one image_url when it lists none. */
export const productImages = (product: Pick<ActivityProduct, 'images' | 'image_url'>): string[] =>
  product.images.length ? product.images : product.image_url ? [product.image_url] : [];

export const ActivityProductListSchema = z.object({
  object: z.literal('activity_product_list'),
  data: z.array(ActivityProductSchema),
  total: z.number().int().min(0),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});
export type ActivityProductList = z.infer<typeof ActivityProductListSchema>;

// ---------- availability ----------

export const ActivityAvailabilityQuerySchema = z.object({ date: DateSchema.optional() });

export const ActivityAvailabilitySchema = z.object({
  object: z.literal('activity_availability'),
  product_type_id: TextSchema,
  timezone: TextSchema,
  /** The asked date; null when no date was asked (then `dates` lists the bookable dates). */
  date: TextSchema.nullish(),
  weekday: TextSchema.nullish(),
  available: z.boolean(),
  /** Categories are strings, read by meaning (`travelerCategoryOf`); `quantity` null is no limit. */
  capacity: z.array(z.object({ category: TextSchema, quantity: z.number().int().nullable() })),
  dates: z.array(z.object({ date: TextSchema })),
  timeslots: z.array(z.object({ start_time: TextSchema })),
  rates: z.array(z.object({ category: TextSchema, price: MoneySchema })),
  booking_options: BookingOptionsSchema,
});
export type ActivityAvailability = z.infer<typeof ActivityAvailabilitySchema>;

// ---------- bookings ----------

export const CustomerInputSchema = z
  .object({
    given_name: PersonNameSchema,
    family_name: PersonNameSchema,
    email: EmailSchema,
    salutation: z.enum(['mr', 'mrs', 'ms', 'mx', 'dr']).optional(),
    phone: PhoneSchema.optional(),
  })
  .strict();
export type CustomerInput = z.infer<typeof CustomerInputSchema>;

/**
 * The booking request, statically checked. Whether `options` fits the activity's booking_options is checked
 * with bookingOptionsAnswersSchemaFor once the availability is known.
 */
export const ActivityBookingRequestSchema = z
  .object({
    product_type_id: idSchema('activityProductType'),
    date: DateSchema,
    /** The start_time string the availability answer gave, sent back as it came. */
    timeslot: z.string().min(1).max(50).optional(),
    travelers: TravelersSchema,
    customer: CustomerInputSchema,
    client_reference: ClientReferenceSchema.optional(),
    options: BookingOptionsAnswersSchema.optional(),
  })
  .strict();
export type ActivityBookingRequest = z.input<typeof ActivityBookingRequestSchema>;
export type ParsedActivityBookingRequest = z.output<typeof ActivityBookingRequestSchema>;

export const ACTIVITY_BOOKING_STATUSES = ['held', 'confirmed', 'issued', 'cancelled', 'refunded'] as const;
export const ActivityBookingStatusSchema = z.enum(ACTIVITY_BOOKING_STATUSES);
export type ActivityBookingStatus = z.infer<typeof ActivityBookingStatusSchema>;

export const ActivityBookingsQuerySchema = z.object({
  status: ActivityBookingStatusSchema.optional(),
  email: z.string().trim().min(1).max(254).optional(),
  limit: queryInt(1, ACTIVITY_LIST_LIMIT.max).default(ACTIVITY_LIST_LIMIT.default),
  after: z.string().min(1).max(200).optional(),
});
export type ActivityBookingsQuery = z.infer<typeof ActivityBookingsQuerySchema>;

export const ActivityBookingSummarySchema = z.object({
  object: z.literal('activity_booking_summary'),
  id: idSchema('activityBooking'),
  status: TextSchema,
  code: TextSchema.nullish(),
  partner_reference: TextSchema.nullish(),
  product_type_id: TextSchema.nullish(),
  product_id: TextSchema.nullish(),
  created_at: TextSchema.nullish(),
  updated_at: TextSchema.nullish(),
});
export type ActivityBookingSummary = z.infer<typeof ActivityBookingSummarySchema>;

export const ActivityBookingListSchema = z.object({
  object: z.literal('activity_booking_list'),
  data: z.array(ActivityBookingSummarySchema),
  has_more: z.boolean(),
  next_cursor: TextSchema.nullish(),
});
export type ActivityBookingList = z.infer<typeof ActivityBookingListSchema>;

/** A breakdown line as our sandbox sends it (not shown in the document). */
export const BreakdownLineSchema = z.object({
  label: z.string(),
  category: z.string().nullish(),
  quantity: z.number().int(),
  unit_price: MoneySchema.nullish(),
  amount: MoneySchema,
});
export type BreakdownLine = z.infer<typeof BreakdownLineSchema>;

/** The customer as our sandbox sends it (not shown in the document): the request's fields. */
export const CustomerSchema = z.object({
  salutation: z.string().nullish(),
  given_name: z.string(),
  family_name: z.string(),
  email: z.string(),
  phone: z.string().nullish(),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** An activity booking as the document states it; `status` is any string (the five listed are known). */
export const ActivityBookingSchema = z.object({
  object: z.literal('activity_booking'),
  id: idSchema('activityBooking'),
  code: TextSchema.nullish(),
  product_type_id: TextSchema,
  title: TextSchema,
  date: TextSchema,
  timeslot: TextSchema.nullish(),
  status: TextSchema,
  total: MoneySchema,
  breakdown: OpenListSchema,
  customer: OpenSchema,
  created_at: ReadDateTimeSchema,
  /** Beyond the document's list: used when there and readable (decision 013). */
  product_id: extra(TextSchema),
  client_reference: extra(z.string().nullable()),
  travelers: extra(
    z.object({ adults: z.number().int(), children: z.number().int(), seniors: z.number().int() }),
  ),
  hold_expires_at: extra(z.string().nullable()),
  updated_at: extra(z.string()),
});
export type ActivityBooking = z.infer<typeof ActivityBookingSchema>;

/**
 * What the console sent when it made an activity booking (decision 044), kept with its booking intent: the service's
 * booking does not echo the answers to the activity's questions, nor always the customer's phone. `kept` false: the
 * console kept nothing for this booking (made before it kept them, or outside the console), and every other field is
 * null. A file's or an image's answer is kept by its name and type, not its bytes.
 */
export const ActivityAnswersSentSchema = z.object({
  kept: z.boolean(),
  product_type_id: z.string().nullable(),
  date: z.string().nullable(),
  travelers: z
    .object({ adults: z.number().int(), children: z.number().int(), seniors: z.number().int() })
    .nullable(),
  customer: z
    .object({
      salutation: z.string().nullish(),
      given_name: z.string(),
      family_name: z.string(),
      email: z.string(),
      phone: z.string().nullish(),
    })
    .nullable(),
  options: z
    .object({
      per_booking: z.array(z.object({ id: z.string(), value: z.json() })),
      per_pax: z.array(z.array(z.object({ id: z.string(), value: z.json() }))),
    })
    .nullable(),
});
export type ActivityAnswersSent = z.infer<typeof ActivityAnswersSentSchema>;

export const ActivityVoucherSchema = z.object({
  object: z.literal('activity_voucher'),
  id: OpaqueIdSchema,
  visual_id: TextSchema,
  generated_at: ReadDateTimeSchema,
  download_url: TextSchema,
});
export type ActivityVoucher = z.infer<typeof ActivityVoucherSchema>;

export const ActivityVoucherListSchema = z.object({
  object: z.literal('activity_voucher_list'),
  booking_id: TextSchema,
  data: z.array(ActivityVoucherSchema),
});
export type ActivityVoucherList = z.infer<typeof ActivityVoucherListSchema>;

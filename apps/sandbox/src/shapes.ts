import {
  ActivityBookingSchema,
  ActivityBookingStatusSchema,
  ActivityProductSchema,
  ActivityProductTypeSchema,
  BreakdownLineSchema,
  CabinClassSchema,
  CancellationPolicySchema,
  CancellationSchema,
  ContactSchema,
  CoordinatesSchema,
  CustomerSchema,
  DateSchema,
  DateTimeSchema,
  FlightOfferSchema,
  FlightOrderSchema,
  FlightOrderStatusSchema,
  FlightPlaceSchema,
  FlightSearchSchema,
  FlightSegmentSchema,
  FlightSliceSchema,
  HOTEL_ORDER_STATUSES,
  HOTEL_PLACE_TYPES,
  HotelAddressSchema,
  HotelCitySearchSchema,
  HotelContactSchema,
  HotelHotelSearchSchema,
  HotelLocationSchema,
  HotelOrderRoomSchema,
  HotelOrderSchema,
  HotelPlaceSchema,
  HotelRateSchema,
  HotelSchema,
  HotelSummarySchema,
  idSchema,
  MoneySchema,
  OfferPassengerSchema,
  OrderNoteSchema,
  OrderPassengerSchema,
  OrderSegmentSchema,
  RefundQuoteSchema,
  RefundQuoteTicketSchema,
  RoomSchema,
} from '@console/contract';
import { z } from 'zod';

/**
 * The sandbox's own choices at every point the document leaves open (decision 002), as strict schemas: what this
 * sandbox produces and what its tests check. The console reads answers with the contract's tolerant schemas and
 * must never depend on these (decision 013).
 */

export const FlightPlaceShape = FlightPlaceSchema.extend({ type: z.enum(['city', 'airport']) });
export type FlightPlace = z.infer<typeof FlightPlaceShape>;

export const FlightSegmentShape = FlightSegmentSchema.extend({
  departing_at: DateTimeSchema,
  arriving_at: DateTimeSchema,
  cabin_class: CabinClassSchema,
});
export type FlightSegment = z.infer<typeof FlightSegmentShape>;
export const FlightSliceShape = FlightSliceSchema.extend({ segments: z.array(FlightSegmentShape).min(1) });
export type FlightSlice = z.infer<typeof FlightSliceShape>;

export const FlightOfferShape = FlightOfferSchema.extend({
  cabin_class: CabinClassSchema,
  passengers: z.array(OfferPassengerSchema),
  slices: z.array(FlightSliceShape).min(1),
  expires_at: DateTimeSchema.optional(),
});
export type FlightOffer = z.infer<typeof FlightOfferShape>;
export const FlightSearchShape = FlightSearchSchema.extend({ offers: z.array(FlightOfferShape) });

export const FlightOrderShape = FlightOrderSchema.extend({
  id: idSchema('flightOrder'),
  status: FlightOrderStatusSchema,
  ticketing_deadline: DateTimeSchema,
  contact: ContactSchema,
  passengers: z.array(
    OrderPassengerSchema.extend({ id: idSchema('flightPassenger'), ticket_number: z.string().nullable() }),
  ),
  segments: z.array(OrderSegmentSchema.extend({ departing_at: DateTimeSchema, arriving_at: DateTimeSchema })),
  notes: z.array(OrderNoteSchema),
  offer_id: idSchema('offer').optional(),
  booking_reference: z.string().nullable().optional(),
  client_reference: z.string().nullable().optional(),
  created_at: DateTimeSchema.optional(),
  refunded_amount: MoneySchema.nullable().optional(),
});
export type FlightOrder = z.infer<typeof FlightOrderShape>;

export const RefundQuoteShape = RefundQuoteSchema.extend({ tickets: z.array(RefundQuoteTicketSchema) });
export type RefundQuote = z.infer<typeof RefundQuoteShape>;

export const HotelPlaceShape = HotelPlaceSchema.extend({
  type: z.enum(HOTEL_PLACE_TYPES),
  coordinates: CoordinatesSchema.nullable(),
});
export type HotelPlace = z.infer<typeof HotelPlaceShape>;

export const HotelShape = HotelSchema.extend({
  chain: z.string(),
  rating: z.number(),
  review_score: z.number().nullable(),
  address: HotelAddressSchema,
  contact: HotelContactSchema,
  location: HotelLocationSchema,
});
export type Hotel = z.infer<typeof HotelShape>;

export const CancellationShape = CancellationSchema.extend({ policies: z.array(CancellationPolicySchema) });
export type Cancellation = z.infer<typeof CancellationShape>;

export const HotelSummaryShape = HotelSummarySchema.extend({
  address: HotelAddressSchema,
  location: HotelLocationSchema.nullable(),
});
export type HotelSummary = z.infer<typeof HotelSummaryShape>;

export const HotelRateShape = HotelRateSchema.extend({
  hotel: HotelShape.optional(),
  rooms: z.array(RoomSchema),
  cancellation: CancellationShape,
});
export type HotelRate = z.infer<typeof HotelRateShape>;

export const HotelCitySearchShape = HotelCitySearchSchema.extend({
  offers: z.array(HotelSummaryShape),
  total: z.number().int(),
});
export type HotelCitySearch = z.infer<typeof HotelCitySearchShape>;
export const HotelHotelSearchShape = HotelHotelSearchSchema.extend({
  hotel: HotelShape,
  offers: z.array(HotelRateShape),
});
export type HotelHotelSearch = z.infer<typeof HotelHotelSearchShape>;

export const HotelOrderShape = HotelOrderSchema.extend({
  id: idSchema('hotelOrder'),
  status: z.enum(HOTEL_ORDER_STATUSES),
  payment_deadline: DateTimeSchema,
  check_in: DateSchema,
  check_out: DateSchema,
  hotel: HotelShape,
  contact: ContactSchema,
  rooms: z.array(HotelOrderRoomSchema),
  cancellation: CancellationShape,
});
export type HotelOrder = z.infer<typeof HotelOrderShape>;

export const ActivityProductShape = ActivityProductSchema.extend({
  title_translated: z.string().nullable(),
  description: z.string(),
  type: z.string(),
  city: z.string(),
  country: z.string(),
  image_url: z.string(),
  product_types: z.array(ActivityProductTypeSchema),
});
export type ActivityProduct = z.infer<typeof ActivityProductShape>;

export const ActivityBookingShape = ActivityBookingSchema.extend({
  code: z.string(),
  status: ActivityBookingStatusSchema,
  breakdown: z.array(BreakdownLineSchema),
  customer: CustomerSchema,
  created_at: DateTimeSchema,
});
export type ActivityBooking = z.infer<typeof ActivityBookingShape>;

import {
  ActivityAvailabilityQuerySchema,
  ActivityAvailabilitySchema,
  ActivityBookingListSchema,
  ActivityBookingRequestSchema,
  ActivityBookingSchema,
  ActivityBookingsQuerySchema,
  ActivityProductListSchema,
  ActivityProductSchema,
  ActivityProductsQuerySchema,
  ActivityVoucherListSchema,
} from './activities.ts';
import type { Operation } from './operation.ts';

/** Activities: products, availability, bookings and vouchers (see operations.ts). */
export const ACTIVITY_OPERATIONS = {
  activityProducts: {
    method: 'GET',
    path: '/activities/products',
    scope: 'activities:read',
    effect: 'read',
    query: ActivityProductsQuerySchema,
    response: ActivityProductListSchema,
  },
  activityProduct: {
    method: 'GET',
    path: '/activities/products/{id}',
    scope: 'activities:read',
    effect: 'read',
    response: ActivityProductSchema,
  },
  availability: {
    method: 'GET',
    path: '/activities/product-types/{id}/availability',
    scope: 'activities:read',
    effect: 'read',
    query: ActivityAvailabilityQuerySchema,
    response: ActivityAvailabilitySchema,
  },
  activityBookings: {
    method: 'GET',
    path: '/activities/bookings',
    scope: 'activities:read',
    effect: 'read',
    query: ActivityBookingsQuerySchema,
    response: ActivityBookingListSchema,
  },
  createActivityBooking: {
    method: 'POST',
    path: '/activities/bookings',
    scope: 'activities:write',
    effect: 'create',
    body: ActivityBookingRequestSchema,
    response: ActivityBookingSchema,
    status: 201,
  },
  getActivityBooking: {
    method: 'GET',
    path: '/activities/bookings/{id}',
    scope: 'activities:read',
    effect: 'read',
    response: ActivityBookingSchema,
  },
  confirmActivityBooking: {
    method: 'POST',
    path: '/activities/bookings/{id}/confirm',
    scope: 'activities:write',
    effect: 'act',
    response: ActivityBookingSchema,
  },
  cancelActivityBooking: {
    method: 'POST',
    path: '/activities/bookings/{id}/cancel',
    scope: 'activities:write',
    effect: 'act',
    response: ActivityBookingSchema,
  },
  vouchers: {
    method: 'GET',
    path: '/activities/bookings/{id}/vouchers',
    scope: 'activities:read',
    effect: 'read',
    response: ActivityVoucherListSchema,
  },
} as const satisfies Record<string, Operation>;

/** A voucher's PDF: not JSON, downloaded as bytes. */
export const DOWNLOAD_VOUCHER = {
  method: 'GET',
  path: '/activities/bookings/{id}/vouchers/{voucher}/download',
  scope: 'activities:read',
  effect: 'read',
} as const;

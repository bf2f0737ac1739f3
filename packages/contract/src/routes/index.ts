/**
 * The console's own routes, declared once per area (decision 055). Each area's file exports one declaration per route
 * and is imported here as a namespace (`walletApi.statement`), so a bundle keeps only the declarations it calls.
 */

export * as accountApi from './account.ts';
export * as adminUsersApi from './admin-users.ts';
export * as auditApi from './audit.ts';
export * as authApi from './auth.ts';
export * as bookingsApi from './bookings.ts';
export * as changesApi from './changes.ts';
export * as consoleApi from './console.ts';
export * as pricingApi from './pricing.ts';
export * as proofApi from './proof.ts';
export * as quotesApi from './quotes.ts';
export * as reportsApi from './reports.ts';
export * as signOutApi from './sign-out.ts';
export * as travellersApi from './travellers.ts';
export * as tripsApi from './trips.ts';
export * as upstreamApi from './upstream.ts';
export * as walletApi from './wallet.ts';

export * from './bookings.ts';
export * from './wallet.ts';

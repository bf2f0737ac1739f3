import type { z } from 'zod';
import { ACCOUNT_OPERATIONS } from './operations-account.ts';
import { ACTIVITY_OPERATIONS } from './operations-activities.ts';
import { FLIGHT_OPERATIONS } from './operations-flights.ts';
import { HOTEL_OPERATIONS } from './operations-hotels.ts';

/**
 * Every v3 operation the console uses, as the document's endpoint tables give them, declared once per product
 * (operations-*.ts: a screen imports only its product's table and schemas). The streamed search and the voucher PDF
 * are special transports, declared beside their product's table for their path and scope.
 */
export const OPERATIONS = {
  ...ACCOUNT_OPERATIONS,
  ...FLIGHT_OPERATIONS,
  ...HOTEL_OPERATIONS,
  ...ACTIVITY_OPERATIONS,
};

export type Operations = typeof OPERATIONS;
export type OperationName = keyof Operations;

export type OperationResult<N extends OperationName> = z.output<Operations[N]['response']>;

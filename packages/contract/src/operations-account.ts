import { IntrospectionSchema } from './auth.ts';
import type { Operation } from './operation.ts';
import { WalletSchema } from './wallet.ts';

/** The credential and the wallet (see operations.ts). */
export const ACCOUNT_OPERATIONS = {
  introspect: {
    method: 'GET',
    path: '/auth/introspect',
    scope: 'wallet:read',
    effect: 'read',
    response: IntrospectionSchema,
  },
  wallet: { method: 'GET', path: '/wallet', scope: 'wallet:read', effect: 'read', response: WalletSchema },
} as const satisfies Record<string, Operation>;

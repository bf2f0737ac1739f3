import { consoleRoute } from '../console-route.ts';
import {
  StatementQuerySchema,
  StatementSchema,
  WalletAlertSchema,
  WalletAlertSettingSchema,
} from '../wallet-alerts.ts';

/**
 * The wallet's console routes (the balance itself is the service's `wallet` operation, relayed). Imported as
 * `walletApi` (routes/index.ts).
 */

export const alert = consoleRoute({
  method: 'GET',
  path: '/wallet/alert',
  summary: 'The low-balance alert as the banner shows it (figures for admins only)',
  tag: 'wallet',
  response: WalletAlertSchema,
});

export const setAlert = consoleRoute({
  method: 'PUT',
  path: '/wallet/alert',
  summary: 'Set or clear the low-balance threshold (audited)',
  tag: 'wallet',
  body: WalletAlertSettingSchema,
  response: WalletAlertSettingSchema,
  admin: true,
});

export const statement = consoleRoute({
  method: 'GET',
  path: '/wallet/statement',
  summary:
    'The wallet’s moves over a period: money reserved and money paid or refunded, with a running balance checked against the service’s wallet (format=csv for CSV)',
  tag: 'wallet',
  query: StatementQuerySchema,
  response: StatementSchema,
  admin: true,
});

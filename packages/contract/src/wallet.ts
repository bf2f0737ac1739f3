import { z } from 'zod';
import { addMoney, compareMoney, MoneySchema } from './money.ts';
import { EnvironmentSchema } from './primitives.ts';

export const WalletSchema = z.object({
  object: z.literal('wallet'),
  environment: EnvironmentSchema,
  balance: MoneySchema,
  held: MoneySchema,
  available: MoneySchema,
});
export type Wallet = z.infer<typeof WalletSchema>;

/** The wallet's invariant: balance = held + available. */
export function walletAddsUp(wallet: Wallet): boolean {
  return compareMoney(wallet.balance, addMoney(wallet.held, wallet.available)) === 0;
}

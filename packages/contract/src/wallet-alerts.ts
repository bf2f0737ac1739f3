import { z } from 'zod';
import { AmountSchema, MoneySchema, SignedAmountSchema } from './money.ts';
import { PageQueryShape } from './pages.ts';
import { DateSchema, DateTimeSchema } from './primitives.ts';

/** The wallet's low-balance alert and statement, kept by the console from its audit log (decision 020). */

export const WalletAlertSettingSchema = z.strictObject({
  /** Warn when `available` falls under this, or the running holds' totals exceed it; null turns the alert off. */
  low_balance_threshold: AmountSchema.nullable(),
});
export type WalletAlertSetting = z.infer<typeof WalletAlertSettingSchema>;

/** What the shell's banner says. Amounts only for admins (agents see the office is short, not its figures). */
export const WalletAlertSchema = z.object({
  threshold: MoneySchema.nullable(),
  alerts: z.array(
    z.object({
      kind: z.enum(['low_available', 'holds_exceed']),
      message: z.string(),
    }),
  ),
  checked: z.boolean(),
});
export type WalletAlert = z.infer<typeof WalletAlertSchema>;

/** Money reserved (a hold, a release) and money that moved (a payment, a refund): decision 039. */
export const STATEMENT_KINDS = ['hold', 'payment', 'release', 'refund'] as const;
export const RESERVED_KINDS = ['hold', 'release'] as const;
export const MOVED_KINDS = ['payment', 'refund'] as const;

export const StatementQuerySchema = z.object({
  from: DateSchema.optional(),
  to: DateSchema.optional(),
  /** A page of the period's lines; the days and totals are always the whole period's. */
  ...PageQueryShape,
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const StatementLineSchema = z.object({
  at: DateTimeSchema,
  kind: z.enum(STATEMENT_KINDS),
  action: z.string(),
  booking_id: z.string().nullable(),
  user: z.string(),
  amount: MoneySchema,
  /** The wallet's balance after this line (a hold or release leaves it as it was); null when it cannot be known. */
  balance: SignedAmountSchema.nullable().optional(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

export const StatementSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** A page of the period's money moves, oldest first; `next_cursor` asks for the next. */
  lines: z.array(StatementLineSchema),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
  days: z.array(
    z.object({
      day: z.string(),
      hold: AmountSchema,
      payment: AmountSchema,
      release: AmountSchema,
      refund: AmountSchema,
      /** Payments less refunds: what left the wallet that day. */
      net: SignedAmountSchema.optional(),
      /** The balance at the day's end. */
      balance: SignedAmountSchema.nullable().optional(),
    }),
  ),
  totals: z.object({
    hold: AmountSchema,
    payment: AmountSchema,
    release: AmountSchema,
    refund: AmountSchema,
    net: SignedAmountSchema.optional(),
  }),
  /**
   * The running balance (decision 039): from the service's balance as the console first read it (`since`), moved by
   * every payment and refund the console recorded. `opening`/`closing` for the period; `wallet` the service's balance
   * now and `expected` the console's reckoning of it; `difference` (wallet − expected) is what moved outside the
   * console since then, and `explanation` says so in words.
   */
  balance: z
    .object({
      since: z.string().nullable(),
      opening: SignedAmountSchema.nullable(),
      closing: SignedAmountSchema.nullable(),
      wallet: SignedAmountSchema.nullable(),
      expected: SignedAmountSchema.nullable(),
      difference: SignedAmountSchema.nullable(),
      explanation: z.string().nullable(),
    })
    .optional(),
});
export type Statement = z.infer<typeof StatementSchema>;

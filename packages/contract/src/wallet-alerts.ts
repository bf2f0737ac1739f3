import { z } from 'zod';
import { AmountSchema, MoneySchema } from './money.ts';
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

export const STATEMENT_KINDS = ['hold', 'payment', 'release', 'refund'] as const;

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
    }),
  ),
  totals: z.object({
    hold: AmountSchema,
    payment: AmountSchema,
    release: AmountSchema,
    refund: AmountSchema,
  }),
});
export type Statement = z.infer<typeof StatementSchema>;

import { z } from 'zod';
import { MoneySchema, SignedMoneySchema } from './money.ts';

/**
 * The office's reports (issue 36; decision 033): for a range of days, the bookings made, what the wallet paid (net),
 * what clients pay, the office's margin (the fees); by day, week or month, by product and by agent; cancellations and
 * refunds; holds that lapsed unpaid (sales lost). A module of its own: only the reports screen carries it.
 */

export const REPORT_PERIODS = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const ReportQuerySchema = z
  .object({
    from: z.iso.date({ error: 'is a date like 2026-11-01' }),
    to: z.iso.date({ error: 'is a date like 2026-11-30' }),
    by: z.enum(REPORT_PERIODS).default('day'),
  })
  .refine((q) => q.from <= q.to, { error: 'from is after to', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 3 * 366 * 86_400_000, {
    error: 'is more than three years after from',
    path: ['to'],
  });
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/**
 * What a report line counts (decision 039: by what happened to the money, from the wallet's moves the statement lists).
 * `net_paid` is what the office paid the service (payments less refunds, as the statement shows them); `client` what
 * its clients owe for what was sold (paid bookings at their client price, less the paid ones since ended, in the
 * period they ended); `margin` the difference. `lost`: paid bookings that ended with less given back than was paid
 * (a supplier's cancellation, a penalty), and what the office did not get back. `on_hold`: holds made in the period
 * still neither paid nor let go — not money spent, not revenue. `bookings`, `cancelled` and `lapsed` count the
 * bookings made in the period (decision 033).
 */
export const ReportFiguresSchema = z.object({
  bookings: z.number().int(),
  paid: MoneySchema,
  refunded: MoneySchema,
  net_paid: SignedMoneySchema,
  client: SignedMoneySchema,
  margin: SignedMoneySchema,
  lost: z.number().int(),
  lost_net: MoneySchema,
  on_hold: z.number().int(),
  on_hold_net: MoneySchema,
  cancelled: z.number().int(),
  cancelled_net: MoneySchema,
  lapsed: z.number().int(),
  lapsed_net: MoneySchema,
});
export type ReportFigures = z.infer<typeof ReportFiguresSchema>;

export const ReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(REPORT_PERIODS),
  totals: ReportFiguresSchema,
  /** One line per day, week (from its Monday) or month in the range, empty ones included. */
  periods: z.array(ReportFiguresSchema.extend({ period: z.string() })),
  products: z.array(ReportFiguresSchema.extend({ product: z.string() })),
  agents: z.array(ReportFiguresSchema.extend({ agent: z.object({ id: z.string(), email: z.string() }) })),
});
export type Report = z.infer<typeof ReportSchema>;

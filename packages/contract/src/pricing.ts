import { z } from 'zod';
import { AmountSchema, fromCents, type Money, toCents } from './money.ts';
import { DateTimeSchema } from './primitives.ts';

/**
 * The office's service fees (issue 36; decision 032): what the agency charges its client on top of the service's net
 * price, by rules an admin sets per product, with narrower rules (a cabin, a hotel city or star rating, an activity)
 * that win over the product's. A module of its own: only the screens that price carry it.
 *
 * Arithmetic on integer cents: the percentage of the net is rounded half-up to the cent (as `percentOfMoney`), the
 * fixed part is multiplied by the passengers or nights it is per, the sum is then held between the rule's minimum and
 * maximum. The client pays net + fee.
 */

export const FEE_PRODUCTS = ['flight', 'hotel', 'activity'] as const;
export type FeeProduct = (typeof FEE_PRODUCTS)[number];
export const FEE_PER = ['booking', 'passenger', 'night'] as const;
export type FeePer = (typeof FEE_PER)[number];

/** What narrows a rule: each named key must match the booking; none is the product's own rule. */
export const FeeScopeSchema = /* @__PURE__ */ z
  .object({
    /** Flights: the cabin class (`economy`, `premium_economy`, `business`, `first`). */
    cabin: z.string().trim().toLowerCase().min(1).max(30).optional(),
    /** Hotels: the city's name as the service writes it. */
    city: z.string().trim().min(1).max(80).optional(),
    /** Hotels: the star rating. */
    stars: z.number().int().min(1).max(5).optional(),
    /** Activities: the product's id. */
    activity: z.string().trim().min(1).max(80).optional(),
  })
  .strict();
export type FeeScope = z.infer<typeof FeeScopeSchema>;

/** A percentage with at most two decimals, 0 to 100 ("5", "2.5", "12.75"). */
export const PercentSchema = /* @__PURE__ */ z
  .string()
  .trim()
  .regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, { error: 'is a percentage from 0 to 100, like 5 or 2.5' });

const SCOPE_OF: Record<FeeProduct, ReadonlyArray<keyof FeeScope>> = {
  flight: ['cabin'],
  hotel: ['city', 'stars'],
  activity: ['activity'],
};

export const FeeRuleInputSchema = /* @__PURE__ */ z
  .object({
    product: z.enum(FEE_PRODUCTS),
    scope: FeeScopeSchema.default({}),
    percent: PercentSchema.default('0'),
    fixed: AmountSchema.default('0.00'),
    fixed_per: z.enum(FEE_PER).default('booking'),
    minimum: AmountSchema.nullable().default(null),
    maximum: AmountSchema.nullable().default(null),
  })
  .strict()
  .superRefine((rule, ctx) => {
    for (const key of Object.keys(rule.scope) as (keyof FeeScope)[])
      if (!SCOPE_OF[rule.product].includes(key))
        ctx.addIssue({
          code: 'custom',
          path: ['scope', key],
          message: `does not narrow a ${rule.product} rule`,
        });
    if (rule.fixed_per === 'passenger' && rule.product !== 'flight')
      ctx.addIssue({ code: 'custom', path: ['fixed_per'], message: 'per passenger is for flights' });
    if (rule.fixed_per === 'night' && rule.product !== 'hotel')
      ctx.addIssue({ code: 'custom', path: ['fixed_per'], message: 'per night is for hotels' });
    if (rule.minimum !== null && rule.maximum !== null && toCents(rule.minimum) > toCents(rule.maximum))
      ctx.addIssue({ code: 'custom', path: ['maximum'], message: 'is below the minimum' });
  });
export type FeeRuleInput = z.input<typeof FeeRuleInputSchema>;

export const FeeRuleSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  product: z.enum(FEE_PRODUCTS),
  scope: FeeScopeSchema,
  percent: z.string(),
  fixed: AmountSchema,
  fixed_per: z.enum(FEE_PER),
  minimum: AmountSchema.nullable(),
  maximum: AmountSchema.nullable(),
  updated_at: DateTimeSchema,
  updated_by: z.string(),
});
export type FeeRule = z.infer<typeof FeeRuleSchema>;
export const FeeRuleListSchema = /* @__PURE__ */ z.object({ data: z.array(FeeRuleSchema) });

/** What a price is for, as far as the rules care. */
export interface FeeContext {
  product: FeeProduct;
  net: Money;
  passengers?: number | undefined;
  nights?: number | undefined;
  cabin?: string | null | undefined;
  city?: string | null | undefined;
  /**
   * Every text of a hotel's address when its shape is not the one the console knows (not shown in the document): a
   * city rule matches when one of them is its city.
   */
  places?: readonly string[] | undefined;
  stars?: number | null | undefined;
  activity?: string | null | undefined;
}

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

function matches(rule: Pick<FeeRule, 'product' | 'scope'>, ctx: FeeContext): boolean {
  if (rule.product !== ctx.product) return false;
  const { cabin, city, stars, activity } = rule.scope;
  if (cabin !== undefined && !(ctx.cabin && same(cabin, ctx.cabin))) return false;
  if (
    city !== undefined &&
    !(ctx.city && same(city, ctx.city)) &&
    !ctx.places?.some((p) => same(city, p.trim()))
  )
    return false;
  if (stars !== undefined && ctx.stars !== stars) return false;
  if (activity !== undefined && ctx.activity !== activity) return false;
  return true;
}

/**
 * The rule that prices this: of the rules that match, the one naming the most (a hotel city and stars over a city
 * alone over the product's own rule); among equals, the one changed last. Null when no rule matches: no fee.
 */
export function feeRuleFor<R extends Pick<FeeRule, 'product' | 'scope' | 'updated_at'>>(
  rules: readonly R[],
  ctx: FeeContext,
): R | null {
  let best: R | null = null;
  let bestNarrowness = -1;
  for (const rule of rules) {
    if (!matches(rule, ctx)) continue;
    const narrowness = Object.keys(rule.scope).length;
    if (
      narrowness > bestNarrowness ||
      (narrowness === bestNarrowness && best && rule.updated_at > best.updated_at)
    ) {
      best = rule;
      bestNarrowness = narrowness;
    }
  }
  return best;
}

/** Basis points of a percentage string ("2.5" → 250), exactly. */
export function basisPoints(percent: string): bigint {
  const [whole = '0', fraction = ''] = percent.trim().split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2) || '0');
}

/** The fee a rule makes for a price (see the module's note for the arithmetic and rounding). */
export function feeOf(
  rule: Pick<FeeRule, 'percent' | 'fixed' | 'fixed_per' | 'minimum' | 'maximum'>,
  ctx: FeeContext,
): Money {
  const net = toCents(ctx.net.amount);
  const percentPart = (net * basisPoints(rule.percent) + 5000n) / 10000n;
  const units =
    rule.fixed_per === 'passenger'
      ? BigInt(Math.max(1, ctx.passengers ?? 1))
      : rule.fixed_per === 'night'
        ? BigInt(Math.max(1, ctx.nights ?? 1))
        : 1n;
  let fee = percentPart + toCents(rule.fixed) * units;
  if (rule.minimum !== null && fee < toCents(rule.minimum)) fee = toCents(rule.minimum);
  if (rule.maximum !== null && fee > toCents(rule.maximum)) fee = toCents(rule.maximum);
  return { amount: fromCents(fee), currency: ctx.net.currency };
}

/** What the client pays for a price: the net, the fee by the rule that applies (none: 0.00), and their sum. */
export function clientPrice<R extends FeeRule>(
  rules: readonly R[],
  ctx: FeeContext,
): { net: Money; fee: Money; client: Money; rule: R | null } {
  const rule = feeRuleFor(rules, ctx);
  const fee = rule ? feeOf(rule, ctx) : { amount: '0.00', currency: ctx.net.currency };
  return {
    net: ctx.net,
    fee,
    client: { amount: fromCents(toCents(ctx.net.amount) + toCents(fee.amount)), currency: ctx.net.currency },
    rule,
  };
}

/** Whether an agent may set this fee on one booking: within the rule's minimum and maximum (an admin: any). */
export function feeWithinBounds(rule: Pick<FeeRule, 'minimum' | 'maximum'> | null, fee: string): boolean {
  const cents = toCents(fee);
  if (cents < 0n) return false;
  if (rule?.minimum != null && cents < toCents(rule.minimum)) return false;
  if (rule?.maximum != null && cents > toCents(rule.maximum)) return false;
  return true;
}

/** A booking's fee as it was set: an amount and why, when it is not the rule's. */
export const SetFeeRequestSchema = /* @__PURE__ */ z
  .object({
    fee: AmountSchema,
    reason: z.string().trim().min(3, { error: 'say why in a few words' }).max(300),
  })
  .strict();
export type SetFeeRequest = z.input<typeof SetFeeRequestSchema>;

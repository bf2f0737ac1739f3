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

/** The cabins the service sells (the flight search request's `cabin_class`): a cabin rule names one of them. */
export const FEE_CABINS = ['economy', 'premium_economy', 'business', 'first'] as const;

const STARS = { error: 'is a star rating from 1 to 5' };

/**
 * What narrows a rule: each named key must match the booking; none is the product's own rule. A hotel rule's city is
 * a place of the service's (decision 040): kept by the place's code, with the name and country the service gives for
 * that code, which are what a hotel's address says (the document's hotel carries no place code). A rule saved before
 * (decision 032) has only `city`, the text an admin typed; the console turns it into a place when the name is one
 * city the service knows.
 */
export const FeeScopeSchema = /* @__PURE__ */ z
  .object({
    /** Flights: the cabin class (`economy`, `premium_economy`, `business`, `first`). */
    cabin: z.string().trim().toLowerCase().min(1).max(30).optional(),
    /** Hotels: the city's place code, as the service's places list gives it (a rule saved before: a name typed). */
    city: z.string().trim().min(1).max(80).optional(),
    /** Hotels: the city's name as the service gives it for that code. */
    city_name: z.string().trim().min(1).max(120).optional(),
    /** Hotels: the city's country as the service gives it for that code. */
    city_country: z.string().trim().min(1).max(120).optional(),
    /** Hotels: the star rating. */
    stars: z.number().int(STARS).min(1, STARS).max(5, STARS).optional(),
    /** Activities: the product's id. */
    activity: z.string().trim().min(1).max(80).optional(),
    /** Activities: the product's title, as the service gives it. */
    activity_name: z.string().trim().min(1).max(300).optional(),
  })
  .strict();
export type FeeScope = z.infer<typeof FeeScopeSchema>;
/** The keys that narrow a rule (the others only name what a key holds). */
export const FEE_NARROWING = ['cabin', 'city', 'stars', 'activity'] as const;
const narrownessOf = (scope: FeeScope) => FEE_NARROWING.filter((key) => scope[key] !== undefined).length;

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
  /**
   * Why the rule can never apply, in an admin's words, when it cannot (a rule saved before whose city the service
   * does not know, one with the reach of a rule changed later): no price uses it until it is changed.
   */
  never_applies: z.string().nullish(),
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
  /** A hotel's country as its address says it in the shape the console knows. */
  country?: string | null | undefined;
  /**
   * Every text of a hotel's address when its shape is not the one the console knows (not shown in the document): a
   * city rule matches when one of them is its city.
   */
  places?: readonly string[] | undefined;
  stars?: number | null | undefined;
  activity?: string | null | undefined;
}

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

const named = (name: string, ctx: FeeContext) =>
  Boolean(ctx.city && same(name, ctx.city.trim())) || Boolean(ctx.places?.some((p) => same(name, p.trim())));

function matches(rule: Pick<FeeRule, 'product' | 'scope' | 'never_applies'>, ctx: FeeContext): boolean {
  if (rule.product !== ctx.product || rule.never_applies) return false;
  const { cabin, city, city_name, city_country, stars, activity } = rule.scope;
  if (cabin !== undefined && !(ctx.cabin && same(cabin, ctx.cabin))) return false;
  if (city !== undefined) {
    // A place: the name the service gives for its code, and not another country when the address names one. A rule
    // saved before, not yet made a place: the text typed, as it matched then.
    if (!named(city_name ?? city, ctx)) return false;
    if (city_name !== undefined && city_country && ctx.country && !same(city_country, ctx.country.trim()))
      return false;
  }
  if (stars !== undefined && ctx.stars !== stars) return false;
  if (activity !== undefined && ctx.activity !== activity) return false;
  return true;
}

/**
 * What "Try a price" prices for a hotel in a place chosen from the service's list: the address a hotel there has as
 * the console reads it (`hotelFeeScope`), so the answer is the one a booking there gets.
 */
export function placeFeeScope(place: { name: string; country?: string | null | undefined } | null) {
  return place
    ? { city: place.name, country: place.country ?? null, places: [place.name, place.country ?? ''] }
    : { city: null, country: null, places: [] };
}

/**
 * The rule that prices this: of the rules that match, the one naming the most (a hotel city and stars over a city
 * alone over the product's own rule); among equals, the one changed last. Null when no rule matches: no fee.
 */
export function feeRuleFor<R extends Pick<FeeRule, 'product' | 'scope' | 'updated_at' | 'never_applies'>>(
  rules: readonly R[],
  ctx: FeeContext,
): R | null {
  let best: R | null = null;
  let bestNarrowness = -1;
  for (const rule of rules) {
    if (!matches(rule, ctx)) continue;
    const narrowness = narrownessOf(rule.scope);
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

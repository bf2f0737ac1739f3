import { z } from 'zod';
import { AmountSchema, toCents } from './money.ts';
import {
  FEE_CABINS,
  FEE_PER,
  FEE_PRODUCTS,
  type FeeProduct,
  type FeeScope,
  FeeScopeSchema,
} from './pricing.ts';

/**
 * A fee rule as an admin writes it (decision 032): a module apart from pricing.ts, which every screen that prices
 * carries; only the admin's pricing screen and the BFF need what a rule may say.
 */

/** A percentage with at most two decimals, 0 to 100 ("5", "2.5", "12.75"). */
export const PercentSchema = /* @__PURE__ */ z
  .string()
  .trim()
  .regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, { error: 'is a percentage from 0 to 100, like 5 or 2.5' });

const SCOPE_OF: Record<FeeProduct, ReadonlyArray<keyof FeeScope>> = {
  flight: ['cabin'],
  hotel: ['city', 'city_name', 'city_country', 'stars'],
  activity: ['activity', 'activity_name'],
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
    if (rule.scope.cabin !== undefined && !(FEE_CABINS as readonly string[]).includes(rule.scope.cabin))
      ctx.addIssue({
        code: 'custom',
        path: ['scope', 'cabin'],
        message: `no cabin is called “${rule.scope.cabin}”: choose economy, premium economy, business or first`,
      });
    if (rule.scope.city_name !== undefined && rule.scope.city === undefined)
      ctx.addIssue({ code: 'custom', path: ['scope', 'city'], message: 'choose the city from the list' });
    if (rule.fixed_per === 'passenger' && rule.product !== 'flight')
      ctx.addIssue({ code: 'custom', path: ['fixed_per'], message: 'per passenger is for flights' });
    if (rule.fixed_per === 'night' && rule.product !== 'hotel')
      ctx.addIssue({ code: 'custom', path: ['fixed_per'], message: 'per night is for hotels' });
    if (rule.minimum !== null && rule.maximum !== null && toCents(rule.minimum) > toCents(rule.maximum))
      ctx.addIssue({ code: 'custom', path: ['maximum'], message: 'is below the minimum' });
  });
export type FeeRuleInput = z.input<typeof FeeRuleInputSchema>;

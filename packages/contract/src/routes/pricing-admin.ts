import { z } from 'zod';
import { consoleRoute } from '../console-route.ts';
import { FeeRuleInputSchema } from '../fee-rule-input.ts';
import { FeeRuleSchema } from '../pricing.ts';

/**
 * The fee rules' editing (the admin's pricing screen), part of `pricingApi` (pricing.ts): a module apart, so the
 * booking pages that price with the rules do not carry these declarations (a bundle keeps a module whole).
 */

export const createRule = consoleRoute({
  method: 'POST',
  path: '/pricing/rules',
  summary:
    'A new fee rule: per product, or narrowed to a cabin, a hotel city or stars, an activity (audited)',
  tag: 'pricing',
  body: FeeRuleInputSchema,
  response: FeeRuleSchema,
  status: 201,
  admin: true,
});

export const updateRule = consoleRoute({
  method: 'PUT',
  path: '/pricing/rules/{id}',
  summary: 'Change a fee rule; what is priced after it follows it, bookings made keep their fee (audited)',
  tag: 'pricing',
  body: FeeRuleInputSchema,
  response: FeeRuleSchema,
  admin: true,
});

export const removeRule = consoleRoute({
  method: 'DELETE',
  path: '/pricing/rules/{id}',
  summary: 'Remove a fee rule (kept, marked, for the bookings it priced; audited)',
  tag: 'pricing',
  response: z.object({ removed: z.literal(true) }),
  admin: true,
});

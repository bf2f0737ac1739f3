import { LedgerEntrySchema } from '../console.ts';
import { consoleRoute } from '../console-route.ts';
import { FeeRuleListSchema, SetFeeRequestSchema } from '../pricing.ts';

/** Service fees (decision 032): the office's rules, and one booking's fee. Imported as `pricingApi` (routes/index.ts). */
export * from './pricing-admin.ts';

export const rules = consoleRoute({
  method: 'GET',
  path: '/pricing/rules',
  summary: 'The office’s service-fee rules, which every screen prices with',
  tag: 'pricing',
  response: FeeRuleListSchema,
});

export const setFee = consoleRoute({
  method: 'PUT',
  path: '/pricing/bookings/{id}/fee',
  summary:
    'Set one booking’s fee with a reason: its agent within the rule’s minimum and maximum, an admin freely (audited)',
  tag: 'pricing',
  body: SetFeeRequestSchema,
  response: LedgerEntrySchema,
});

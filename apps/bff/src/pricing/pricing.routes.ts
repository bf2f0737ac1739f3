import {
  type FeeRule,
  FeeRuleInputSchema,
  FeeRuleListSchema,
  FeeRuleSchema,
  feeWithinBounds,
  LedgerEntrySchema,
  SetFeeRequestSchema,
} from '@console/contract';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { reachableBooking } from '../bookings/index.ts';
import { requireRole } from '../identity/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
import { parseBody, pathId } from '../platform/parse.ts';
import type { AppEnv } from '../platform/types.ts';
import type { PricingDeps } from './deps.ts';

/**
 * Service fees (decision 032): every agent reads the office's rules (the screens price with them); an admin makes,
 * changes and removes them, each change audited. One booking's fee is changed by its agent within its rule's minimum
 * and maximum, by an admin freely, always with a reason kept beside it.
 */
export function pricingRoutes(d: PricingDeps) {
  const noSuchRule = () =>
    new ConsoleError('resource_not_found', { param: 'id', message: 'No such fee rule.' });
  const audit = (c: Context<AppEnv>, action: string, id: string) =>
    d.audit.write(c.get('user'), { action, resourceId: id }, 'succeeded', 200, null);
  return new Hono<AppEnv>()
    .get(
      '/rules',
      doc({
        summary: 'The office’s service-fee rules, which every screen prices with',
        tag: 'pricing',
        response: FeeRuleListSchema,
      }),
      async (c) => c.json({ data: await d.fees.list() }),
    )
    .post(
      '/rules',
      doc({
        summary:
          'A new fee rule: per product, or narrowed to a cabin, a hotel city or stars, an activity (audited)',
        tag: 'pricing',
        body: FeeRuleInputSchema,
        response: FeeRuleSchema,
        status: 201,
        admin: true,
      }),
      requireRole('admin'),
      async (c) => {
        const rule: FeeRule = await d.fees.create(await parseBody(c, FeeRuleInputSchema), c.get('user'));
        await audit(c, 'pricing.rule.create', rule.id);
        return c.json(rule, 201);
      },
    )
    .put(
      '/rules/:id',
      doc({
        summary:
          'Change a fee rule; what is priced after it follows it, bookings made keep their fee (audited)',
        tag: 'pricing',
        body: FeeRuleInputSchema,
        response: FeeRuleSchema,
        admin: true,
      }),
      requireRole('admin'),
      async (c) => {
        const id = pathId(c, 'id');
        const rule = await d.fees.update(id, await parseBody(c, FeeRuleInputSchema), c.get('user'));
        if (!rule) throw noSuchRule();
        await audit(c, 'pricing.rule.update', id);
        return c.json(rule);
      },
    )
    .delete(
      '/rules/:id',
      doc({
        summary: 'Remove a fee rule (kept, marked, for the bookings it priced; audited)',
        tag: 'pricing',
        response: z.object({ removed: z.literal(true) }),
        admin: true,
      }),
      requireRole('admin'),
      async (c) => {
        const id = pathId(c, 'id');
        if (!(await d.fees.remove(id, c.get('user')))) throw noSuchRule();
        await audit(c, 'pricing.rule.remove', id);
        return c.json({ removed: true });
      },
    )
    .put(
      '/bookings/:id/fee',
      doc({
        summary:
          'Set one booking’s fee with a reason: its agent within the rule’s minimum and maximum, an admin freely (audited)',
        tag: 'pricing',
        body: SetFeeRequestSchema,
        response: LedgerEntrySchema,
      }),
      async (c) => {
        const id = pathId(c, 'id');
        const { fee, reason } = await parseBody(c, SetFeeRequestSchema);
        const user = c.get('user');
        const { environment } = d.upstream.service;
        // Another agent's booking is answered as no booking, as everywhere (decision 015).
        const entry = await reachableBooking(d.ledger, user, id, environment);
        if (user.role !== 'admin') {
          const rule = entry.price?.rule_id ? await d.fees.get(entry.price.rule_id) : null;
          if (!rule)
            throw new ConsoleError('forbidden', {
              message: 'No fee rule priced this booking: only an admin may set its fee.',
            });
          if (!feeWithinBounds(rule, fee))
            throw new ConsoleError('validation_failed', {
              param: 'fee',
              message: `fee: is outside the rule's bounds (${rule.minimum ?? '0.00'} to ${rule.maximum ?? 'any'}); an admin may set it.`,
            });
        }
        await d.ledger.setFee(id, environment, fee, reason, c.get('user'));
        await d.audit.write(
          user,
          { action: 'booking.fee.set', resourceId: id, amount: { amount: fee, currency: 'USD' } },
          'succeeded',
          200,
          null,
        );
        const [updated] = await d.ledger.byIds([id], environment);
        return c.json(updated);
      },
    );
}

import { type FeeRule, feeWithinBounds, pricingApi } from '@console/contract';
import type { Context } from 'hono';
import { reachableBooking } from '../bookings/index.ts';
import { requireRole } from '../identity/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
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
  const admin = requireRole('admin');
  return router('/pricing')
    .handle(pricingApi.rules, async (c) => c.json({ data: await d.fees.list() }))
    .handle(pricingApi.createRule, admin, async (c, { body }) => {
      const rule: FeeRule = await d.fees.create(body, c.get('user'));
      await audit(c, 'pricing.rule.create', rule.id);
      return c.json(rule, 201);
    })
    .handle(pricingApi.updateRule, admin, async (c, { params: { id }, body }) => {
      const rule = await d.fees.update(id, body, c.get('user'));
      if (!rule) throw noSuchRule();
      await audit(c, 'pricing.rule.update', id);
      return c.json(rule);
    })
    .handle(pricingApi.removeRule, admin, async (c, { params: { id } }) => {
      if (!(await d.fees.remove(id, c.get('user')))) throw noSuchRule();
      await audit(c, 'pricing.rule.remove', id);
      return c.json({ removed: true });
    })
    .handle(pricingApi.setFee, async (c, { params: { id }, body: { fee, reason } }) => {
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
    }).app;
}

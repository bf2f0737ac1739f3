import { SessionServiceError } from '@console/client';
import { Hono } from 'hono';
import { requireRole, requireStrongProof } from '../identity/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import type { AppEnv } from '../platform/types.ts';
import type { UpstreamDeps } from './deps.ts';

/**
 * Admins only: the office's credential as the service describes it, and the session-based interface's one session
 * (its state, its credit balance, ending it — which wants a strong proof).
 */
export function serviceAdminRoutes(d: UpstreamDeps) {
  const hasFactor = (userId: string) => d.factors.has(userId);
  return new Hono<AppEnv>()
    .use('*', requireRole('admin'))
    .get('/credentials', async (c) => c.json(await d.upstream.service.op.introspect({})))
    .get('/session', async (c) => {
      const state = await d.upstream.session?.state();
      return c.json({
        configured: d.upstream.session !== null,
        active: state?.active ?? false,
        created_at: state?.createdAt ?? null,
        last_renewed_at: state?.lastRenewedAt ?? null,
        last_used_at: state?.lastUsedAt ?? null,
        renewals: state?.renewals ?? 0,
      });
    })
    .get('/session/credit-balance', async (c) => {
      if (!d.upstream.session)
        throw new ConsoleError('resource_not_found', {
          message: 'The session-based interface is not configured.',
        });
      try {
        return c.json(await d.upstream.session.creditBalance());
      } catch (error) {
        if (error instanceof SessionServiceError)
          throw new ConsoleError('upstream_unavailable', { message: `${error.code}: ${error.message}` });
        throw error;
      }
    })
    .post('/session/end', async (c) => {
      await requireStrongProof(c, hasFactor, d.clock);
      await d.upstream.session?.end();
      return c.json({ ended: true });
    });
}

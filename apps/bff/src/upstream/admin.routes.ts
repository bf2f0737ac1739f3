import { SessionServiceError } from '@console/client';
import { upstreamApi } from '@console/contract';
import { requireRole, requireStrongProof } from '../identity/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { router } from '../platform/route.ts';
import type { UpstreamDeps } from './deps.ts';

/**
 * Admins only: the office's credential as the service describes it, and the session-based interface's one session
 * (its state, its credit balance, ending it — which wants a strong proof).
 */
export function serviceAdminRoutes(d: UpstreamDeps) {
  const hasFactor = (userId: string) => d.factors.has(userId);
  const admin = requireRole('admin');
  return router('/admin')
    .handle(upstreamApi.credentials, admin, async (c) => c.json(await d.upstream.service.op.introspect({})))
    .handle(upstreamApi.session, admin, async (c) => {
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
    .handle(upstreamApi.creditBalance, admin, async (c) => {
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
    .handle(upstreamApi.endSession, admin, async (c) => {
      await requireStrongProof(c, hasFactor, d.clock);
      await d.upstream.session?.end();
      return c.json({ ended: true });
    }).app;
}

import { SessionServiceError } from '@console/client';
import { CreditBalanceResponseSchema, OPERATIONS, SessionStateSchema } from '@console/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireRole, requireStrongProof } from '../identity/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { doc } from '../platform/openapi-doc.ts';
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
    .get(
      '/credentials',
      doc({
        summary: "The office's credential as the service describes it",
        tag: 'admin',
        response: OPERATIONS.introspect.response,
        admin: true,
      }),
      async (c) => c.json(await d.upstream.service.op.introspect({})),
    )
    .get(
      '/session',
      doc({
        summary: "The session-based interface's session",
        tag: 'admin',
        response: SessionStateSchema,
        admin: true,
      }),
      async (c) => {
        const state = await d.upstream.session?.state();
        return c.json({
          configured: d.upstream.session !== null,
          active: state?.active ?? false,
          created_at: state?.createdAt ?? null,
          last_renewed_at: state?.lastRenewedAt ?? null,
          last_used_at: state?.lastUsedAt ?? null,
          renewals: state?.renewals ?? 0,
        });
      },
    )
    .get(
      '/session/credit-balance',
      doc({
        summary: 'Credit balance (session-based interface)',
        tag: 'admin',
        response: CreditBalanceResponseSchema,
        admin: true,
      }),
      async (c) => {
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
      },
    )
    .post(
      '/session/end',
      doc({
        summary: 'End the session-based session',
        tag: 'admin',
        response: z.object({ ended: z.boolean() }),
        admin: true,
      }),
      async (c) => {
        await requireStrongProof(c, hasFactor, d.clock);
        await d.upstream.session?.end();
        return c.json({ ended: true });
      },
    );
}

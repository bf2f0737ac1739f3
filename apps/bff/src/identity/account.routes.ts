import { Hono } from 'hono';
import type { AppEnv } from '../platform/types.ts';
import { accountSteps } from './account-steps.ts';
import type { IdentityDeps } from './deps.ts';
import { factorRoutes } from './factors.routes.ts';
import { noticeRoutes } from './notices.routes.ts';
import { ownSessionRoutes } from './own-sessions.routes.ts';
import { preferenceRoutes } from './preferences.routes.ts';
import { proveRoutes } from './prove.routes.ts';

/**
 * A person's own account (decision 028), by concern: their choices, their sessions and sign-ins, their ways in, what
 * changed on it, proving it is them again and their password.
 */
export function accountRoutes(d: IdentityDeps) {
  const steps = accountSteps(d);
  return new Hono<AppEnv>()
    .route('/', preferenceRoutes(d, steps))
    .route('/', ownSessionRoutes(d, steps))
    .route('/', factorRoutes(d, steps))
    .route('/', noticeRoutes(d, steps))
    .route('/', proveRoutes(d, steps));
}

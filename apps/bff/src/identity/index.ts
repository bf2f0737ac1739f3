// The role check is the platform's (platform/roles.ts); kept here for the domains that import it from identity.
export { requireRole } from '../platform/roles.ts';
export type { Factors } from './factors.ts';
export { PROOF_MS, requireStrongProof } from './guards.ts';
export type { SignInPolicy } from './sign-in-policy.ts';
export { signsIn } from './ways-in.ts';

export { signsIn } from './accounts.ts';
export type { Factors } from './factors.ts';
export { PROOF_MS, requireRole, requireStrongProof } from './guards.ts';
export type { SignInPolicy } from './sign-in-policy.ts';

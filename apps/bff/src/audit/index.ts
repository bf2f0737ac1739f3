export type { AuditLog } from './audit.ts';
export { SIGN_IN } from './audit.ts';

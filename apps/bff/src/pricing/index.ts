export type { FeeRules } from './fees.ts';

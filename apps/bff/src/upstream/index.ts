export type { Upstream } from './connect.ts';
export type { LeadImages } from './lead-images.ts';

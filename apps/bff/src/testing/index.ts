// Real parts for tests and benchmarks: a throwaway PostgreSQL, the built BFF and the sandbox as processes.

export { closeDatabase, openDatabase, sql } from '../db/index.ts';
export { BFF_NODE_FLAGS } from '../platform/node/flags.ts';
export * from './history-seed.ts';
export * from './oidc-provider.ts';
export * from './pdf-text.ts';
export * from './processes.ts';
export * from './software-authenticator.ts';
export * from './throwaway-postgres.ts';

// Real parts for tests and benchmarks: a throwaway PostgreSQL, the built BFF and the sandbox as processes.
export * from './processes.ts';
export * from './throwaway-postgres.ts';

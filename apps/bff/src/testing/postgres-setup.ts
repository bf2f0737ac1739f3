import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

/**
 * Vitest's global setup: with TEST_DATABASE=postgres, one throwaway PostgreSQL server for the run; each console a
 * test starts gets a database of its own on it (test-support.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE !== 'postgres') {
    project.provide('postgresUrl', null);
    return;
  }
  const server = await startThrowawayPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createConsole } from '../app.ts';
import { openApiText, withOperationsTable } from '../docs.ts';
import { readEnv } from '../platform/env.ts';

/**
 * `pnpm run docs`: writes what the documentation takes from the code — docs/openapi.json from the routes as a console
 * mounts them (each described where it is declared) and the operations table of docs/service.md from the operation
 * table. A test fails when either is not current.
 */
const docs = (name: string) => fileURLToPath(new URL(`../../../../docs/${name}`, import.meta.url));
const console_ = await createConsole(
  readEnv({
    PORT: '0',
    SANDBOX_PORT: '0',
    DATABASE_URL: ':memory:',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
    JOBS_INTERVAL_SECONDS: '3600',
    DEMO_OFFICE: 'false',
    SANDBOX_STATE_PATH: 'off',
  }),
);
try {
  writeFileSync(docs('openapi.json'), openApiText(console_.app.routes));
  writeFileSync(docs('service.md'), withOperationsTable(readFileSync(docs('service.md'), 'utf8')));
} finally {
  await console_.close();
}
console.log('wrote docs/openapi.json and the operations table of docs/service.md');

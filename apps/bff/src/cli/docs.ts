import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiText, withOperationsTable } from '../docs.ts';

/**
 * `pnpm run docs`: writes what the documentation takes from the code — docs/openapi.json from the route schemas and the
 * operations table of docs/service.md from the operation table. A test fails when either is not current.
 */
const docs = (name: string) => fileURLToPath(new URL(`../../../../docs/${name}`, import.meta.url));
writeFileSync(docs('openapi.json'), openApiText());
writeFileSync(docs('service.md'), withOperationsTable(readFileSync(docs('service.md'), 'utf8')));
console.log('wrote docs/openapi.json and the operations table of docs/service.md');

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../openapi.ts';

/** `pnpm docs`: writes docs/openapi.json from the route schemas (a test fails when the file is not current). */
const target = fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`wrote ${target}`);

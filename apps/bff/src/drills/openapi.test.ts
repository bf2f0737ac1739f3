import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiText, withOperationsTable } from '../docs.ts';
import { openApiDocument } from '../openapi.ts';
import { startConsole, type TestConsole } from '../testing/console.ts';

let t: TestConsole;
beforeAll(async () => {
  t = await startConsole();
});
afterAll(() => t.close());

const docs = (name: string) => fileURLToPath(new URL(`../../../../docs/${name}`, import.meta.url));
const honoToOpenApi = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe("the console's OpenAPI document", () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(openApiDocument(t.console.app.routes));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is assembled from the descriptions beside the routes: no file lists every route by hand', () => {
    const builder = readFileSync(fileURLToPath(new URL('../openapi.ts', import.meta.url)), 'utf8');
    expect(builder).not.toMatch(/path: '\/api\//);
    expect(builder.length).toBeLessThan(12_000);
  });

  it('describes every route mounted under /api, and nothing that is not mounted', () => {
    const mounted = new Set(
      t.console.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.includes('*'))
        .map((r) => `${r.method} ${honoToOpenApi(r.path)}`),
    );
    const paths = openApiDocument(t.console.app.routes).paths as Record<string, Record<string, unknown>>;
    const described = new Set(
      Object.entries(paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    expect([...mounted].filter((route) => !described.has(route))).toEqual([]);
    expect([...described].filter((route) => !mounted.has(route))).toEqual([]);
  });

  it('is served at /api/openapi.json and is the same as docs/openapi.json (run pnpm run docs after a change)', async () => {
    const served = await t.browser().get('/openapi.json');
    expect(served.status).toBe(200);
    expect(served.body).toEqual(openApiDocument(t.console.app.routes));
    expect(readFileSync(docs('openapi.json'), 'utf8')).toBe(openApiText(t.console.app.routes));
  });
});

describe('docs/service.md', () => {
  it("lists the service's operations as the operation table declares them (run pnpm run docs after a change)", () => {
    const markdown = readFileSync(docs('service.md'), 'utf8');
    expect(withOperationsTable(markdown)).toBe(markdown);
    expect(markdown).toContain(
      '| `createFlightOrder` | POST | `/flights/orders` | `flights:write` | create |',
    );
  });
});

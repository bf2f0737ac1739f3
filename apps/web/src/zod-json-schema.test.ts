import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodWithoutJsonSchema } from '../zod-json-schema.ts';

type Load = (this: { error: (message: string) => never }, id: string) => string | null;
const load = zodWithoutJsonSchema().load as unknown as Load;
const context = {
  error: (message: string): never => {
    throw new Error(message);
  },
};
const zodCore = join(dirname(createRequire(import.meta.url).resolve('zod')), 'v4', 'core');

/** The replacement for one of zod's modules, imported as the browser would. */
async function replaced(file: string): Promise<Record<string, unknown>> {
  const code = load.call(context, join(zodCore, file));
  if (code === null) throw new Error(`${file} was not replaced`);
  const out = join(mkdtempSync(join(tmpdir(), 'zod-json-schema-')), file);
  // Its imports of zod's other modules, from where it is written.
  writeFileSync(
    out,
    code.replace(/from "\.\/([^"]+)"/g, (_, f: string) => `from "${pathToFileURL(join(zodCore, f)).href}"`),
  );
  return import(pathToFileURL(out).href);
}

describe("the SPA's build without zod's JSON Schema generator", () => {
  it("replaces zod's two JSON Schema modules, and no other", () => {
    expect(load.call(context, join(zodCore, 'schemas.js'))).toBeNull();
  });

  it('still makes the methods a schema is built with, and names this file when one is called', async () => {
    const module = await replaced('to-json-schema.js');
    const make = module.createToJSONSchemaMethod as () => () => unknown;
    const method = make();
    expect(() => method()).toThrow(
      /JSON Schema is not built into the console \(apps\/web\/zod-json-schema\.ts\)/,
    );
    const processors = await replaced('json-schema-processors.js');
    expect(() => (processors.stringProcessor as () => unknown)()).toThrow(/not built into the console/);
  });

  it("keeps what a schema's checks are read through (`.minLength`, `.maxLength`…) as zod wrote it", async () => {
    const processors = await replaced('json-schema-processors.js');
    const aggregate = processors.aggregateChecks as (schema: unknown) => Record<string, unknown>;
    expect(aggregate(z.string().min(2).max(40))).toMatchObject({ minimum: 2, maximum: 40 });
    expect(aggregate(z.int().min(1))).toMatchObject({ minimum: 1, isInt: true });
  });

  it('fails the build when zod no longer exports what the rest of zod imports from those modules', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'zod-json-schema-')), 'zod', 'v4', 'core');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'to-json-schema.js');
    writeFileSync(file, 'export const createToJSONSchemaMethod = () => null;\n');
    expect(() => load.call(context, file)).toThrow(/no longer exports createStandardJSONSchemaMethod/);
  });
});

import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * zod's modules that turn a schema into JSON Schema, the names of theirs the rest of zod imports, and where the part
 * kept as it is ends (`keep`): `aggregateChecks`, behind a schema's `.minLength`, `.maxLength`, `.format`… getters,
 * which are not about JSON Schema and must work the same in the build as in development and tests.
 */
const MODULES: { file: RegExp; used: string[]; keep?: { until: string; defines: string } }[] = [
  {
    file: /[\\/]zod[\\/]v4[\\/]core[\\/]json-schema-processors\.js$/,
    used: ['aggregateChecks', 'stringProcessor', 'objectProcessor', 'toJSONSchema'],
    keep: { until: '\nconst formatMap', defines: 'aggregateChecks' },
  },
  {
    file: /[\\/]zod[\\/]v4[\\/]core[\\/]to-json-schema\.js$/,
    used: ['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod'],
  },
];

const UNAVAILABLE = `const unavailable = () => { throw new Error('JSON Schema is not built into the console (apps/web/zod-json-schema.ts)'); };`;

/**
 * The console's browser code without zod's JSON Schema generator (decision 038). Every classic zod schema carries a
 * `toJSONSchema()` method and a JSON Schema converter for its kind, so the generator (about 5 KiB gzip) was built into
 * every route although no screen ever asks for JSON Schema (the BFF writes docs/openapi.json, on the server).
 *
 * In the SPA's build each of those two modules is replaced by one that exports the same names, each throwing if called
 * (but for `aggregateChecks`, kept as zod wrote it: the getters a schema's checks are read through use it).
 * The method makers (`create…Method`) still make a method, so reading a schema's `~standard` (as a form resolver may)
 * works; calling the JSON Schema method throws, with this file named in its message. If zod renames what it imports
 * from them, the build fails here instead of shipping a console that breaks when it starts.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'console-zod-without-json-schema',
    enforce: 'pre',
    apply: 'build',
    load(id) {
      const module = MODULES.find((m) => m.file.test(id));
      if (!module) return null;
      const source = readFileSync(id, 'utf8');
      const names = new Set<string>();
      for (const m of source.matchAll(/^export (?:const|function|let|class) (\w+)/gm))
        if (m[1]) names.add(m[1]);
      for (const m of source.matchAll(/^export \{([^}]*)\}/gm))
        for (const part of (m[1] ?? '').split(',')) {
          const name = part
            .trim()
            .split(/\s+as\s+/)
            .at(-1);
          if (name) names.add(name);
        }
      const missing = module.used.filter((name) => !names.has(name));
      if (missing.length > 0)
        this.error(`zod's ${id} no longer exports ${missing.join(', ')}: review apps/web/zod-json-schema.ts`);
      let kept = '';
      if (module.keep) {
        const end = source.indexOf(module.keep.until);
        kept = end < 0 ? '' : source.slice(0, end);
        if (!new RegExp(`^export function ${module.keep.defines}\\b`, 'm').test(kept))
          this.error(
            `zod's ${id} no longer defines ${module.keep.defines} before "${module.keep.until.trim()}": review apps/web/zod-json-schema.ts`,
          );
        names.delete(module.keep.defines);
      }
      const stubs = [...names].map((name) =>
        name.startsWith('create')
          ? `export const ${name} = () => unavailable;`
          : name === 'allProcessors'
            ? `export const ${name} = {};`
            : `export const ${name} = unavailable;`,
      );
      return `${kept}\n${UNAVAILABLE}\n${stubs.join('\n')}\n`;
    },
  };
}

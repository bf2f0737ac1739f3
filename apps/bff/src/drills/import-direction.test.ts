import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * The arrows between the console's files are checked by dependency-cruiser with the project's configuration
 * (.dependency-cruiser.mjs), run by `pnpm lint` (its `lint:arrows` script). These drills run that same command on a
 * small house planted in a temporary folder — the real paths' shape, with a circle and every kind of arrow the rules
 * forbid beside the arrows they allow — and on the real tree, which passes.
 */
const root = join(import.meta.dirname, '..', '..', '..', '..');
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');
const config = join(root, '.dependency-cruiser.mjs');
const PackageSchema = z.object({ scripts: z.object({ 'lint:arrows': z.string() }) });
/** `depcruise <options> <folders>` as the lint runs it (a later `--output-type` overrides its own). */
const lintArrows = PackageSchema.parse(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')))
  .scripts['lint:arrows'].split(' ')
  .slice(1);

function cruise(cwd: string, args: string[]) {
  const run = spawnSync(depcruise, ['--config', config, ...args], { cwd, encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

const ResultSchema = z.object({
  summary: z.object({
    violations: z.array(z.object({ from: z.string(), to: z.string(), rule: z.object({ name: z.string() }) })),
  }),
});

/** The planted house: each file's source, by its path from the root. */
const house: Record<string, string> = {
  // The BFF: the composition, what the domains stand on, and domains.
  'apps/bff/src/app.ts': [
    "import { alpha } from './alpha/index.ts';",
    "import { beta } from './beta/index.ts';",
    "import { gamma } from './gamma/index.ts';",
    'export const app = [alpha, beta, gamma];',
  ].join('\n'),
  'apps/bff/src/deps.ts': 'export interface Deps { name: string }',
  'apps/bff/src/platform/errors.ts': 'export class ConsoleError extends Error {}',
  'apps/bff/src/platform/clock.ts':
    "import type { Epsilon } from '../epsilon/index.ts';\nexport type Clock = Epsilon;",
  'apps/bff/src/epsilon/index.ts': 'export type Epsilon = number;',
  'apps/bff/src/db/index.ts':
    "import { ConsoleError } from '../platform/errors.ts';\nexport const db = ConsoleError;",
  'apps/bff/src/testing/console.ts':
    "import { app } from '../app.ts';\nexport const startConsole = () => app;",
  // alpha and beta close a circle between domains with a type-only import: a type is an arrow too.
  'apps/bff/src/alpha/index.ts': "export { alpha } from './alpha.ts';",
  'apps/bff/src/alpha/alpha.ts': "import { db } from '../db/index.ts';\nexport const alpha = db;",
  'apps/bff/src/alpha/deps.ts':
    "import type { Beta } from '../beta/index.ts';\nexport interface AlphaDeps { beta: Beta }",
  'apps/bff/src/beta/index.ts': "export { beta } from './beta.routes.ts';\nexport type Beta = string;",
  'apps/bff/src/beta/beta.routes.ts':
    "import { alpha } from '../alpha/index.ts';\nexport const beta = alpha;",
  // gamma reaches into alpha's files, the composition and the tests' console; its test may use the console.
  'apps/bff/src/gamma/index.ts': "export { gamma } from './gamma.ts';",
  'apps/bff/src/gamma/gamma.ts': [
    "import { alpha } from '../alpha/alpha.ts';",
    "import type { Deps } from '../deps.ts';",
    "import { startConsole } from '../testing/console.ts';",
    'export const gamma = [alpha, startConsole] as const;',
    'export type GammaDeps = Deps;',
  ].join('\n'),
  'apps/bff/src/gamma/gamma.test.ts':
    "import { startConsole } from '../testing/console.ts';\nstartConsole();",
  // delta's two files import each other (a file circle); delta also imports identity, which imports delta back:
  // identity is excepted from the domain-circle rule for its known partners only, never for another domain.
  'apps/bff/src/delta/a.ts': "import type { B } from './b.ts';\nexport type A = B[];",
  'apps/bff/src/delta/b.ts': "import type { A } from './a.ts';\nexport type B = { a: A };",
  'apps/bff/src/delta/index.ts': 'export type Delta = string;',
  'apps/bff/src/delta/deps.ts':
    "import type { Who } from '../identity/index.ts';\nexport type DeltaDeps = Who;",
  'apps/bff/src/identity/index.ts': "export type Who = 'me';",
  'apps/bff/src/identity/deps.ts':
    "import type { Delta } from '../delta/index.ts';\nexport type IdentityDeps = Delta;",
  // The SPA: the shell mounts a feature; features stand on lib and components.
  'apps/web/src/main.tsx': "import { router } from './app/router.tsx';\nexport const main = router;",
  'apps/web/src/app/router.tsx':
    "import { FlightsPage } from '../features/flights/page.tsx';\nexport const router = FlightsPage;",
  'apps/web/src/app/nav.ts': "export const nav = ['flights'];",
  'apps/web/src/features/flights/page.tsx': [
    "import { Field } from '../../components/field.tsx';",
    "import { format } from '../../lib/format.ts';",
    "import { hotels } from '../hotels/api/hotels.ts';",
    "import { nav } from '../../app/nav.ts';",
    'export const FlightsPage = [Field, format, hotels, nav];',
  ].join('\n'),
  'apps/web/src/features/hotels/api/hotels.ts':
    "import { format } from '../../../lib/format.ts';\nexport const hotels = format;",
  'apps/web/src/lib/format.ts': 'export const format = (n: number) => String(n);',
  'apps/web/src/lib/links.ts':
    "import { hotels } from '../features/hotels/api/hotels.ts';\nexport const links = hotels;",
  'apps/web/src/lib/toast.ts':
    "import { Field } from '../components/field.tsx';\nexport const toast = Field;",
  'apps/web/src/components/field.tsx': "import { nav } from '../app/nav.ts';\nexport const Field = nav;",
  // A place field that loads its live part lazily, whose live part takes its types back: a file circle.
  'apps/web/src/components/place.tsx':
    "export type Option = { id: string };\nexport const live = () => import('./place-live.tsx');",
  'apps/web/src/components/place-live.tsx':
    "import type { Option } from './place.tsx';\nexport const pick = (o: Option) => o.id;",
  // A package reaching into an app.
  'packages/kit/src/index.ts':
    "import { format } from '../../../apps/web/src/lib/format.ts';\nexport const kit = format;",
};

const planted = [
  ['no-circular-domains', 'apps/bff/src/alpha', 'apps/bff/src/beta'],
  ['no-circular-domains', 'apps/bff/src/beta', 'apps/bff/src/alpha'],
  ['no-circular-domains', 'apps/bff/src/delta', 'apps/bff/src/identity'],
  ['no-circular-domains', 'apps/bff/src/identity', 'apps/bff/src/delta'],
  ['no-circular', 'apps/bff/src/delta/a.ts', 'apps/bff/src/delta/b.ts'],
  ['no-circular', 'apps/web/src/components/place-live.tsx', 'apps/web/src/components/place.tsx'],
  ['bff-domain-through-index', 'apps/bff/src/gamma/gamma.ts', 'apps/bff/src/alpha/alpha.ts'],
  ['bff-domain-not-composition', 'apps/bff/src/gamma/gamma.ts', 'apps/bff/src/deps.ts'],
  ['bff-testing-for-tests', 'apps/bff/src/gamma/gamma.ts', 'apps/bff/src/testing/console.ts'],
  ['bff-platform-no-domain', 'apps/bff/src/platform/clock.ts', 'apps/bff/src/epsilon/index.ts'],
  [
    'spa-feature-not-feature',
    'apps/web/src/features/flights/page.tsx',
    'apps/web/src/features/hotels/api/hotels.ts',
  ],
  ['spa-feature-not-app', 'apps/web/src/features/flights/page.tsx', 'apps/web/src/app/nav.ts'],
  ['spa-shared-not-feature', 'apps/web/src/lib/links.ts', 'apps/web/src/features/hotels/api/hotels.ts'],
  ['spa-shared-not-feature', 'apps/web/src/components/field.tsx', 'apps/web/src/app/nav.ts'],
  ['spa-lib-not-components', 'apps/web/src/lib/toast.ts', 'apps/web/src/components/field.tsx'],
  ['packages-not-apps', 'packages/kit/src/index.ts', 'apps/web/src/lib/format.ts'],
].map((v) => v.join(' '));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'console-arrows-'));
  for (const [path, source] of Object.entries(house)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${source}\n`);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the arrows between files (dependency-cruiser, in pnpm lint)', () => {
  it('fails the lint on a circle and on every forbidden arrow, naming the rule, and lets the allowed arrows be', () => {
    const text = cruise(dir, lintArrows);
    expect(text.status).not.toBe(0);
    for (const rule of new Set(planted.map((v) => v.split(' ')[0])))
      expect(text.out).toContain(`error ${rule}:`);

    const json = cruise(dir, [...lintArrows, '--output-type', 'json']);
    const found = ResultSchema.parse(JSON.parse(json.out)).summary.violations.map(
      (v) => `${v.rule.name} ${v.from} ${v.to}`,
    );
    // A file circle is reported once, from whichever of its files comes first; a folder circle from each side.
    expect([...new Set(found)].sort()).toEqual([...planted].sort());
  }, 120_000);

  it('passes on the real tree', () => {
    const real = cruise(root, lintArrows);
    expect(real.out).toContain('no dependency violations found');
    expect(real.status).toBe(0);
  }, 120_000);
});

// Writes the import-direction rules of biome.json (noRestrictedImports, one override per folder) from the folders as
// they are: every SPA feature under apps/web/src/features, every BFF domain under apps/bff/src. Run it after adding a
// feature or a domain: `node tooling/import-rules.mjs`; the tests fail on a folder without its rule.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const folders = (dir) =>
  readdirSync(join(root, dir))
    .filter((name) => statSync(join(root, dir, name)).isDirectory())
    .sort();

/** The BFF's folders that are not domains: what every domain may use, and what composes them. */
export const BFF_SHARED = ['platform', 'db'];
export const BFF_COMPOSITION = ['cli', 'drills', 'testing'];
export const bffDomains = () =>
  folders('apps/bff/src').filter((name) => !BFF_SHARED.includes(name) && !BFF_COMPOSITION.includes(name));
export const webFeatures = () => folders('apps/web/src/features');

const FEATURE_MESSAGE =
  'Features do not import each other: move what two features share to src/lib or src/components.';
const DOMAIN_MESSAGE =
  "A BFF domain reaches another domain only through its index.ts, and never the composition (app.ts, deps.ts, cli/, drills/): take what you need from the other domain's index, or be handed it in your own deps.ts.";
const PLATFORM_MESSAGE =
  'platform/ and db/ import no domain and no composition file: they are what the domains stand on. Pass what they need in.';
const COMPOSITION = ['../deps.ts', '../app.ts', '../openapi.ts', '../index.ts', '../drills/**', '../cli/**'];

const restrict = (includes, group, message) => ({
  includes,
  linter: {
    rules: {
      style: { noRestrictedImports: { level: 'error', options: { patterns: [{ group, message }] } } },
    },
  },
});

export function importRules() {
  const features = webFeatures();
  const domains = bffDomains();
  return [
    ...features.map((feature) =>
      restrict(
        [`apps/web/src/features/${feature}/**`],
        features
          .filter((other) => other !== feature)
          .flatMap((other) => [`**/${other}/**`, `**/features/${other}/**`]),
        FEATURE_MESSAGE,
      ),
    ),
    ...domains.map((domain) =>
      restrict(
        [`apps/bff/src/${domain}/**`],
        [
          ...domains
            .filter((other) => other !== domain)
            .flatMap((other) => [`**/${other}/*`, `!**/${other}/index.ts`]),
          ...COMPOSITION,
        ],
        DOMAIN_MESSAGE,
      ),
    ),
    restrict(
      BFF_SHARED.map((folder) => `apps/bff/src/${folder}/**`),
      [
        ...domains.map((domain) => `**/${domain}/**`),
        '**/deps.ts',
        '**/app.ts',
        '**/openapi.ts',
        '**/drills/**',
      ],
      PLATFORM_MESSAGE,
    ),
  ];
}

/** The rules that are not per folder (lib and components, packages and apps) are kept as they are. */
const generated = (override) =>
  override.includes.some((glob) => /^apps\/web\/src\/features\/|^apps\/bff\/src\//.test(glob));

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = join(root, 'biome.json');
  const config = JSON.parse(readFileSync(path, 'utf8'));
  config.overrides = [...importRules(), ...config.overrides.filter((o) => !generated(o))];
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
  console.log(`biome.json: ${config.overrides.length} overrides written`);
}

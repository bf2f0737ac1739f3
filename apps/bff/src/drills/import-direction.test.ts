import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The BFF's import direction is a lint rule (biome.json, noRestrictedImports per domain, written by
 * tooling/import-rules.mjs), not a hope: a domain reaches another only through its index.ts and never the composition;
 * platform/ and db/ reach no domain. These probes are real files at the paths the rule covers, linted with the
 * project's own configuration, then removed.
 */
const root = join(import.meta.dirname, '..', '..', '..', '..');
const src = join(root, 'apps', 'bff', 'src');
const biome = join(root, 'node_modules', '.bin', 'biome');
const NOT_DOMAINS = ['platform', 'db', 'cli', 'drills', 'testing'];
const domains = readdirSync(src).filter(
  (name) => statSync(join(src, name)).isDirectory() && !NOT_DOMAINS.includes(name),
);

function lint(probes: [string, string][]): string {
  const tag = `probe-${process.pid}-${Date.now()}`;
  const files = probes.map(([dir, source], i) => {
    const file = join(root, dir, `${tag}-${i}.ts`);
    writeFileSync(file, `${source}\n`);
    return file;
  });
  try {
    return execFileSync(biome, ['lint', '--max-diagnostics=100', ...files], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    // Biome exits 1 when it reports errors; its report is what the test reads.
    const out = error as { stdout?: string; stderr?: string };
    return `${out.stdout ?? ''}${out.stderr ?? ''}`;
  } finally {
    for (const file of files) rmSync(file, { force: true });
  }
}
const count = (report: string, words: string) => report.split(words).length - 1;
const DOMAIN_RULE = 'A BFF domain reaches another domain only through its index.ts';
const PLATFORM_RULE = 'platform/ and db/ import no domain';

describe('the BFF’s import direction', () => {
  it('has a rule for every domain folder', () => {
    const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as {
      overrides: { includes: string[] }[];
    };
    const covered = new Set(config.overrides.flatMap((o) => o.includes));
    expect(domains.filter((d) => !covered.has(`apps/bff/src/${d}/**`))).toEqual([]);
    expect(domains.length).toBeGreaterThanOrEqual(10);
  });

  it('fails a domain reaching into another domain’s files, or into the composition', () => {
    const probes = domains.flatMap((domain, i): [string, string][] => {
      const other = domains[(i + 1) % domains.length];
      return [
        [`apps/bff/src/${domain}`, `export * from '../${other}/something.ts';`],
        [`apps/bff/src/${domain}`, "export type { Deps } from '../deps.ts';"],
      ];
    });
    expect(count(lint(probes), DOMAIN_RULE)).toBe(domains.length * 2);
  });

  it('lets a domain import another domain’s index, platform, db and the contract', () => {
    const report = lint([
      [
        'apps/bff/src/quotes',
        [
          "export { reachableBooking } from '../bookings/index.ts';",
          "export { ConsoleError } from '../platform/errors.ts';",
          "export type { Db } from '../db/index.ts';",
          "export { MeSchema } from '@console/contract';",
        ].join('\n'),
      ],
    ]);
    expect(report).not.toContain('noRestrictedImports');
  });

  it('fails platform/ or db/ importing a domain', () => {
    const report = lint([
      ['apps/bff/src/platform', "export * from '../identity/index.ts';"],
      ['apps/bff/src/db', "export * from '../bookings/ledger.ts';"],
    ]);
    expect(count(report, PLATFORM_RULE)).toBe(2);
  });
});

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import direction is a lint rule (biome.json, noRestrictedImports per folder), not a hope. These probes are
 * real files at the paths the rule covers, linted with the project's own configuration, then removed.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const biome = join(root, 'node_modules', '.bin', 'biome');

function lint(probes: Record<string, string>): string {
  const tag = `probe-${process.pid}-${Date.now()}`;
  const files = Object.entries(probes).map(([dir, source]) => {
    const file = join(root, dir, `${tag}.ts`);
    writeFileSync(file, `${source}\n`);
    return file;
  });
  try {
    return execFileSync(biome, ['lint', '--max-diagnostics=50', ...files], {
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

const featuresDir = join(root, 'apps', 'web', 'src', 'features');
const features = readdirSync(featuresDir).filter((name) => statSync(join(featuresDir, name)).isDirectory());

describe('the import direction', () => {
  it('has a rule for every feature folder (tooling/import-rules.mjs writes them)', () => {
    const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as {
      overrides: { includes: string[] }[];
    };
    const covered = new Set(config.overrides.flatMap((o) => o.includes));
    expect(features.filter((f) => !covered.has(`apps/web/src/features/${f}/**`))).toEqual([]);
  });

  it('fails every feature that imports another feature', () => {
    const probes = Object.fromEntries(
      features.map((feature, i) => {
        const other = features[(i + 1) % features.length];
        return [`apps/web/src/features/${feature}`, `export * from '../${other}/probe.ts';`];
      }),
    );
    const report = lint(probes);
    expect(report.match(/Features do not import each other/g)?.length).toBe(features.length);
  });

  it('fails a feature importing another feature, lib importing components, and a package importing an app', () => {
    const report = lint({
      'apps/web/src/features/flights/components': "export { meQuery } from '../../auth/api/sign-in.ts';",
      'apps/web/src/lib': "export { notify } from '../components/toasts.tsx';",
      'packages/contract/src': "export { createSandbox } from '@console/sandbox';",
    });
    expect(report).toContain('Features do not import each other');
    expect(report).toContain('src/lib does not import components or features');
    expect(report).toContain('packages/* never import apps/*');
  });

  it('lets a feature import what lib and components share', () => {
    const report = lint({
      'apps/web/src/features/flights/components': "export { useMe } from '../../../lib/me.ts';",
    });
    expect(report).not.toContain('noRestrictedImports');
  });
});

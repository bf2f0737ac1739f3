import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSupportedNode, MIN_NODE } from './version.ts';

const root = JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};

describe('the Node the console needs', () => {
  it('is the one package.json names in engines, Node 24 LTS or later', () => {
    expect(root.engines.node).toBe(`>=${MIN_NODE.join('.')}`);
    expect(MIN_NODE[0]).toBeGreaterThanOrEqual(24);
  });

  it('is this one: the tests run on a supported Node', () => {
    expect(isSupportedNode(process.versions.node)).toBe(true);
  });

  it('refuses Node 20 and 22 and an older 24, and takes a later minor or major', () => {
    expect(isSupportedNode('20.19.5')).toBe(false);
    expect(isSupportedNode('22.12.0')).toBe(false);
    expect(isSupportedNode('24.10.9')).toBe(false);
    expect(isSupportedNode(MIN_NODE.join('.'))).toBe(true);
    expect(isSupportedNode('24.21.0')).toBe(true);
    expect(isSupportedNode('26.0.0')).toBe(true);
  });

  it('is checked before every root script that runs the console', () => {
    for (const name of ['start', 'test', 'dev', 'bench']) {
      expect(root.scripts[name]).toMatch(/^node tooling\/require-node\.mjs && /);
    }
  });

  const script = new URL('../../../../../tooling/require-node.mjs', import.meta.url).pathname;

  it('lets the root scripts go on when this Node is supported', () => {
    expect(execFileSync(process.execPath, [script], { encoding: 'utf8' })).toBe('');
  });

  it('stops a root script on an older Node, saying which version it needs', () => {
    // The same script in a workspace that asks for a Node newer than this one.
    const dir = mkdtempSync(join(tmpdir(), 'require-node-'));
    try {
      mkdirSync(join(dir, 'tooling'));
      copyFileSync(script, join(dir, 'tooling', 'require-node.mjs'));
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ engines: { node: '>=99.1.0' } }));
      const run = spawnSync(process.execPath, [join(dir, 'tooling', 'require-node.mjs')], {
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('needs Node 99.1.0 or later');
      expect(run.stderr).toContain(`this is Node ${process.versions.node}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

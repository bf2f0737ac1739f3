import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BFF_NODE_FLAGS } from './flags.ts';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>;
};
const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');

describe('the node flags the BFF runs with', () => {
  it('are the ones its start scripts and the README pass to node', () => {
    const line = `node ${BFF_NODE_FLAGS.join(' ')} dist/index.js`;
    expect(pkg.scripts['start:built']).toBe(line);
    expect(pkg.scripts.start).toBe(`node build.mjs && ${line}`);
    expect(readme).toContain(`node ${BFF_NODE_FLAGS.join(' ')} apps/bff/dist/index.js`);
  });
});

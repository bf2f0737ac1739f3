#!/usr/bin/env node
// Stops a root script (`pnpm start`, `pnpm test`, `pnpm dev`, `pnpm bench`) at once on a Node older than the
// workspace's `engines.node`, saying which version is needed. Plain JavaScript with no imports of ours, so it runs on
// any Node that can parse it. The BFF's own entry makes the same check (apps/bff/src/node-version.ts).
import { readFileSync } from 'node:fs';

const range =
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines?.node ?? '';
const wanted = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(range);
if (!wanted) {
  console.error(
    `package.json's engines.node should read ">=MAJOR.MINOR.PATCH", not ${JSON.stringify(range)}`,
  );
  process.exit(1);
}
const need = wanted.slice(1).map(Number);
const have = process.versions.node.split('.').map(Number);
const index = need.findIndex((part, i) => have[i] !== part);
if (index >= 0 && (have[index] ?? 0) < (need[index] ?? 0)) {
  console.error(
    `The booking console needs Node ${need.join('.')} or later (Node 24 LTS); this is Node ${process.versions.node}. ` +
      'Install Node 24 LTS and run the command again (the README says how).',
  );
  process.exit(1);
}

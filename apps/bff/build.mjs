// The production build of the BFF: the server, the users command and the embedded sandbox's worker as plain
// JavaScript run by `node` (no TypeScript loader in production). The workspace packages (contract, client, sandbox)
// are bundled in; the BFF's own npm dependencies stay external and load from node_modules (native better-sqlite3,
// pg, pino and the rest), so they are the same files the tests use.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@console/'));

const { outputFiles } = await build({
  entryPoints: {
    index: 'src/index.ts',
    'sandbox-worker': 'src/upstream/sandbox-worker.ts',
    'cli/users': 'src/cli/users.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // Bundled CommonJS (pdf-lib in the sandbox) may require Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
  write: false,
});
// Each file is written whole under another name and then renamed over the old one, so a console starting beside this
// build (the journeys start one console per sandbox profile at once, each building first) never loads half a file.
for (const file of outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  const partial = `${file.path}.${process.pid}.partial`;
  writeFileSync(partial, file.contents);
  renameSync(partial, file.path);
}
console.log('bff: built dist/index.js, dist/sandbox-worker.js, dist/cli/users.js');

import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './compress-assets.ts';
import { firstPaint } from './first-paint.ts';
import { routeSizes } from './route-sizes.ts';
import { routeSummaries } from './route-summaries.ts';
import { zodWithoutJsonSchema } from './zod-json-schema.ts';

/** A module shared by at least this many of the ~20 screens' chunks goes to the common "shell" file. */
const SHARED_BY_SCREENS = 12;

/**
 * Zod without its compiled parsers (decision 038): our Content-Security-Policy refuses `eval`, so zod's probe for it
 * (`new Function("")`, made when a schema is defined) only failed, and every page reported the refusal as a CSP issue.
 * Set at the top of the chunk that holds zod's core, so it is in place before zod's own module code runs there (a
 * module imported first by the entry runs only after the chunks it depends on). Parsing is what it was under the policy.
 */
const ZOD_JITLESS = (chunk: { moduleIds: readonly string[] }) =>
  chunk.moduleIds.some((id) => /[\\/]node_modules[\\/].*zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id))
    ? 'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});'
    : '';

const ON_REQUEST = /(shell-extras|command-palette|traveller-picker)-[^/]*\.js$/;

// `pnpm --filter @console/web dev` serves the SPA with hot reload and sends /api to the BFF on :3000.
export default defineConfig({
  plugins: [
    react(),
    zodWithoutJsonSchema(),
    routeSummaries(),
    // React Aria ships its strings in ~34 languages; the console is in English, so only en-US is bundled.
    { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' },
    routeSizes(),
    firstPaint(),
    compressAssets(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  // The search stream is parsed in a module worker (features/flights/api/search-stream.worker.ts).
  worker: {
    format: 'es',
    plugins: () => [zodWithoutJsonSchema()],
    rolldownOptions: { output: { banner: ZOD_JITLESS } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    rolldownOptions: {
      // The contract's schemas are built with `z.…` calls at module level, which a bundler must otherwise keep (a call
      // may do anything): every schema of a module the SPA imports was built when the shell was evaluated, whether a
      // screen used it or not. Building a zod schema has no effect beyond its value, so an unused one is dropped.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        banner: ZOD_JITLESS,
        codeSplitting: {
          // On HTTP/1.1 (the console served as it is, or behind a proxy that speaks it), each file costs a round
          // trip on one of six connections: a screen made of 22 small files waited five round trips for its
          // scripts on a slow link. What most screens share is one file; the rest stays split by screen (grouping
          // more was measured to put /flights and /hotels over their 170 KiB).
          groups: [{ name: 'shell', minShareCount: SHARED_BY_SCREENS, priority: 10 }],
        },
      },
    },
    modulePreload: {
      // What loads on request after the screen is up (the palette and the wallet banner, the traveller
      // picker) fetches its modules when asked: listing them for preloading would cost every route their names.
      resolveDependencies: (filename, deps) =>
        ON_REQUEST.test(filename) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
  },
});

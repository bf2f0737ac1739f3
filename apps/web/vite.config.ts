import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './compress-assets.ts';
import { routeSizes } from './route-sizes.ts';

// `pnpm --filter @console/web dev` serves the SPA with hot reload and sends /api to the BFF on :3000.
export default defineConfig({
  plugins: [
    react(),
    // React Aria ships its strings in ~34 languages; the console is in English, so only en-US is bundled.
    { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' },
    routeSizes(),
    compressAssets(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  // The search stream is parsed in a module worker (features/flights/api/search-stream.worker.ts).
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
  },
});

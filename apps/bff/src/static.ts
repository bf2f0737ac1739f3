import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from './lib/types.ts';

/**
 * The built SPA: hashed assets cached for a year and served compressed (the build's `.br` / `.gz` copies), everything
 * else answered with index.html (client routes), never cached, so a deploy is picked up on the next load.
 */
export function spa(dist: string) {
  const app = new Hono<AppEnv>();
  const index = join(dist, 'index.html');
  if (!existsSync(index)) {
    app.get('*', (c) =>
      c.html(
        '<!doctype html><html lang="en"><title>Booking console</title><body><main><h1>The console is not built</h1><p>Run <code>pnpm --filter @console/web build</code>, or start with <code>pnpm start</code>, which builds it.</p></main></body></html>',
        503,
      ),
    );
    return app;
  }
  const html = readFileSync(index, 'utf8');
  app.use(
    '/assets/*',
    serveStatic({
      root: dist,
      // The build's Brotli and gzip copies, by the browser's Accept-Encoding (with Vary); the file itself otherwise.
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  const files = serveStatic({
    root: dist,
    precompressed: true,
    onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600'),
  });
  // Other files of the build (favicon, robots.txt); pages fall through to index.html below.
  app.use('*', async (c, next) => (/\.(?!html$)[a-z0-9]+$/i.test(c.req.path) ? files(c, next) : next()));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return app;
}

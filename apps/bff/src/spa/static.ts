import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorEnvelope, ME_ELEMENT_ID, type Me } from '@console/contract';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { acceptsGzip, gzip } from '../platform/compress.ts';
import type { AppEnv } from '../platform/types.ts';

/** The signed-in agent's GET /api/me answer for a page request, or null when it has no live session. */
export type PageSession = (c: Context<AppEnv>) => Promise<Me | null>;
/** The console address of a product page's first picture, when known. */
export type LeadImage = (productId: string) => string | undefined;

/**
 * JSON that can stand inside a `<script type="application/json">`: every `<` escaped, so no value (a user's name
 * is typed by an admin) can close the element or open a comment; U+2028/9 escaped for old parsers.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * The built SPA: hashed assets cached for a year and served compressed (the build's `.br` / `.gz` copies), everything
 * else answered with index.html (client routes), never cached, so a deploy is picked up on the next load; a
 * signed-in agent's page carries who they are (never stored).
 */
export function spa(dist: string, session?: PageSession, leadImage?: LeadImage) {
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
  // A file under /assets/ that is not there (a chunk of an earlier build, asked for by a tab opened before a deploy)
  // is a 404, never the app's page: HTML read as a script would only fail later and less clearly (the SPA reloads).
  app.all('/assets/*', (c) =>
    c.json(
      errorEnvelope('route_not_found', { requestId: c.get('requestId'), message: 'No such file.' }),
      404,
      {
        'Cache-Control': 'no-store',
      },
    ),
  );
  const files = serveStatic({
    root: dist,
    precompressed: true,
    onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600'),
  });
  // Other files of the build (favicon, robots.txt); pages fall through to index.html below.
  app.use('*', async (c, next) => (/\.(?!html$)[a-z0-9]+$/i.test(c.req.path) ? files(c, next) : next()));
  const pageFor = routePages(html, join(dist, 'route-preloads.json'));
  // The pages the same for everyone, compressed once each (a dozen screens).
  const gzipped = new Map<string, Uint8Array<ArrayBuffer>>();
  app.get('*', async (c) => {
    const page = pageFor(c.req.path);
    // A signed-in agent's page carries their /api/me answer, so the screen starts without waiting for that call
    // first (one round trip less before anything shows on a slow link; issue 20). Such a page is theirs alone: not
    // stored anywhere. A page without a session is the same for everyone and revalidated on every load.
    const me = session ? await session(c) : null;
    c.header('Cache-Control', me ? 'no-store' : 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    const html = me
      ? beforeHeadEnd(
          page,
          `<script id="${ME_ELEMENT_ID}" type="application/json">${scriptJson(me)}</script>${firstReads(c.req.path, leadImage)}`,
        )
      : page;
    // The page carries the entry's stylesheet (about 16 KB): sent gzipped to a browser that takes it.
    if (!acceptsGzip(c)) return c.html(html);
    let body = me ? undefined : gzipped.get(html);
    if (!body) {
      body = new Uint8Array(await gzip(html, { level: 9 }));
      if (!me) gzipped.set(html, body);
    }
    c.header('Content-Encoding', 'gzip');
    c.header('Content-Type', 'text/html; charset=UTF-8');
    return c.body(body);
  });
  return app;
}

/**
 * What a signed-in screen reads first, when its address alone says what (only reads: a search is a POST and is not
 * preloaded). The browser asks for it with the page's scripts instead of after them: the activity page's product, whose
 * gallery image is what the page is measured by, came one round trip after the scripts on a slow link. The URL is
 * the one the SPA's client builds (the id as the router decodes it, encoded again), so the answer is reused. The
 * gallery's first picture too, when this instance has read the product before (lib/lead-images.ts), at the address
 * and priority of the page's own `<img>`.
 */
function firstReads(path: string, leadImage?: LeadImage): string {
  const product = /^\/activities\/([^/]+)$/.exec(path)?.[1];
  if (!product || product === 'bookings') return '';
  let id: string;
  try {
    id = decodeURIComponent(product);
  } catch {
    return '';
  }
  const reads = `<link rel="preload" as="fetch" crossorigin href="${attribute(`/api/activities/products/${encodeURIComponent(id)}`)}">`;
  const image = leadImage?.(id);
  return image
    ? `${reads}<link rel="preload" as="image" fetchpriority="high" href="${attribute(image)}">`
    : reads;
}

/**
 * The page with `insert` placed just before its `</head>`, by position: never as `String.replace`'s replacement
 * string, whose `$'`, `` $` ``, `$&` and `$$` patterns a person's name may hold (they would copy the page into itself).
 */
function beforeHeadEnd(page: string, insert: string): string {
  const at = page.indexOf('</head>');
  return at < 0 ? page : `${page.slice(0, at)}${insert}${page.slice(at)}`;
}

const attribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** A route pattern of the SPA (`/flights/book/:offerId`) as a test of a path. */
function matcher(pattern: string): (path: string) => boolean {
  const parts = pattern.split('/');
  return (path) => {
    const given = path.replace(/\/+$/, '').split('/');
    return given.length === parts.length && parts.every((p, i) => p.startsWith(':') || p === given[i]);
  };
}

/**
 * index.html for each screen, with `modulepreload` links to the shell's and the screen's own chunks (the build's
 * route-preloads.json): the browser fetches them alongside the entry instead of discovering them one after another
 * as the router loads them, which on a slow mobile link was most of the wait before the first paint of a screen
 * (pnpm bench, Lighthouse mobile). A path of no known screen gets index.html as built. Built once per screen.
 */
function routePages(html: string, preloadsFile: string): (path: string) => string {
  if (!existsSync(preloadsFile)) return () => html;
  const table = z
    .record(z.string(), z.array(z.string()))
    .safeParse(JSON.parse(readFileSync(preloadsFile, 'utf8')));
  if (!table.success) return () => html;
  // Static segments before parameters: /activities/bookings is not /activities/:productId.
  const routes = Object.entries(table.data)
    .map(([pattern, files]) => ({ pattern, test: matcher(pattern), files }))
    .sort((a, b) => {
      const rank = (p: string) =>
        p
          .split('/')
          .map((s) => (s.startsWith(':') ? '1' : '0'))
          .join('');
      return rank(a.pattern).localeCompare(rank(b.pattern));
    });
  const pages = new Map<string, string>();
  const links = (files: readonly string[]) =>
    files
      .filter((file) => !html.includes(`/${file}"`))
      .map((file) =>
        file.endsWith('.css')
          ? // Fetched early, not applied: the screen's loader adds it when it runs (and waits for it, from cache).
            `<link rel="preload" as="style" crossorigin href="/${file}">`
          : // Low priority, as the build marks the entry's own: none of them is needed for the page's first paint.
            `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`,
      )
      .join('');
  return (path) => {
    // The console's front door goes to the flight desk.
    const route = routes.find((r) => r.test(path === '/' ? '/flights' : path));
    if (!route) return html;
    let page = pages.get(route.pattern);
    if (page === undefined) {
      page = beforeHeadEnd(html, links(route.files.filter((f) => /\.(js|css)$/.test(f))));
      pages.set(route.pattern, page);
    }
    return page;
  };
}

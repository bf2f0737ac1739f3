import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface ChunkInfo {
  code: string;
  /** Vite's: the stylesheets this chunk's modules import. */
  viteMetadata?: { importedCss: Set<string> };
  imports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
}

/** Routes by the page module their lazy chunk is built from. */
const ROUTES: Record<string, string> = {
  'sign-in-page.tsx': '/sign-in',
  'welcome-page.tsx': '/welcome',
  'not-me-page.tsx': '/not-me',
  'flight-search-page.tsx': '/flights',
  'book-page.tsx': '/flights/book/:offerId',
  'order-page.tsx': '/flights/orders/:orderId',
  'hotel-search-page.tsx': '/hotels',
  'hotel-page.tsx': '/hotels/:hotelId',
  'hotel-book-page.tsx': '/hotels/book/:rateId',
  'hotel-order-page.tsx': '/hotels/orders/:orderId',
  'activity-search-page.tsx': '/activities',
  'activity-page.tsx': '/activities/:productId',
  'activity-book-page.tsx': '/activities/book/:typeId',
  'activity-booking-page.tsx': '/activities/bookings/:bookingId',
  'activity-bookings-page.tsx': '/activities/bookings',
  'bookings-page.tsx': '/bookings',
  'radar-page.tsx': '/radar',
  'changes-page.tsx': '/changes',
  'admin-page.tsx': '/admin',
  'users-page.tsx': '/admin/users',
  'audit-page.tsx': '/admin/audit',
  'account-page.tsx': '/account',
  // One chunk for the office's screens.
  'office-pages.tsx': '/travellers, /trips, /admin/wallet',
  // One chunk for the business screens.
  'business-pages.tsx': '/admin/pricing, /admin/reports, /quotes',
};
/** The paths each route label stands for, where it is not one path itself (for the preload table). */
const PATTERNS: Record<string, string[]> = {
  '/admin/pricing, /admin/reports, /quotes': [
    '/admin/pricing',
    '/admin/reports',
    '/quotes',
    '/quotes/:quoteId',
  ],
  '/travellers, /trips, /admin/wallet': [
    '/travellers',
    '/travellers/:travellerId',
    '/trips',
    '/trips/:tripId',
    '/admin/wallet',
  ],
};
/** Routes outside the signed-in shell. */
const PUBLIC = new Set(['/sign-in', '/welcome', '/not-me']);
/** The signed-in shell, loaded with every route but sign-in. */
const SHELL = 'layout.tsx';
/**
 * Every route is held to the budget (issue 17). The activity product page's exception for its calendar (180 KiB)
 * ended (issue 43): react-day-picker stays, lighter than React Aria's Calendar, and loads after the page's first paint
 * (decision 038).
 */
const BUDGET_KIB = 170;

/**
 * After a build, prints the gzipped JavaScript each route loads (the entry, the route's own chunk and everything
 * they import statically) and writes it to dist/route-sizes.json for pnpm bench.
 */
export function routeSizes(): Plugin {
  let outDir = 'dist';
  return {
    name: 'console-route-sizes',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const [file, item] of Object.entries(bundle)) {
        if (item.type === 'chunk') chunks.set(file, item);
      }
      const gz = new Map([...chunks].map(([file, chunk]) => [file, gzipSync(chunk.code).length]));
      const closure = (start: string, into = new Set<string>()) => {
        if (into.has(start)) return into;
        into.add(start);
        for (const next of chunks.get(start)?.imports ?? []) closure(next, into);
        return into;
      };
      const entry = [...chunks].find(([, c]) => c.isEntry)?.[0];
      if (!entry) return;
      const base = closure(entry);
      const rows: { route: string; kib: number; files: number }[] = [];
      // What each signed-in route loads beyond what index.html already preloads (the entry and its imports): the BFF
      // lists these as modulepreload links in the page it serves for that route, so the shell and the screen come in
      // parallel with the entry instead of one after another (issue 20).
      const preloads: Record<string, string[]> = {};
      const measure = (route: string, files: Set<string>) => {
        if (process.env.ROUTE_FILES === route)
          for (const f of [...files].sort()) console.log(`    ${f} ${((gz.get(f) ?? 0) / 1024).toFixed(2)}`);
        rows.push({
          route,
          kib: [...files].reduce((n, f) => n + (gz.get(f) ?? 0), 0) / 1024,
          files: files.size,
        });
      };
      const shell = [...chunks].find(([, c]) => c.isDynamicEntry && c.facadeModuleId?.endsWith(SHELL))?.[0];
      const signedIn = shell ? closure(shell, new Set(base)) : base;
      for (const [file, chunk] of chunks) {
        if (!chunk.isDynamicEntry) continue;
        const page = Object.keys(ROUTES).find((name) => chunk.facadeModuleId?.endsWith(`/${name}`));
        if (!page) continue;
        const route = ROUTES[page] ?? file;
        const files = closure(file, new Set(PUBLIC.has(route) ? base : signedIn));
        measure(route, files);
        const own = [...files].filter((f) => !base.has(f));
        // The screen's own stylesheets too: Vite's loader waits for them before it shows the screen.
        const css = own.flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]);
        for (const pattern of PATTERNS[route] ?? [route]) preloads[pattern] = [...own, ...css];
      }
      console.log('\nJavaScript each route loads (gzip):');
      for (const row of rows) {
        const budget = `  budget ${BUDGET_KIB} KiB: ${row.kib <= BUDGET_KIB ? 'within' : `over by ${(row.kib - BUDGET_KIB).toFixed(1)} KiB`}`;
        console.log(
          `  ${row.route.padEnd(28)} ${row.kib.toFixed(1).padStart(7)} KiB in ${row.files} files${budget}`,
        );
      }
      writeFileSync(join(outDir, 'route-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
      writeFileSync(
        join(outDir, 'route-sizes.json'),
        `${JSON.stringify({ budget_kib: BUDGET_KIB, routes: rows }, null, 2)}\n`,
      );
      // The budget is a gate, not a report: a change that pushes a budgeted route over it fails the build (and so
      // `pnpm test`), where it is cheapest to notice. ROUTE_BUDGET=warn turns the gate into a warning.
      const over = rows.filter((row) => row.kib > BUDGET_KIB);
      if (over.length > 0 && process.env.ROUTE_BUDGET !== 'warn') {
        this.error(
          `route JavaScript over its budget: ${over.map((r) => `${r.route} ${r.kib.toFixed(1)} KiB (budget ${BUDGET_KIB})`).join(', ')}`,
        );
      }
    },
  };
}

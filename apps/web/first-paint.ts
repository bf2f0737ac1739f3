import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * index.html paints its loading line before any script runs (issue 20; Lighthouse in pnpm bench):
 * - the entry's stylesheet is put in the page as a `<style>` (the BFF's Content-Security-Policy allows inline styles,
 *   not inline scripts), so the HTML alone can be painted; the file is still written, for anything that names it,
 *   and named by a disabled (never fetched) link, so that no screen's chunk fetches it again;
 * - the entry is fetched at once (modulepreload) but run by a small boot script only after the browser has painted a
 *   frame, so on a slow link or device the agent sees the console answering instead of a blank page while its
 *   scripts load and run. A page in a background tab (which paints nothing until shown) starts at once.
 * The boot script is named by its content's hash, like every asset (cached for a year).
 */
/** How every module of a page is preloaded (the BFF's per-screen links say the same). */
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" crossorigin fetchpriority="low" href=';

export function firstPaint(): Plugin {
  let outDir = 'dist';
  let boot: { file: string; source: string } | null = null;
  return {
    name: 'console-first-paint',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        let page = html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g,
          (link, file: string) => {
            const asset = ctx.bundle?.[file];
            if (asset?.type !== 'asset') return link;
            const css =
              typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            // A `</style` inside the CSS (a string or a comment) would end the element early.
            if (css.includes('</style')) return link;
            // The disabled link is never fetched: it is there for Vite's preload helper, which looks for a stylesheet
            // link of each CSS file a screen's chunk depends on and, finding none, would add one and wait for it (a
            // request, and a wait, before the first screen, for rules already in the page).
            return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
          },
        );
        page = page.replace(
          /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/,
          (_tag, entry: string) => {
            const chunk = ctx.bundle?.[entry.slice(1)];
            const first = chunk?.type === 'chunk' ? chunk.imports.map((file) => `/${file}`) : [];
            const source = bootScript(entry, first);
            const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
            boot = { file: `assets/boot-${hash}.js`, source };
            return `<link rel="modulepreload" crossorigin href="${entry}"><script type="module" crossorigin src="/${boot.file}"></script>`;
          },
        );
        // No module is needed for the first paint (module scripts never block it): each is asked for at low
        // priority, so the browser gives the page itself its first turn.
        return page.replaceAll('<link rel="modulepreload" crossorigin href=', LOW_PRIORITY_PRELOAD);
      },
    },
    writeBundle() {
      if (!boot) return;
      mkdirSync(join(outDir, 'assets'), { recursive: true });
      writeFileSync(join(outDir, boot.file), boot.source);
    },
  };
}

/**
 * The boot script. The chunks the entry imports (the shell: React, the router, zod and the contract's schemas) are
 * run first, each in a task of its own, then the entry (React DOM and the app): run as one module graph they were
 * one task of ~250 ms on a slow phone (4x CPU), the longest of the first screen (pnpm bench, Lighthouse mobile).
 * Running a module the entry imports before it is what the entry's own import does, in the same order.
 */
function bootScript(entry: string, first: readonly string[]): string {
  return `// Runs the console (${entry}) once the page has painted its loading line.
// A task's turn by a message, not a timer: a hidden tab's timers may wait a second each.
const turn = () => new Promise((resolve) => { const c = new MessageChannel(); c.port1.onmessage = resolve; c.port2.postMessage(0); });
const run = async () => {
  for (const chunk of ${JSON.stringify(first)}) {
    await import(chunk);
    await turn();
  }
  await import(${JSON.stringify(entry)});
};
const start = () =>
  run().catch(() => {
    const root = document.getElementById('root');
    if (root)
      root.innerHTML = '<p class="notice" role="alert">The console could not load. Check the connection and reload the page.</p>';
  });
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
`;
}

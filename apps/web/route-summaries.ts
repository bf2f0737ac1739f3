import type { Plugin } from 'vite';

/** A declaration's `summary: '…',` (or "…", or `…`), on its line or the next, as biome writes it. */
const SUMMARY = /\n[ \t]*summary:\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`),/g;

/**
 * The console routes' declarations (packages/contract/src/routes, decision 055) in the SPA's build without their
 * summaries: a summary is for the OpenAPI document the BFF writes; the browser reads a declaration's method, path and
 * schemas only, and every screen calls a handful of routes whose words would otherwise ride in its JavaScript.
 */
export function routeSummaries(): Plugin {
  return {
    name: 'console-route-summaries',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/]routes[\\/][^\\/]+\.ts$/.test(id)) return null;
      const out = code.replace(SUMMARY, '');
      return out === code ? null : { code: out, map: null };
    },
  };
}

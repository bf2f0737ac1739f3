import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMiddleware } from 'hono/factory';
import { answerHeaders } from './answer.ts';
import type { AppEnv } from './types.ts';

/**
 * The security headers every answer of the console carries (docs/decisions/025), made in this one place: pages,
 * assets, the search stream (written straight to the socket), CSV and PDF downloads, and the data set of every JSON
 * answer (reads, writes, errors, 413 and 404).
 */
export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * Browser features the console never uses: every one denied to the page and anything it could embed. Only features
 * the browsers know are named: Chromium writes a warning to the console for each name it does not know
 * (`ambient-light-sensor`, `battery`, `bluetooth` and `web-share` were such), and the journeys fail on any warning.
 */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'gamepad',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/** What the console itself uses: passkeys are made and used on its pages. */
const SELF_FEATURES = ['publickey-credentials-create', 'publickey-credentials-get'];

export interface SecurityOptions {
  /** HTTPS in front (COOKIE_SECURE): HSTS for a year, subdomains included. */
  secure: boolean;
  /** Origins pictures may come from besides the console itself (the service's, when its images are absolute). */
  imageOrigins: readonly string[];
  /** `'sha256-…'` of each inline `<style>` of the built page (its stylesheet is inlined; no other inline style). */
  inlineStyles: readonly string[];
}

export function securityHeaders(options: SecurityOptions): SecurityHeaders {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${options.inlineStyles.join(' ')}`.trim(),
    // Style attributes in markup are refused; React sets styles through the DOM, which a policy does not govern.
    "style-src-attr 'none'",
    `img-src 'self' data: ${options.imageOrigins.join(' ')}`.trim(),
    "connect-src 'self'",
    "font-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "media-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'Permissions-Policy': [
      ...DENIED_FEATURES.map((feature) => `${feature}=()`),
      // Passkeys (decision 031): on the console's own pages, never in a frame of another origin.
      ...SELF_FEATURES.map((feature) => `${feature}=(self)`),
    ].join(', '),
    'Referrer-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'X-DNS-Prefetch-Control': 'off',
    'X-Permitted-Cross-Domain-Policies': 'none',
    ...(options.secure ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** The headers of the whole set a JSON answer carries as they are. */
const FOR_DATA_TOO = new Set([
  'Referrer-Policy',
  'X-Content-Type-Options',
  'X-Frame-Options',
  'Cross-Origin-Resource-Policy',
  'Strict-Transport-Security',
]);

/**
 * The headers of a JSON answer (decision 038, eighth pass), the set OWASP's REST Security Cheat Sheet names for an
 * API: a browser never renders one as a page that loads, runs, frames or opens anything, so it gets a policy that
 * allows nothing (`default-src 'none'`, no base, no form, no framing), `nosniff` so it is never read as HTML or script,
 * CORP so no other origin can pull it in, no referrer beyond the origin, and HSTS over HTTPS. What only a document uses
 * (Permissions-Policy, COOP, Origin-Agent-Cluster, DNS prefetching, the page's own long policy) stays on pages, assets,
 * the stream and downloads: about a kilobyte less on every API answer, and less to write and read for each.
 */
function dataAnswerHeaders(headers: SecurityHeaders): SecurityHeaders {
  return {
    'Content-Security-Policy':
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(Object.entries(headers).filter(([name]) => FOR_DATA_TOO.has(name))),
  };
}
/** Whether an answer is JSON (`application/json`, or a `+json` type such as `application/problem+json`). */
const isJson = (contentType: string | null) =>
  contentType !== null && /^application\/(?:[\w.-]+\+)?json\b/i.test(contentType);

/**
 * Sets the headers on every answer after its handler ran: a JSON answer the data set, every other answer (pages,
 * assets, downloads, pictures) the whole set. An answer that brings its own stricter policy keeps it (a relayed SVG:
 * `default-src 'none'; frame-ancestors 'none'; sandbox`).
 */
export function withSecurityHeaders(headers: SecurityHeaders) {
  const entries = Object.entries(headers);
  const dataEntries = Object.entries(dataAnswerHeaders(headers));
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const answer = answerHeaders(c);
    for (const [name, value] of isJson(answer.get('content-type')) ? dataEntries : entries)
      if (!answer.has(name)) answer.set(name, value);
  });
}

/** The `'sha256-…'` source of each inline `<style>` in the built page, or none when the SPA is not built. */
export function inlineStyleHashes(webDist: string): string[] {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

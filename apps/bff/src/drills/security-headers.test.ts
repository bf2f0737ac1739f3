import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ActivityVoucherListSchema } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdCanalTour, inDays, startConsole, type TestConsole } from '../testing/console.ts';

/**
 * The header drill (decisions 025 and 038): every answer the console gives carries its security headers from one
 * place — every JSON answer (reads, errors, the 413, the 404) the API's set, and pages, assets, the search stream, CSV
 * and PDF downloads the whole set — and a relayed SVG keeps its own stricter policy. A built SPA of a few files stands
 * in for apps/web/dist.
 */
const dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
const STYLE = 'body{margin:0;color:#111}';
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><html lang="en"><head><title>Booking console</title><style>${STYLE}</style><script type="module" src="/assets/boot-1.js"></script></head><body><div id="root"></div></body></html>`,
);
writeFileSync(join(dist, 'assets', 'boot-1.js'), 'console.log("booted");');

let t: TestConsole;
let agent: Awaited<ReturnType<TestConsole['signedIn']>>;
let admin: Awaited<ReturnType<TestConsole['signedIn']>>;
beforeAll(async () => {
  t = await startConsole({ WEB_DIST: dist, COOKIE_SECURE: 'true' });
  agent = await t.signedIn('agent');
  admin = await t.signedIn('admin');
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const SET = [
  'content-security-policy',
  'permissions-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-frame-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
  'strict-transport-security',
] as const;
const setOf = (headers: Headers) => Object.fromEntries(SET.map((name) => [name, headers.get(name)]));

const raw = (path: string, init: RequestInit = {}) =>
  fetch(`${t.origin}${path}`, {
    ...init,
    headers: { Cookie: agent.cookie(), 'X-Console-Csrf': '1', ...init.headers },
  });

describe('the security headers', () => {
  it('are the same on every kind of answer the console gives: the data set on JSON, the whole set on everything else', async () => {
    const data = setOf((await raw('/api/me')).headers);
    const page = setOf((await raw('/flights')).headers);
    expect(Object.values(page).every((value) => value !== null)).toBe(true);
    // A JSON answer is never a page: a policy that allows nothing, and nothing only a document uses.
    expect(data).toEqual({
      ...page,
      'content-security-policy':
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'permissions-policy': null,
      'cross-origin-opener-policy': null,
      'origin-agent-cluster': null,
      'x-dns-prefetch-control': null,
      'x-permitted-cross-domain-policies': null,
    });

    const stream = await raw('/api/flights/searches/stream', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        slices: [{ origin: 'LHR', destination: 'CDG', departure_date: inDays(30) }],
        passengers: { adults: 1 },
      }),
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    await stream.text();

    const booking = await holdCanalTour(agent);
    await agent.post(`/activities/bookings/${booking.id}/confirm`);
    // The sandbox issues the vouchers at its own pace (a minute of its clock covers both profiles').
    await t.control('/clock/advance', { seconds: 60 });
    await agent.get(`/activities/bookings/${booking.id}`);
    const voucher = ActivityVoucherListSchema.parse(
      (await agent.get(`/activities/bookings/${booking.id}/vouchers`)).body,
    ).data[0];
    const pdf = await raw(`/api/activities/bookings/${booking.id}/vouchers/${voucher?.id}/download`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const csv = await fetch(`${t.origin}/api/admin/audit?format=csv`, {
      headers: { Cookie: admin.cookie() },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');

    const json: Record<string, Response> = {
      'a relayed read': await raw('/api/flights/places?query=lon'),
      'a read of its own': await raw('/api/wallet'),
      'a refusal (401)': await fetch(`${t.origin}/api/me`),
      'an unknown API route (404)': await raw('/api/no-such-route'),
      'an unknown booking (404 from the service)': await raw('/api/flights/orders/FO-NOPE'),
      'a body too large (413)': await raw('/api/travellers', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ given_name: 'x'.repeat(2 * 1024 * 1024) }),
      }),
      'a missing asset (404)': await raw('/assets/gone-2.js'),
      health: await fetch(`${t.origin}/api/health`),
    };
    expect(json['a body too large (413)']?.status).toBe(413);
    for (const [what, answer] of Object.entries(json)) {
      expect({ what, json: answer.headers.get('content-type') }).toEqual({
        what,
        json: expect.stringMatching(/^application\/json/),
      });
      expect({ what, ...setOf(answer.headers) }).toEqual({ what, ...data });
    }
    const others: Record<string, Response> = {
      'a page': await raw('/flights'),
      'the sign-in page, signed out': await fetch(`${t.origin}/sign-in`),
      'an asset': await raw('/assets/boot-1.js'),
      'the search stream': stream,
      'a PDF voucher': pdf,
      'the audit CSV': csv,
    };
    for (const [what, answer] of Object.entries(others))
      expect({ what, ...setOf(answer.headers) }).toEqual({ what, ...page });

    // Pictures relayed from the service: the same set, but a stricter policy of their own that no page may frame.
    const pictures: Record<string, Response> = {
      'a hotel picture': await raw('/api/media/hotels/1001/1.svg'),
      'an activity picture': await raw('/api/media/activities/showcase/1.svg'),
    };
    for (const [what, answer] of Object.entries(pictures)) {
      expect({ what, status: answer.status }).toEqual({ what, status: 200 });
      const { 'content-security-policy': policy, ...rest } = setOf(answer.headers);
      const { 'content-security-policy': _, ...expected } = page;
      expect({ what, ...rest }).toEqual({ what, ...expected });
      expect({ what, policy }).toEqual({
        what,
        policy: "default-src 'none'; frame-ancestors 'none'; sandbox",
      });
    }
  });

  it('deny every browser feature the console does not use (passkeys on its own pages only), and a policy without inline styles or other bases', async () => {
    const headers = (await raw('/flights')).headers;
    const features = headers.get('permissions-policy') ?? '';
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid'])
      expect(features).toContain(`${feature}=()`);
    // Passkeys work on the console's own pages only.
    expect(features).toContain('publickey-credentials-create=(self)');
    expect(features).toContain('publickey-credentials-get=(self)');
    // Names Chromium does not know are warnings in every page's console: none is sent.
    for (const unknown of ['ambient-light-sensor', 'battery', 'bluetooth', 'web-share'])
      expect(features.split(', ')).not.toContain(`${unknown}=()`);
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/img-src 'self' data:(;|$)/);
    // The page's one inline stylesheet is allowed by its hash, and nothing else inline.
    const hash = `'sha256-${Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(STYLE))).toString('base64')}'`;
    expect(csp).toContain(`style-src 'self' ${hash}`);
  });

  it('keep a relayed SVG on its own stricter policy', async () => {
    const svg = await raw('/api/media/hotels/1001/1.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    expect(svg.headers.get('permissions-policy')).toContain('camera=()');
  });

  it('answer a missing asset with 404, never the app page', async () => {
    const missing = await raw('/assets/flight-search-page-0ld0ne.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect(await missing.text()).not.toContain('<!doctype html>');
  });
});

describe('over HTTPS (COOKIE_SECURE)', () => {
  it('send HSTS for a year with subdomains, and a __Host- session cookie: Secure, path /, no Domain', async () => {
    expect((await raw('/api/health')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const b = t.browser();
    const signIn = await b.signIn('agent@demo.test', 'demo-agent');
    const cookie = signIn.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-console_session=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
    expect((await b.get('/me')).status).toBe(200);
    // A cookie without the prefix (set by a sibling subdomain, say) is not a session here.
    const plain = await fetch(`${t.origin}/api/me`, {
      headers: { Cookie: b.cookie().replace('__Host-console_session', 'console_session') },
    });
    expect(plain.status).toBe(401);
  });

  it('set beside the session a cookie the page may read, holding only that there is a sign-in, and clear both together', async () => {
    const b = t.browser();
    const cookies = (await b.signIn('agent@demo.test', 'demo-agent')).headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('__Host-console_session=')) ?? '';
    const hint = cookies.find((c) => c.startsWith('__Host-console_signed_in=')) ?? '';
    expect(session).toMatch(/; HttpOnly/i);
    expect(hint).toMatch(/^__Host-console_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/; Secure/i);
    expect(hint).toMatch(/; SameSite=Strict/i);
    const maxAge = (c: string) => /Max-Age=(\d+)/i.exec(c)?.[1];
    expect(maxAge(hint)).toBe(maxAge(session));
    // The hint is no key: with it alone, nobody is signed in.
    const hintOnly = await fetch(`${t.origin}/api/me`, { headers: { Cookie: '__Host-console_signed_in=1' } });
    expect(hintOnly.status).toBe(401);

    // A browser signed in before the hint existed gets it with its next page.
    const session_ =
      b
        .cookie()
        .split('; ')
        .find((c) => c.startsWith('__Host-console_session=')) ?? '';
    const page = await fetch(`${t.origin}/flights`, { headers: { Cookie: session_ } });
    expect(
      page.headers.getSetCookie().find((c) => c.startsWith('__Host-console_signed_in=1;')),
    ).toBeDefined();
    // One that has it is not sent it again; a page without a session sets nothing.
    const again = await fetch(`${t.origin}/flights`, { headers: { Cookie: b.cookie() } });
    expect(again.headers.getSetCookie()).toEqual([]);
    expect((await fetch(`${t.origin}/flights`)).headers.getSetCookie()).toEqual([]);

    const signedOut = (await b.post('/auth/sign-out')).headers.getSetCookie();
    expect(signedOut.find((c) => c.startsWith('__Host-console_session=;'))).toBeDefined();
    expect(signedOut.find((c) => c.startsWith('__Host-console_signed_in=;'))).toBeDefined();
    expect(b.cookie()).not.toMatch(/console_session|console_signed_in/);
  });

  it('on plain HTTP (COOKIE_SECURE=false) send no HSTS and a cookie without the prefix', async () => {
    const plainConsole = await startConsole({ COOKIE_SECURE: 'false' });
    try {
      const b = plainConsole.browser();
      const signIn = await b.signIn('agent@demo.test', 'demo-agent');
      expect(signIn.headers.get('set-cookie')).toMatch(/^console_session=/);
      expect(signIn.headers.get('strict-transport-security')).toBeNull();
      expect((await b.get('/me')).status).toBe(200);
    } finally {
      await plainConsole.close();
    }
  });
});

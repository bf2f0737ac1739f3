import {
  ErrorEnvelopeSchema,
  SecondFactorNeededSchema,
  SecurityNoticeListSchema,
  SingleSignOnRedirectSchema,
  TotpEnrolmentSchema,
  UserListSchema,
} from '@console/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from '../testing/console.ts';
import { startOpenIdProvider, type TestOpenIdProvider } from '../testing/oidc-provider.ts';

/**
 * Single sign-on against a real OpenID provider (oidc-provider) on this machine: the console's redirect, the
 * provider's login page filled as a person would, the provider's redirect back, the console's session. Held against
 * an attacker (decision 035): an e-mail never connects an account by itself, only an explicit multi-factor claim stands
 * in for the second step, and a proof makes the person sign in at the provider again.
 */
const PUBLIC_URL = 'http://console.sso.test';
let t: TestConsole;
let provider: TestOpenIdProvider;
beforeAll(async () => {
  provider = await startOpenIdProvider({ redirectUris: [`${PUBLIC_URL}/api/auth/oidc/callback`] });
  t = await startConsole({
    PUBLIC_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: 'Office Login',
    OIDC_EMAIL_DOMAINS: 'demo.test',
    OIDC_MFA_ACR: 'urn:office:mfa',
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

type Browser = ReturnType<TestConsole['browser']>;
const error = (body: unknown) => ErrorEnvelopeSchema.parse(body).error;
const PASSWORD = 'amber orchard signal 9';

/** The provider's side of one person's browser: its own cookies (their session there), redirects followed by hand. */
function providerSide() {
  const jar = new Map<string, string>();
  let logins = 0;
  const at = async (url: string, init: { method?: string; form?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { Cookie: [...jar.values()].join('; ') };
    let body: string | undefined;
    if (init.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const pair = setCookie.split(';')[0] ?? '';
      const name = pair.slice(0, pair.indexOf('='));
      if (/expires=Thu, 01 Jan 1970/i.test(setCookie)) jar.delete(name);
      else jar.set(name, pair);
    }
    return {
      status: response.status,
      location: response.headers.get('location'),
      text: await response.text(),
    };
  };
  return {
    /**
     * From the console's redirect to the provider back to the console's callback: the provider's login page is
     * filled as `email` (with `form`'s extra fields) whenever the provider shows it.
     */
    async roundTrip(start: string, email: string, form: Record<string, string> = {}) {
      let location = new URL(start);
      let step = await at(location.href);
      while (step.status >= 300 && step.status < 400 && !step.location?.startsWith(PUBLIC_URL)) {
        location = new URL(step.location ?? '', provider.issuer);
        if (location.pathname.startsWith('/interaction/')) {
          const page = await at(location.href);
          expect(page.text).toContain('Office Login');
          logins += 1;
          step = await at(location.href, { method: 'POST', form: { email, ...form } });
        } else step = await at(location.href);
      }
      return new URL(step.location ?? '');
    },
    /** How many times the provider asked this person to sign in there. */
    logins: () => logins,
  };
}

/** The console's answer to the provider's redirect back (where it sends the browser next). */
async function backAtConsole(b: Browser, back: URL) {
  expect(back.pathname).toBe('/api/auth/oidc/callback');
  const answer = await b.call('GET', `${back.pathname}${back.search}`);
  expect(answer.status).toBe(302);
  return answer.headers.get('location');
}

/** Signs in through the provider as `email`: where the console sends the browser next. */
async function viaProvider(
  b: Browser,
  email: string,
  form: Record<string, string> = {},
  side = providerSide(),
  tamper?: (url: URL) => void,
) {
  const start = await b.call('GET', '/api/auth/oidc/start');
  expect(start.status).toBe(302);
  const location = new URL(start.headers.get('location') ?? '');
  expect(location.searchParams.get('code_challenge_method')).toBe('S256');
  expect(location.searchParams.get('nonce')).toBeTruthy();
  // A plain sign-in does not force a new one at the provider.
  expect(location.searchParams.get('max_age')).toBeNull();
  const back = await side.roundTrip(location.href, email, form);
  tamper?.(back);
  return backAtConsole(b, back);
}

/** A signed-in person connects their identity at the provider from their account page. */
async function connect(b: Browser, email: string, side = providerSide()) {
  const begun = await b.post('/account/single-sign-on', { return_to: '/account' });
  if (begun.status !== 200) return { status: begun.status, body: begun.body, location: null };
  const { url } = SingleSignOnRedirectSchema.parse(begun.body);
  const location = new URL(url);
  // Connecting makes the person sign in at the provider again, whatever session they have there.
  expect(location.searchParams.get('max_age')).toBe('0');
  expect(location.searchParams.get('prompt')).toBe('login');
  return { status: 200, body: null, location: await backAtConsole(b, await side.roundTrip(url, email)) };
}

/** A person's sign-ins through the provider, newest first. */
async function auditOf(email: string) {
  const admin = await t.signedIn('admin');
  const page = (await admin.get(`/admin/audit?user=${encodeURIComponent(email)}&action=sign_in`)).body as {
    data: Array<{ result: string; factor: string | null; error_code: string | null }>;
  };
  return page.data.filter((entry) => entry.factor?.startsWith('single_sign_on'));
}

/** A new agent, invited, with their own password, signed in (their proof fresh). */
async function newAgent(email: string, name = 'Kim Two') {
  const admin = await t.signedIn('admin');
  await t.invite(admin, { email, name, role: 'agent' }, PASSWORD);
  const b = t.browser();
  expect((await b.signIn(email, PASSWORD)).status).toBe(200);
  return b;
}

/** A person's state as the admin's users screen reads it. */
async function listedState(admin: { get: (path: string) => Promise<{ body: unknown }> }, email: string) {
  const page = UserListSchema.parse((await admin.get(`/admin/users?q=${encodeURIComponent(email)}`)).body);
  const user = page.data.find((u) => u.email === email);
  return user && { state: user.state, has_password: user.has_password, invitation: user.invitation };
}

describe('single sign-on with the office’s OpenID provider', () => {
  it('is offered on the sign-in page by the name the operator gave', async () => {
    expect((await t.browser().get('/auth/options')).body).toEqual({
      single_sign_on: { name: 'Office Login', url: '/api/auth/oidc/start' },
    });
  });

  it('never signs in an existing account by its e-mail alone, an admin’s included: its person connects it first', async () => {
    // The attack: the provider vouches for an e-mail that an account here has; before, that was enough.
    for (const email of ['agent@demo.test', 'admin@demo.test']) {
      const b = t.browser();
      expect(await viaProvider(b, email)).toBe('/sign-in?sso=identity_not_connected');
      expect((await b.get('/me')).status).toBe(401);
      expect((await auditOf(email))[0]).toMatchObject({
        result: 'failed',
        factor: 'single_sign_on',
        error_code: 'identity_not_connected',
      });
    }
  });

  it('signs in the account its person connected, signed in and freshly proved, and tells them', async () => {
    const b = await newAgent('sso.connect@demo.test');
    const connected = await connect(b, 'sso.connect@demo.test');
    expect(connected.location).toBe('/account?sso=connected');
    expect((await b.get('/account/factors')).body).toMatchObject({
      single_sign_on: { name: 'Office Login', connected: true },
    });
    const notices = SecurityNoticeListSchema.parse((await b.get('/account/notices')).body);
    expect(notices.data.map((n) => n.kind)).toEqual(['identity_connected']);

    const again = t.browser();
    expect(await viaProvider(again, 'sso.connect@demo.test')).toBe('/');
    expect(((await again.get('/me')).body as { user: { email: string } }).user.email).toBe(
      'sso.connect@demo.test',
    );
    expect((await auditOf('sso.connect@demo.test'))[0]).toMatchObject({
      result: 'succeeded',
      factor: 'single_sign_on',
    });
  });

  it('connects an identity only to one account: another person cannot take it over', async () => {
    const first = await newAgent('sso.first@demo.test');
    expect((await connect(first, 'sso.shared@demo.test')).location).toBe('/account?sso=connected');
    const second = await newAgent('sso.second@demo.test');
    expect((await connect(second, 'sso.shared@demo.test')).location).toBe('/account?sso=identity_in_use');
    expect((await second.get('/account/factors')).body).toMatchObject({
      single_sign_on: { connected: false },
    });
  });

  it('refuses an identity with no account here, an email the provider did not verify, or one of another domain', async () => {
    const b = t.browser();
    expect(await viaProvider(b, 'stranger@elsewhere.test')).toBe('/sign-in?sso=unknown_identity');
    expect((await b.get('/me')).status).toBe(401);
    expect((await auditOf('stranger@elsewhere.test'))[0]).toMatchObject({
      result: 'failed',
      factor: 'single_sign_on',
      error_code: 'unknown_identity',
    });
    const admin = await t.signedIn('admin');
    await admin.post('/admin/users', { email: 'unverified@demo.test', name: 'Una Verified', role: 'agent' });
    expect(await viaProvider(t.browser(), 'unverified@demo.test')).toBe('/sign-in?sso=unknown_identity');
    // Refused at the provider, they have not accepted their invitation (decision 041).
    expect(await listedState(admin, 'unverified@demo.test')).toMatchObject({ state: 'invited' });
  });

  it('makes an agent of a person the provider vouches for when the office allows it, only of the operator’s domains', async () => {
    const admin = await t.signedIn('admin');
    expect(
      (
        await admin.put('/admin/sign-in-policy', {
          two_factor: 'nobody',
          single_sign_on_creates_agents: true,
        })
      ).body,
    ).toEqual({
      two_factor: 'nobody',
      single_sign_on_creates_agents: true,
      proof_above: null,
    });
    const b = t.browser();
    expect(await viaProvider(b, 'newcomer@demo.test')).toBe('/');
    expect((await b.get('/me')).body).toMatchObject({ user: { email: 'newcomer@demo.test', role: 'agent' } });
    // Joined by single sign-on: active, with no password and no invitation (decision 041).
    expect(await listedState(admin, 'newcomer@demo.test')).toEqual({
      state: 'active',
      has_password: false,
      invitation: null,
    });
    // OIDC_EMAIL_DOMAINS names demo.test only.
    expect(await viaProvider(t.browser(), 'newcomer@elsewhere.test')).toBe('/sign-in?sso=unknown_identity');
    await admin.put('/admin/sign-in-policy', { two_factor: 'nobody', single_sign_on_creates_agents: false });
  });

  it('asks for the console’s own second step unless the provider claims multi-factor explicitly (amr mfa, or the operator’s acr)', async () => {
    const own = await newAgent('sso.two@demo.test');
    expect((await connect(own, 'sso.two@demo.test')).location).toBe('/account?sso=connected');
    const app = TotpEnrolmentSchema.parse((await own.post('/account/factors/totp', { name: 'Phone' })).body);
    const code = (offset = 0) =>
      TOTP.generate({ secret: Secret.fromBase32(app.secret), timestamp: Date.now() + offset });
    expect((await own.post(`/account/factors/totp/${app.id}/confirm`, { code: code() })).status).toBe(200);

    const b = t.browser();
    expect(await viaProvider(b, 'sso.two@demo.test')).toBe('/sign-in?step=second-factor');
    expect((await b.get('/me')).status).toBe(401);
    expect(
      SecondFactorNeededSchema.parse((await b.get('/auth/sign-in/second-factor')).body).second_factor.methods,
    ).toEqual(['totp', 'recovery_code']);
    expect((await b.post('/auth/sign-in/second-factor', { method: 'totp', code: code(30_000) })).status).toBe(
      200,
    );
    expect((await auditOf('sso.two@demo.test'))[0]).toMatchObject({
      result: 'succeeded',
      factor: 'single_sign_on+totp',
    });

    // The attack: a provider naming one method (a hardware key alone, a one-time code alone) said nothing of two.
    for (const amr of ['hwk', 'otp', 'pwd,hwk']) {
      const single = t.browser();
      expect(await viaProvider(single, 'sso.two@demo.test', { amr })).toBe('/sign-in?step=second-factor');
      expect((await single.get('/me')).status).toBe(401);
    }

    const withKey = t.browser();
    expect(await viaProvider(withKey, 'sso.two@demo.test', { security_key: 'on' })).toBe('/');
    expect((await withKey.get('/me')).status).toBe(200);
    expect((await auditOf('sso.two@demo.test'))[0]).toMatchObject({ factor: 'single_sign_on+mfa' });

    const byAcr = t.browser();
    expect(await viaProvider(byAcr, 'sso.two@demo.test', { acr: 'urn:office:mfa' })).toBe('/');
    const notByAcr = t.browser();
    expect(await viaProvider(notByAcr, 'sso.two@demo.test', { acr: 'urn:office:password' })).toBe(
      '/sign-in?step=second-factor',
    );
  });

  it('wants a fresh proof with one’s own factor to connect an identity: a stolen session alone cannot', async () => {
    const victim = await newAgent('sso.stolen@demo.test');
    const app = TotpEnrolmentSchema.parse(
      (await victim.post('/account/factors/totp', { name: 'Phone' })).body,
    );
    const code = (offset = 0) =>
      TOTP.generate({ secret: Secret.fromBase32(app.secret), timestamp: Date.now() + offset });
    expect((await victim.post(`/account/factors/totp/${app.id}/confirm`, { code: code() })).status).toBe(200);
    t.advanceConsoleClock(6 * 60_000);
    // The attacker holds the session cookie: connecting their own identity is refused.
    const attempt = await connect(victim, 'attacker@demo.test');
    expect({ status: attempt.status, code: error(attempt.body).code }).toEqual({
      status: 403,
      code: 'reauthentication_required',
    });
  });

  it('makes a proof a new sign-in at the provider: a session the browser still has there proves nothing now', async () => {
    const admin = await t.signedIn('admin');
    const side = providerSide();
    expect((await connect(admin, 'admin@demo.test', side)).location).toBe('/account?sso=connected');
    const b = t.browser();
    expect(await viaProvider(b, 'admin@demo.test', {}, side)).toBe('/');
    const loginsBefore = side.logins();
    t.advanceConsoleClock(6 * 60_000);
    const policy = { two_factor: 'nobody' as const };
    expect(error((await b.put('/admin/sign-in-policy', policy)).body).code).toBe('reauthentication_required');

    // The attack: one silent round trip through the provider, whose session is still alive, is no fresh proof.
    const silent = t.browser();
    expect(await viaProvider(silent, 'admin@demo.test', {}, side)).toBe('/');
    expect(side.logins()).toBe(loginsBefore);
    expect(error((await silent.put('/admin/sign-in-policy', policy)).body).code).toBe(
      'reauthentication_required',
    );

    // A proof through the provider: it asks the person to sign in there again, and then it holds.
    const begun = SingleSignOnRedirectSchema.parse(
      (await b.post('/account/prove/single-sign-on', { return_to: '/admin/users' })).body,
    );
    const back = await backAtConsole(b, await side.roundTrip(begun.url, 'admin@demo.test'));
    expect(back).toBe('/admin/users?sso=proved');
    expect(side.logins()).toBe(loginsBefore + 1);
    expect((await b.put('/admin/sign-in-policy', policy)).status).toBe(200);
  });

  it('takes a proof at the provider with one factor as no stand-in for an admin’s own factor; with its second, it is', async () => {
    const admin = await t.signedIn('admin');
    await t.invite(admin, { email: 'sso.admin@demo.test', name: 'Ada Strong', role: 'admin' }, PASSWORD);
    const b = t.browser();
    expect((await b.signIn('sso.admin@demo.test', PASSWORD)).status).toBe(200);
    const app = TotpEnrolmentSchema.parse((await b.post('/account/factors/totp', { name: 'Phone' })).body);
    // The code of the console's clock (which this file moves), as the app on a phone in step with it shows.
    const code = TOTP.generate({ secret: Secret.fromBase32(app.secret), timestamp: t.console.deps.clock() });
    expect((await b.post(`/account/factors/totp/${app.id}/confirm`, { code })).status).toBe(200);
    const side = providerSide();
    expect((await connect(b, 'sso.admin@demo.test', side)).location).toBe('/account?sso=connected');
    t.advanceConsoleClock(6 * 60_000);
    const factors = (await b.get('/account/factors')).body as { data: Array<{ id: string }> };
    const prove = async (form: Record<string, string>) => {
      const begun = SingleSignOnRedirectSchema.parse(
        (await b.post('/account/prove/single-sign-on', { return_to: '/admin/users' })).body,
      );
      return backAtConsole(b, await side.roundTrip(begun.url, 'sso.admin@demo.test', form));
    };
    const invite = () =>
      b.post('/admin/users', { email: `evil.${Date.now()}@demo.test`, name: 'Evil', role: 'admin' });
    // The attack: a stolen session and the admin's provider password, no second factor at the provider.
    expect(await prove({})).toBe('/admin/users?sso=proved');
    expect(error((await invite()).body).code).toBe('reauthentication_required');
    expect(error((await b.delete(`/account/factors/${factors.data[0]?.id}`)).body).code).toBe(
      'reauthentication_required',
    );
    // The provider's own second factor is a proof as strong as the admin's.
    expect(await prove({ security_key: 'on' })).toBe('/admin/users?sso=proved');
    expect((await invite()).status).toBe(201);
  });

  it('refuses an answer whose state is not the browser’s, or that comes without the browser’s cookie', async () => {
    const b = t.browser();
    const forged = await viaProvider(b, 'agent@demo.test', {}, providerSide(), (url) =>
      url.searchParams.set('state', 'forged'),
    );
    expect(forged).toBe('/sign-in?sso=single_sign_on_failed');
    expect((await b.get('/me')).status).toBe(401);

    // Another browser (an attacker's link to their own code): no state cookie, nothing happens.
    const attacker = t.browser();
    const start = await attacker.call('GET', '/api/auth/oidc/start');
    expect(start.status).toBe(302);
    const victim = t.browser();
    const answer = await victim.call('GET', '/api/auth/oidc/callback?code=abc&state=xyz');
    expect(answer.headers.get('location')).toBe('/sign-in?sso=single_sign_on_failed');
    expect(ErrorEnvelopeSchema.safeParse(answer.body).success).toBe(false);
  });
});

import { ErrorEnvelopeSchema, SecondFactorNeededSchema, TotpEnrolmentSchema } from '@console/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from './test-support.ts';
import { startOpenIdProvider, type TestOpenIdProvider } from './testing/oidc-provider.ts';

/**
 * Single sign-on against a real OpenID provider (oidc-provider) on this machine: the console's redirect, the
 * provider's login page filled as a person would, the provider's redirect back, the console's session.
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
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

type Browser = ReturnType<TestConsole['browser']>;

/** The provider's side of the browser: its own cookies, redirects followed by hand. */
function providerSide() {
  const jar = new Map<string, string>();
  return async (url: string, init: { method?: string; form?: Record<string, string> } = {}) => {
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
}

/**
 * Signs in through the provider as `email` (with the provider's security key when asked): the console's answer to
 * the redirect back (where it sends the browser next).
 */
async function viaProvider(b: Browser, email: string, securityKey = false, tamper?: (url: URL) => void) {
  const start = await b.call('GET', '/api/auth/oidc/start');
  expect(start.status).toBe(302);
  const at = providerSide();
  let location = new URL(start.headers.get('location') ?? '');
  expect(location.searchParams.get('code_challenge_method')).toBe('S256');
  expect(location.searchParams.get('nonce')).toBeTruthy();
  let step = await at(location.href);
  // To the login page, through the provider's own redirects.
  while (step.status >= 300 && step.status < 400 && !step.location?.startsWith(PUBLIC_URL)) {
    location = new URL(step.location ?? '', provider.issuer);
    step = location.pathname.startsWith('/interaction/')
      ? await at(location.href).then(async (page) => {
          expect(page.text).toContain('Office Login');
          return at(location.href, {
            method: 'POST',
            form: { email, ...(securityKey ? { security_key: 'on' } : {}) },
          });
        })
      : await at(location.href);
  }
  const back = new URL(step.location ?? '');
  expect(back.pathname).toBe('/api/auth/oidc/callback');
  tamper?.(back);
  const answer = await b.call('GET', `${back.pathname}${back.search}`);
  expect(answer.status).toBe(302);
  return answer.headers.get('location');
}

async function auditOf(email: string) {
  const admin = await t.signedIn('admin');
  const page = (await admin.get(`/admin/audit?user=${encodeURIComponent(email)}&action=sign_in`)).body as {
    data: Array<{ result: string; factor: string | null; error_code: string | null }>;
  };
  return page.data;
}

describe('single sign-on with the office’s OpenID provider', () => {
  it('is offered on the sign-in page by the name the operator gave', async () => {
    expect((await t.browser().get('/auth/options')).body).toEqual({
      single_sign_on: { name: 'Office Login', url: '/api/auth/oidc/start' },
    });
  });

  it('signs in the account with the email the provider verified, and records it', async () => {
    const b = t.browser();
    expect(await viaProvider(b, 'agent@demo.test')).toBe('/');
    const me = (await b.get('/me')).body as { user: { email: string } };
    expect(me.user.email).toBe('agent@demo.test');
    expect((await auditOf('agent@demo.test'))[0]).toMatchObject({
      result: 'succeeded',
      factor: 'single_sign_on',
    });
    // The identity is linked: the next sign-in finds the account by the provider's subject.
    const again = t.browser();
    expect(await viaProvider(again, 'agent@demo.test')).toBe('/');
  });

  it('refuses an identity with no account here, and an email the provider did not verify', async () => {
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
  });

  it('makes an agent of a person the provider vouches for when the office allows it', async () => {
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
    await admin.put('/admin/sign-in-policy', { two_factor: 'nobody', single_sign_on_creates_agents: false });
  });

  it('asks for the console’s own second step unless the provider’s amr names one', async () => {
    const admin = await t.signedIn('admin');
    const password = 'amber orchard signal 9';
    await t.invite(admin, { email: 'sso.two@demo.test', name: 'Kim Two', role: 'agent' }, password);
    const own = t.browser();
    await own.signIn('sso.two@demo.test', password);
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

    const withKey = t.browser();
    expect(await viaProvider(withKey, 'sso.two@demo.test', true)).toBe('/');
    expect((await withKey.get('/me')).status).toBe(200);
    expect((await auditOf('sso.two@demo.test'))[0]).toMatchObject({ factor: 'single_sign_on+mfa' });
  });

  it('refuses an answer whose state is not the browser’s, or that comes without the browser’s cookie', async () => {
    const b = t.browser();
    const forged = await viaProvider(b, 'agent@demo.test', false, (url) =>
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

import { IntrospectionSchema, TokenResponseSchema, WalletSchema, walletAddsUp } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, startSandbox, type TestSandbox } from './test-support.ts';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

const tokenBody = {
  grant_type: 'client_credentials',
  client_id: 'cid_test_demo',
  client_secret: 'sk_test_demo',
};

describe('POST /auth/tokens', () => {
  it('issues a one-hour bearer token for credentials in the JSON body, with every scope the client has', async () => {
    const token = expectOk(await sb.post('/auth/tokens', undefined, tokenBody), TokenResponseSchema, 201);
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600, environment: 'test' });
    expect(token.scope.split(' ')).toHaveLength(7);
  });

  it('accepts the credentials as HTTP Basic authentication', async () => {
    const basic = Buffer.from('cid_live_demo:sk_live_demo').toString('base64');
    const reply = await sb.post(
      '/auth/tokens',
      undefined,
      { grant_type: 'client_credentials' },
      { Authorization: `Basic ${basic}` },
    );
    expect(expectOk(reply, TokenResponseSchema, 201).environment).toBe('live');
  });

  it('narrows the token to the scopes asked for', async () => {
    const reply = await sb.post('/auth/tokens', undefined, {
      ...tokenBody,
      scope: 'wallet:read flights:read',
    });
    expect(expectOk(reply, TokenResponseSchema, 201).scope).toBe('flights:read wallet:read');
  });

  it('refuses a scope the client does not have', async () => {
    const reply = await sb.post('/auth/tokens', undefined, {
      grant_type: 'client_credentials',
      client_id: 'cid_test_readonly',
      client_secret: 'sk_test_readonly',
      scope: 'flights:write',
    });
    expectError(reply, 400, 'invalid_scope');
  });

  it('says missing_credentials when the secret is not sent', async () => {
    const error = expectError(
      await sb.post('/auth/tokens', undefined, {
        grant_type: 'client_credentials',
        client_id: 'cid_test_demo',
      }),
      400,
      'missing_credentials',
    );
    expect(error.param).toBe('client_secret');
  });

  it('says unsupported_grant_type for any other grant', async () => {
    expectError(
      await sb.post('/auth/tokens', undefined, { ...tokenBody, grant_type: 'password' }),
      400,
      'unsupported_grant_type',
    );
  });

  it('says invalid_client for a wrong secret', async () => {
    expectError(
      await sb.post('/auth/tokens', undefined, { ...tokenBody, client_secret: 'sk_test_wrong' }),
      401,
      'invalid_client',
    );
  });

  it('says invalid_json for a body that is not JSON', async () => {
    expectError(await sb.call('POST', '/v3/auth/tokens', { raw: '{"grant_type":' }), 400, 'invalid_json');
  });
});

describe('bearer tokens on the other endpoints', () => {
  it('says missing_authorization without a token', async () => {
    const reply = await sb.get('/wallet');
    expectError(reply, 401, 'missing_authorization');
    expect(reply.headers.get('WWW-Authenticate')).toContain('Bearer');
  });

  it('says invalid_token for a token it never issued', async () => {
    expectError(await sb.get('/wallet', 'tok_forged'), 401, 'invalid_token');
  });

  it('says expired_token once the hour has passed on the sandbox clock', async () => {
    const token = await sb.token();
    expect((await sb.get('/wallet', token)).status).toBe(200);
    await sb.advance(3601);
    expectError(await sb.get('/wallet', token), 401, 'expired_token');
  });

  it('says insufficient_scope when a read token tries to write, and when a flights token reads the wallet', async () => {
    const readOnly = await sb.token('cid_test_readonly');
    const flightsOnly = await sb.token('cid_test_demo', 'sk_test_demo', 'flights:read');
    expectError(await sb.post('/flights/orders', readOnly, {}), 403, 'insufficient_scope');
    expectError(await sb.get('/wallet', flightsOnly), 403, 'insufficient_scope');
    expectError(await sb.get('/hotels/places?query=paris', flightsOnly), 403, 'insufficient_scope');
  });

  it('introspects a token: office, client, environment, scopes and expiry', async () => {
    const token = await sb.token('cid_live_demo');
    const info = expectOk(await sb.get('/auth/introspect', token), IntrospectionSchema);
    expect(info).toMatchObject({
      active: true,
      client_id: 'cid_live_demo',
      environment: 'live',
      office: { name: 'Demo Travel' },
    });
  });
});

describe('GET /wallet', () => {
  it('keeps test and live money apart', async () => {
    const test = expectOk(await sb.get('/wallet', await sb.token('cid_test_demo')), WalletSchema);
    const live = expectOk(await sb.get('/wallet', await sb.token('cid_live_demo')), WalletSchema);
    expect(test.environment).toBe('test');
    expect(live.environment).toBe('live');
    expect(test.balance.amount).not.toBe(live.balance.amount);
    expect(walletAddsUp(test) && walletAddsUp(live)).toBe(true);
  });
});

describe('anything else', () => {
  it('answers an unknown route with a 404 envelope', async () => {
    expectError(await sb.get('/nowhere', await sb.token()), 404, 'route_not_found');
  });
});

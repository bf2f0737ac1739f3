import {
  CreateSessionResponseSchema,
  SandboxCreditBalanceSchema,
  SandboxEndSessionSchema,
  SessionProductsResponseSchema,
} from '@console/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type TestSandbox } from './test-support.ts';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
beforeEach(async () => {
  await sb.control('/reset');
});
afterAll(() => sb.close());

const login = { OfficeId: 'OFF-DEMO', UserName: 'demo', Password: 'demo-pass' };

async function create(body: unknown, path = '/rest/Authenticate/CreateSession') {
  const reply = await sb.call('POST', path, { body });
  return CreateSessionResponseSchema.parse(reply.body);
}

async function session() {
  const created = await create(login);
  if (!created.SessionId) throw new Error('no session');
  return created.SessionId;
}

describe('the session-based interface', () => {
  it('creates a session, and the v2 path gives sessions that work on both', async () => {
    const created = await create(login, '/rest/v2/Authenticate/CreateSession');
    expect(created.Success).toBe(true);
    const balance = await sb.call('POST', '/rest/Common/CreditBalance', {
      body: { SessionId: created.SessionId },
    });
    expect(SandboxCreditBalanceSchema.parse(balance.body).Balance?.Currency).toBe('USD');
  });

  it.each([
    ['Err0101003', 'a wrong password', { ...login, Password: 'nope' }],
    ['Err0101004', 'a user of another office', { ...login, OfficeId: 'OFF-LIMITED' }],
    [
      'Err0101005',
      'a user who is not verified',
      { OfficeId: 'OFF-DEMO', UserName: 'pending', Password: 'pending-pass' },
    ],
  ])('answers %s for %s', async (code, _, body) => {
    const created = await create(body);
    expect(created).toMatchObject({ Success: false, SessionId: null, Error: { Id: code } });
  });

  it('answers Err0101006 when the office lacks the permission for the endpoint', async () => {
    const created = await create({ OfficeId: 'OFF-LIMITED', UserName: 'limited', Password: 'limited-pass' });
    const reply = await sb.call(
      'GET',
      `/rest/Activity/v2/products?SessionId=${created.SessionId}&per_page=5`,
    );
    expect(SessionProductsResponseSchema.parse(reply.body).Error?.Id).toBe('Err0101006');
  });

  it('reads SessionId from the query on GET and from the body on POST, but not from the URL of a POST', async () => {
    const id = await session();
    const products = SessionProductsResponseSchema.parse(
      (await sb.call('GET', `/rest/Activity/v2/products?SessionId=${id}&per_page=3`)).body,
    );
    expect(products.Products).toHaveLength(3);
    const inUrl = await sb.call('POST', `/rest/Common/CreditBalance?SessionId=${id}`, { body: {} });
    expect(SandboxCreditBalanceSchema.parse(inUrl.body).Error?.Id).toBe('Err0101001');
  });

  it('expires a session after 20 idle minutes, and every call extends it', async () => {
    const id = await session();
    await sb.advance(15 * 60);
    expect(
      SandboxCreditBalanceSchema.parse(
        (await sb.call('POST', '/rest/Common/CreditBalance', { body: { SessionId: id } })).body,
      ).Success,
    ).toBe(true);
    await sb.advance(15 * 60);
    expect(
      SandboxCreditBalanceSchema.parse(
        (await sb.call('POST', '/rest/Common/CreditBalance', { body: { SessionId: id } })).body,
      ).Success,
    ).toBe(true);
    await sb.advance(21 * 60);
    expect(
      SandboxCreditBalanceSchema.parse(
        (await sb.call('POST', '/rest/Common/CreditBalance', { body: { SessionId: id } })).body,
      ).Error?.Id,
    ).toBe('Err0101002');
  });

  it('ends a session early', async () => {
    const id = await session();
    const ended = await sb.call('POST', '/rest/Authenticate/EndSession', { body: { SessionId: id } });
    expect(SandboxEndSessionSchema.parse(ended.body).Success).toBe(true);
    const after = await sb.call('POST', '/rest/Common/CreditBalance', { body: { SessionId: id } });
    expect(SandboxCreditBalanceSchema.parse(after.body).Error?.Id).toBe('Err0101001');
  });

  it('answers a body that is not JSON with a 400 in the same shape', async () => {
    const reply = await sb.call('POST', '/rest/Authenticate/CreateSession', { raw: 'OfficeId=1' });
    expect(reply.status).toBe(400);
    expect(CreateSessionResponseSchema.parse(reply.body).Success).toBe(false);
  });
});

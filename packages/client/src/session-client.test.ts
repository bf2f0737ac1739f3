import { SandboxCreditBalanceSchema } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionServiceError } from './errors.ts';
import { SessionClient } from './session-client.ts';
import { startSandbox } from './test-support.ts';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

const login = { officeId: 'OFF-DEMO', userName: 'demo', password: 'demo-pass' };

describe('the session-based client', () => {
  it('creates a session once and reuses the SessionId', async () => {
    const client = new SessionClient({ baseUrl: `${sb.origin}/rest`, ...login });
    const [a, b] = await Promise.all([client.creditBalance(), client.activityProducts(3)]);
    expect(SandboxCreditBalanceSchema.parse(a).Balance?.Currency).toBe('USD');
    expect(b.Products).toHaveLength(3);
    await client.creditBalance();
    expect(client.createCalls).toBe(1);
    await client.close();
  });

  it('creates a new session and repeats the request once after Err0101002', async () => {
    const client = new SessionClient({ baseUrl: `${sb.origin}/rest`, ...login });
    await client.creditBalance();
    await sb.control('/clock/advance', { seconds: 21 * 60 });
    const balance = await client.creditBalance();
    expect(SandboxCreditBalanceSchema.parse(balance).Success).toBe(true);
    expect(client.createCalls).toBe(2);
    expect(await client.state()).toMatchObject({ active: true, renewals: 1 });
    await client.close();
  });

  it('renews after Err0101001 when the session was ended elsewhere', async () => {
    const client = new SessionClient({ baseUrl: `${sb.origin}/rest`, ...login });
    await client.creditBalance();
    await sb.control('/sessions/end');
    await client.activityProducts(1);
    expect(client.createCalls).toBe(2);
    await client.close();
  });

  it('does not retry other errors: wrong password and missing permission surface as they are', async () => {
    const wrong = new SessionClient({ baseUrl: `${sb.origin}/rest`, ...login, password: 'nope' });
    const error = await wrong.creditBalance().catch((e: unknown) => e);
    expect(error instanceof SessionServiceError && error.code).toBe('Err0101003');
    const limited = new SessionClient({
      baseUrl: `${sb.origin}/rest`,
      officeId: 'OFF-LIMITED',
      userName: 'limited',
      password: 'limited-pass',
    });
    const denied = await limited.activityProducts(1).catch((e: unknown) => e);
    expect(denied instanceof SessionServiceError && denied.code).toBe('Err0101006');
    await wrong.close();
    await limited.close();
  });

  it('ends its session on close', async () => {
    const client = new SessionClient({ baseUrl: `${sb.origin}/rest`, ...login });
    await client.creditBalance();
    const before = (await sb.stats()).sessions;
    expect(before).toBeGreaterThan(0);
    await client.close();
    expect((await sb.stats()).sessions).toBe(before - 1);
  });
});

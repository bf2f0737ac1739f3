import {
  AccountFactorsSchema,
  ErrorEnvelopeSchema,
  InvitationSchema,
  MeSchema,
  PasskeyCeremonySchema,
  SecondFactorNeededSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from '../testing/console.ts';
import { SoftwareAuthenticator } from '../testing/software-authenticator.ts';

let t: TestConsole;
beforeAll(async () => {
  t = await startConsole();
});
afterAll(() => t.close());

type Browser = ReturnType<TestConsole['browser']>;
const error = (body: unknown) => ErrorEnvelopeSchema.parse(body).error;
const PASSWORD = 'copper lantern meadow 7';

/** A new agent (invited, own password) signed in, with a passkey made on their account page. */
async function agentWithPasskey(email: string) {
  const admin = await t.signedIn('admin');
  await t.invite(admin, { email, name: 'Sam Okafor', role: 'agent' }, PASSWORD);
  const b = t.browser();
  expect((await b.signIn(email, PASSWORD)).status).toBe(200);
  const device = new SoftwareAuthenticator();
  const made = await addPasskey(b, device, 'Laptop');
  return { email, browser: b, device, made };
}

async function addPasskey(b: Browser, device: SoftwareAuthenticator, name: string, origin = t.origin) {
  const begun = PasskeyCeremonySchema.parse((await b.post('/account/factors/passkey/options')).body);
  return b.post('/account/factors/passkey', {
    ceremony: begun.ceremony,
    name,
    response: device.create(begun.options, origin),
  });
}

/** Signs in with a passkey alone, as the sign-in page's "Sign in with a passkey" does. */
async function passkeySignIn(b: Browser, device: SoftwareAuthenticator, which = 0, origin = t.origin) {
  const begun = PasskeyCeremonySchema.parse((await b.post('/auth/passkey/options')).body);
  return b.post('/auth/passkey', {
    ceremony: begun.ceremony,
    response: device.get(begun.options, origin, which),
  });
}

describe('a passkey', () => {
  it('is made on the account page, listed by its name, and the first factor brings ten recovery codes', async () => {
    const agent = await agentWithPasskey('passkey.add@demo.test');
    expect(agent.made.status).toBe(201);
    expect((agent.made.body as { recovery_codes: string[] }).recovery_codes).toHaveLength(10);
    const factors = AccountFactorsSchema.parse((await agent.browser.get('/account/factors')).body);
    expect(factors.data.map((f) => [f.kind, f.name])).toEqual([['passkey', 'Laptop']]);
    // A second passkey does not renew the codes.
    const second = await addPasskey(agent.browser, new SoftwareAuthenticator(), 'Phone');
    expect((second.body as { recovery_codes: string[] }).recovery_codes).toEqual([]);
  });

  it('signs in alone, with no password, and the sign-in is recorded with its factor', async () => {
    const agent = await agentWithPasskey('passkey.alone@demo.test');
    const b = t.browser();
    const signedIn = await passkeySignIn(b, agent.device);
    expect(signedIn.status).toBe(200);
    expect(MeSchema.parse(signedIn.body).user.email).toBe(agent.email);
    expect((await b.get('/me')).status).toBe(200);
    const history = (await b.get('/account/sign-ins')).body as {
      data: Array<{ factor: string; result: string }>;
    };
    expect(history.data[0]).toMatchObject({ factor: 'passkey', result: 'succeeded' });
  });

  it('finishes a password sign-in that waits for its second step', async () => {
    const agent = await agentWithPasskey('passkey.second@demo.test');
    const b = t.browser();
    const first = await b.signIn(agent.email, PASSWORD);
    expect(SecondFactorNeededSchema.parse(first.body).second_factor.methods).toEqual([
      'passkey',
      'recovery_code',
    ]);
    expect((await b.get('/me')).status).toBe(401);
    expect((await passkeySignIn(b, agent.device)).status).toBe(200);
    expect((await b.get('/me')).status).toBe(200);
  });

  it('is refused from another origin, with a ceremony used already, or with a counter that went back', async () => {
    const agent = await agentWithPasskey('passkey.refused@demo.test');
    const b = t.browser();
    const phished = await passkeySignIn(b, agent.device, 0, 'https://console.example.evil');
    expect({ status: phished.status, code: error(phished.body).code }).toEqual({
      status: 401,
      code: 'invalid_passkey',
    });

    const begun = PasskeyCeremonySchema.parse((await b.post('/auth/passkey/options')).body);
    const answer = agent.device.get(begun.options, t.origin);
    expect((await b.post('/auth/passkey', { ceremony: begun.ceremony, response: answer })).status).toBe(200);
    const replayed = await t.browser().post('/auth/passkey', { ceremony: begun.ceremony, response: answer });
    expect(error(replayed.body).code).toBe('invalid_passkey');

    // A cloned key: its counter is behind the one the console saw last.
    const clone = await passkeySignIn(t.browser(), agent.device);
    expect(clone.status).toBe(200);
    const begunAgain = PasskeyCeremonySchema.parse((await b.post('/auth/passkey/options')).body);
    const behind = agent.device.get(begunAgain.options, t.origin, 0, { counter: 1 });
    const refused = await t
      .browser()
      .post('/auth/passkey', { ceremony: begunAgain.ceremony, response: behind });
    expect(error(refused.body).code).toBe('invalid_passkey');
  });

  it('of a disabled account signs nobody in, answered as an unknown passkey', async () => {
    const agent = await agentWithPasskey('passkey.disabled@demo.test');
    const admin = await t.signedIn('admin');
    const users = (await admin.get('/admin/users?q=passkey.disabled')).body as {
      data: Array<{ id: string }>;
    };
    expect((await admin.patch(`/admin/users/${users.data[0]?.id}`, { disabled: true })).status).toBe(200);
    const refused = await passkeySignIn(t.browser(), agent.device);
    expect({ status: refused.status, code: error(refused.body).code }).toEqual({
      status: 401,
      code: 'invalid_passkey',
    });
  });

  it("proves it is the person again, and another person's passkey does not", async () => {
    const agent = await agentWithPasskey('passkey.prove@demo.test');
    const other = await agentWithPasskey('passkey.other@demo.test');
    const begun = PasskeyCeremonySchema.parse(
      (await agent.browser.post('/account/prove/passkey-options')).body,
    );
    expect((begun.options.allowCredentials as unknown[]).length).toBe(1);
    const wrong = await agent.browser.post('/account/prove', {
      passkey: { ceremony: begun.ceremony, response: other.device.get(begun.options, t.origin) },
    });
    expect(error(wrong.body).code).toBe('invalid_passkey');
    const again = PasskeyCeremonySchema.parse(
      (await agent.browser.post('/account/prove/passkey-options')).body,
    );
    const proved = await agent.browser.post('/account/prove', {
      passkey: { ceremony: again.ceremony, response: agent.device.get(again.options, t.origin) },
    });
    expect(proved.body).toEqual({ proved: true, method: 'passkey' });
  });

  it('can be what an invited person chooses instead of a password; then no password signs them in', async () => {
    const admin = await t.signedIn('admin');
    const invited = InvitationSchema.parse(
      (
        await admin.post('/admin/users', {
          email: 'passkey.invited@demo.test',
          name: 'Lee Park',
          role: 'agent',
        })
      ).body,
    );
    const token = (invited.link.url ?? '').split('#')[1] ?? '';
    const b = t.browser();
    const begun = PasskeyCeremonySchema.parse((await b.post('/auth/links/passkey-options', { token })).body);
    const device = new SoftwareAuthenticator();
    const accepted = await b.post('/auth/links/accept', {
      token,
      passkey: {
        ceremony: begun.ceremony,
        name: 'My laptop',
        response: device.create(begun.options, t.origin),
      },
    });
    expect(accepted.status).toBe(200);
    expect(MeSchema.parse(accepted.body).user.email).toBe('passkey.invited@demo.test');
    // The link is used: it makes nothing more.
    expect(error((await t.browser().post('/auth/links/passkey-options', { token })).body).code).toBe(
      'link_invalid',
    );
    expect(error((await t.browser().signIn('passkey.invited@demo.test', PASSWORD)).body).code).toBe(
      'invalid_login',
    );
    expect((await passkeySignIn(t.browser(), device)).status).toBe(200);
  });

  it('is made only for the person whose session began the ceremony', async () => {
    const one = await agentWithPasskey('passkey.one@demo.test');
    const two = await agentWithPasskey('passkey.two@demo.test');
    const begun = PasskeyCeremonySchema.parse(
      (await one.browser.post('/account/factors/passkey/options')).body,
    );
    const stolen = await two.browser.post('/account/factors/passkey', {
      ceremony: begun.ceremony,
      name: 'Not mine',
      response: new SoftwareAuthenticator().create(begun.options, t.origin),
    });
    expect(error(stolen.body).code).toBe('invalid_passkey');
  });
});

import { ErrorEnvelopeSchema, MeSchema, OwnSessionListSchema, UserListSchema } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from '../testing/console.ts';

let t: TestConsole;
beforeAll(async () => {
  t = await startConsole({ TRUSTED_PROXIES: '127.0.0.1' });
});
afterAll(() => t.close());

const error = (body: unknown) => ErrorEnvelopeSchema.parse(body).error;

/** A person signed in from a browser of their own (address and User-Agent). */
async function signedInFrom(email: string, password: string, address: string, browser: string) {
  const b = t.browser();
  const reply = await b.call('POST', '/api/auth/sign-in', {
    body: { email, password },
    headers: { 'X-Forwarded-For': address, 'User-Agent': browser },
  });
  if (reply.status !== 200) throw new Error(`sign-in failed: ${reply.text}`);
  return b;
}

async function newAgent(email: string, password: string) {
  const admin = await t.signedIn('admin');
  await t.invite(admin, { email, name: 'Casey Quinn', role: 'agent' }, password);
  return admin;
}

describe('one’s own sessions', () => {
  it('are listed with where and in what each began, this browser marked, and one or all the others can be ended', async () => {
    await newAgent('sessions@demo.test', 'quartz meadow lantern 81');
    const laptop = await signedInFrom(
      'sessions@demo.test',
      'quartz meadow lantern 81',
      '192.0.2.1',
      'Laptop/1.0',
    );
    const phone = await signedInFrom(
      'sessions@demo.test',
      'quartz meadow lantern 81',
      '192.0.2.2',
      'Phone/2.0',
    );
    const tablet = await signedInFrom(
      'sessions@demo.test',
      'quartz meadow lantern 81',
      '192.0.2.3',
      'Tablet/3.0',
    );

    const listed = OwnSessionListSchema.parse((await laptop.get('/account/sessions')).body).data;
    expect(listed.map((s) => [s.browser, s.address, s.current]).sort()).toEqual([
      ['Laptop/1.0', '192.0.2.1', true],
      ['Phone/2.0', '192.0.2.2', false],
      ['Tablet/3.0', '192.0.2.3', false],
    ]);
    // Nothing the browser is shown can be used as a session cookie.
    for (const session of listed) expect(laptop.cookie()).not.toContain(session.id);

    const phoneSession = listed.find((s) => s.browser === 'Phone/2.0');
    expect((await laptop.delete(`/account/sessions/${phoneSession?.id}`)).status).toBe(200);
    expect((await phone.get('/me')).status).toBe(401);
    expect((await tablet.get('/me')).status).toBe(200);
    // Another person's session, or one already ended, is not found.
    expect((await laptop.delete(`/account/sessions/${phoneSession?.id}`)).status).toBe(404);

    expect((await laptop.post('/account/sessions/end-others')).body).toEqual({ ended: 1 });
    expect((await tablet.get('/me')).status).toBe(401);
    expect((await laptop.get('/me')).status).toBe(200);
  });

  it('can all be ended by an admin, on every instance at the next request', async () => {
    const admin = await newAgent('lost.laptop@demo.test', 'pebble orchid tundra 42');
    const agent = await signedInFrom(
      'lost.laptop@demo.test',
      'pebble orchid tundra 42',
      '192.0.2.9',
      'Old/1.0',
    );
    const users = UserListSchema.parse((await admin.get('/admin/users?q=lost.laptop')).body);
    const id = users.data[0]?.id ?? '';
    expect((await admin.post(`/admin/users/${id}/sessions/end`)).body).toEqual({ ended: 1 });
    expect((await agent.get('/me')).status).toBe(401);
    expect((await t.signedIn('agent').then((a) => a.post(`/admin/users/${id}/sessions/end`))).status).toBe(
      403,
    );
  });
});

describe('a session’s end', () => {
  const maxAge = (cookies: string[], name: string) =>
    Number(/Max-Age=(\d+)/i.exec(cookies.find((c) => c.includes(`${name}=`)) ?? '')?.[1]);

  it('reached with the token a proof has just replaced ends the session under its new token too', async () => {
    await newAgent('rotated@demo.test', 'amber violet harbour 63');
    const b = await signedInFrom('rotated@demo.test', 'amber violet harbour 63', '192.0.2.20', 'Laptop/1.0');
    const before = b.cookie();
    // Ten minutes on, a proof gives the session a new token; its cookies last what is left of the session.
    t.advanceConsoleClock(10 * 60_000);
    const proved = await b.post('/account/prove', { password: 'amber violet harbour 63' });
    expect(proved.status).toBe(200);
    expect(b.cookie()).not.toBe(before);
    const cookies = proved.headers.getSetCookie();
    expect(maxAge(cookies, 'console_session')).toBeLessThanOrEqual(12 * 3600 - 600);
    expect(maxAge(cookies, 'console_signed_in')).toBe(maxAge(cookies, 'console_session'));

    // The sign-out goes out with the old token (the new cookie lost, or not yet arrived): the session still ends.
    const out = await fetch(`${t.origin}/api/auth/sign-out`, {
      method: 'POST',
      headers: { Cookie: before, 'X-Console-Csrf': '1' },
    });
    expect(out.status).toBe(200);
    expect((await b.get('/me')).status).toBe(401);
    expect((await fetch(`${t.origin}/api/me`, { headers: { Cookie: before } })).status).toBe(401);
  });

  it('of this browser’s own session, by its id or an admin’s “end every session”, takes its cookies with it', async () => {
    await newAgent('own.end@demo.test', 'cobalt fennel summit 27');
    const b = await signedInFrom('own.end@demo.test', 'cobalt fennel summit 27', '192.0.2.21', 'Laptop/1.0');
    const own = OwnSessionListSchema.parse((await b.get('/account/sessions')).body).data.find(
      (s) => s.current,
    );
    const ended = await b.delete(`/account/sessions/${own?.id}`);
    expect(ended.status).toBe(200);
    expect(ended.headers.getSetCookie().filter((c) => /console_(session|signed_in)=;/.test(c))).toHaveLength(
      2,
    );
    expect(b.cookie()).not.toMatch(/console_session|console_signed_in/);

    const admin = await t.signedIn('admin');
    const me = MeSchema.parse((await admin.get('/me')).body);
    const all = await admin.post(`/admin/users/${me.user.id}/sessions/end`);
    expect(all.status).toBe(200);
    expect(admin.cookie()).not.toMatch(/console_session|console_signed_in/);
    // Another person's sessions ended by the admin leave the admin's browser as it is.
    const other = await t.signedIn('admin');
    const agent = UserListSchema.parse((await other.get('/admin/users?q=own.end')).body).data[0];
    expect((await other.post(`/admin/users/${agent?.id}/sessions/end`)).status).toBe(200);
    expect(other.cookie()).toMatch(/console_session/);
  });
});

describe('one’s own password', () => {
  it('is changed with the current one; a well-known or personal one is refused with the reason; other sessions end', async () => {
    await newAgent('changer@demo.test', 'saffron glacier comet 9');
    const here = await signedInFrom('changer@demo.test', 'saffron glacier comet 9', '192.0.2.21', 'Here/1.0');
    const there = await signedInFrom(
      'changer@demo.test',
      'saffron glacier comet 9',
      '192.0.2.22',
      'There/1.0',
    );

    const wrong = await here.post('/account/password', {
      current_password: 'not-it',
      new_password: 'violet tram harbour 42',
    });
    expect({ status: wrong.status, param: error(wrong.body).param }).toEqual({
      status: 422,
      param: 'current_password',
    });

    const short = await here.post('/account/password', {
      current_password: 'saffron glacier comet 9',
      new_password: 'short-one',
    });
    expect(error(short.body).message).toBe('new_password: must be at least 12 characters');

    const common = await here.post('/account/password', {
      current_password: 'saffron glacier comet 9',
      new_password: 'password123456',
    });
    expect(error(common.body)).toMatchObject({ param: 'new_password' });
    expect(error(common.body).message).toMatch(/well-known|too easy/);

    const personal = await here.post('/account/password', {
      current_password: 'saffron glacier comet 9',
      new_password: 'CaseyQuinn-2026-x',
    });
    expect(error(personal.body).message).toBe('new_password: must not hold your name or email address.');

    const good = await here.post('/account/password', {
      current_password: 'saffron glacier comet 9',
      new_password: 'violet tram harbour 42',
    });
    expect(good.status).toBe(200);
    expect((await there.get('/me')).status).toBe(401);
    expect((await here.get('/me')).status).toBe(200);
    expect((await t.browser().signIn('changer@demo.test', 'saffron glacier comet 9')).status).toBe(401);
    expect((await t.browser().signIn('changer@demo.test', 'violet tram harbour 42')).status).toBe(200);
  });
});

describe('a sign-in', () => {
  it('tells the person when their previous sign-in came from a browser they had not used before', async () => {
    await newAgent('new.browser@demo.test', 'juniper basalt violin 3');
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0';
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
    const signIn = async (browser: string) =>
      MeSchema.parse(
        (
          await t.browser().call('POST', '/api/auth/sign-in', {
            body: { email: 'new.browser@demo.test', password: 'juniper basalt violin 3' },
            headers: { 'X-Forwarded-For': '192.0.2.40', 'User-Agent': browser },
          })
        ).body,
      );
    // The first sign-in was through the invitation's link (Node's fetch): the one after it is about that one only.
    expect((await signIn(firefox)).previous_sign_in).toBeUndefined();
    // The previous one, Firefox, was new after the link's.
    expect((await signIn(firefox.replaceAll('145', '146'))).previous_sign_in).toMatchObject({
      browser: firefox,
    });
    // The previous one came from a browser used before (a later version counts as the same).
    expect((await signIn(chrome)).previous_sign_in).toBeUndefined();
    const told = await signIn(firefox);
    expect(told.previous_sign_in).toMatchObject({ address: '192.0.2.40', browser: chrome });
    expect((await signIn(firefox)).previous_sign_in).toBeUndefined();
  });
});

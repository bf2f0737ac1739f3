import { LedgerListSchema } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, databaseInfo, openDatabase, sql } from '../db/index.ts';
import { freshDatabaseUrl, holdFlightOrder, startConsole, type TestConsole } from '../testing/console.ts';
import { SESSION_COOKIE } from './guards.ts';
import { sessionReadStatements } from './session-reads.ts';

/**
 * The session read kept between requests (decision 038): on SQLite a signed-in person's session is read once and
 * taken from memory while nothing is written to the sessions or users tables, by this instance or another on the same
 * file, on PostgreSQL while nothing about them is announced by the database's triggers (`db/identity-push.ts`). Each test
 * is the attack the cache must not let through: every way a session ends or changes is seen by the very next request,
 * as it was before there was a cache, on this instance and on another.
 */
let t: TestConsole;
let databaseUrl: string;
beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl();
  t = await startConsole({ DATABASE_URL: databaseUrl });
});
afterAll(async () => {
  await t.close();
});

/**
 * On PostgreSQL, waits until this instance has heard its own announcement back (its listener is current, so what it
 * keeps may be taken), as it is under steady traffic; on SQLite there is nothing to wait for.
 */
const current = async () => {
  await databaseInfo(t.console.deps.db).identityPush?.current();
};
const hits = () => t.console.deps.sessions.sessionCacheHits;

let people = 0;
/** A new agent with a password, signed in: the browser, a thief's copy of its cookie, and the agent's id. */
async function agent() {
  people += 1;
  const email = `cached.${people}@demo.test`;
  const admin = await t.signedIn('admin');
  const user = await t.invite(
    admin,
    { email, name: `Cached Agent ${people}`, role: 'agent' },
    'copper lantern orbit sleet',
  );
  const browser = t.browser();
  expect((await browser.signIn(email, 'copper lantern orbit sleet')).status).toBe(200);
  // Read twice, so the session is in memory before whatever comes next.
  expect((await browser.get('/me')).status).toBe(200);
  expect((await browser.get('/me')).status).toBe(200);
  const stolen = browser.cookie();
  const thief = t.browser();
  const asThief = (path: string) => thief.call('GET', `/api${path}`, { headers: { Cookie: stolen } });
  return { email, id: user.id, browser, asThief, admin };
}

describe('the session kept between requests', () => {
  it('is read once and then taken from memory while nothing about sessions or people changes', async () => {
    const { browser } = await agent();
    await current();
    expect((await browser.get('/me')).status).toBe(200);
    const before = hits();
    for (let i = 0; i < 5; i += 1) {
      await current();
      expect((await browser.get('/me')).status).toBe(200);
    }
    expect(hits() - before).toBe(5);
  });

  it('ends for the very next request, the thief’s copy of the cookie included, when its owner signs out', async () => {
    const { browser, asThief } = await agent();
    expect((await asThief('/me')).status).toBe(200);
    expect((await browser.post('/auth/sign-out')).status).toBe(200);
    expect((await asThief('/me')).status).toBe(401);
  });

  it('ends at the next request when an admin disables the person or signs them out everywhere', async () => {
    const disabled = await agent();
    expect((await disabled.admin.patch(`/admin/users/${disabled.id}`, { disabled: true })).status).toBe(200);
    expect((await disabled.asThief('/me')).status).toBe(401);

    const everywhere = await agent();
    expect((await everywhere.admin.post(`/admin/users/${everywhere.id}/sessions/end`)).status).toBeLessThan(
      300,
    );
    expect((await everywhere.asThief('/me')).status).toBe(401);
  });

  it('ends at the next request when the owner ends their other sessions', async () => {
    const owner = await agent();
    const other = t.browser();
    expect((await other.signIn(owner.email, 'copper lantern orbit sleet')).status).toBe(200);
    expect((await other.get('/me')).status).toBe(200);
    expect((await other.get('/me')).status).toBe(200);
    expect((await owner.browser.post('/account/sessions/end-others')).status).toBeLessThan(300);
    expect((await other.get('/me')).status).toBe(401);
    expect((await owner.browser.get('/me')).status).toBe(200);
  });

  it('ends at the next request when the person’s role changes', async () => {
    const person = await agent();
    expect((await person.admin.patch(`/admin/users/${person.id}`, { role: 'admin' })).status).toBe(200);
    expect((await person.asThief('/me')).status).toBe(401);
  });

  it('carries office-wide access given or taken away from the next request on', async () => {
    const person = await agent();
    const booking = await holdFlightOrder(person.admin, { clientReference: 'CACHE-REACH' });
    const reach = async () =>
      LedgerListSchema.parse((await person.browser.get(`/bookings?ids=${booking.id}`)).body).data.length;
    expect(await reach()).toBe(0);
    expect((await person.admin.patch(`/admin/users/${person.id}`, { office_wide: true })).status).toBe(200);
    expect(await reach()).toBe(1);
    expect((await person.admin.patch(`/admin/users/${person.id}`, { office_wide: false })).status).toBe(200);
    expect(await reach()).toBe(0);
  });

  it('ends at the next request when another instance on the same database ends it', async () => {
    const person = await agent();
    // Another instance: its own connection to the same database, writing as that instance would.
    const other = await openDatabase(databaseUrl);
    try {
      await other.deleteFrom('sessions').where('user_id', '=', person.id).execute();
    } finally {
      await closeDatabase(other);
    }
    expect((await person.browser.get('/me')).status).toBe(401);
    expect((await person.asThief('/me')).status).toBe(401);
  });

  it('keeps being kept through its once-a-minute touch, and still ends when left idle', async () => {
    const person = await agent();
    t.advanceConsoleClock(61_000);
    await current();
    expect((await person.browser.get('/me')).status).toBe(200);
    const before = hits();
    await current();
    expect((await person.browser.get('/me')).status).toBe(200);
    expect(hits() - before).toBe(1);
    // Idle past the session's idle limit (SESSION_IDLE_MINUTES, 30 by default): the kept copy does not keep it alive.
    t.advanceConsoleClock(31 * 60_000);
    expect((await person.browser.get('/me')).status).toBe(401);
  });
});

describe('the session kept by another instance', () => {
  let other: TestConsole;
  beforeAll(async () => {
    other = await startConsole({ DATABASE_URL: databaseUrl });
  });
  afterAll(async () => {
    await other.close();
  });
  const pushOf = (c: TestConsole) => databaseInfo(c.console.deps.db).identityPush;
  /** The thief's copy of a cookie, used on the other instance until that instance keeps the session in memory. */
  async function keptElsewhere(cookie: string) {
    const asThief = () => other.browser().call('GET', '/api/me', { headers: { Cookie: cookie } });
    await pushOf(other)?.current();
    expect((await asThief()).status).toBe(200);
    const before = other.console.deps.sessions.sessionCacheHits;
    await pushOf(other)?.current();
    expect((await asThief()).status).toBe(200);
    expect(other.console.deps.sessions.sessionCacheHits - before).toBe(1);
    return asThief;
  }

  it('refuses a session its owner signed out of on this instance, from the moment the sign-out is answered', async () => {
    const person = await agent();
    const asThief = await keptElsewhere(person.browser.cookie());
    const settled = { ...pushOf(t)?.settledBy };
    expect((await person.browser.post('/auth/sign-out')).status).toBe(200);
    expect((await asThief()).status).toBe(401);
    // On PostgreSQL the other instance answered the sign-out's barrier: it did not wait out the second.
    const push = pushOf(t);
    if (push) expect(push.settledBy.answered).toBeGreaterThan(settled.answered ?? 0);
  });

  it('refuses it too when that instance has fallen behind in hearing the database: the sign-out waits it out', async () => {
    const person = await agent();
    const asThief = await keptElsewhere(person.browser.cookie());
    // The other instance hears nothing for now, as a listener falling behind would (SQLite has no listener: its
    // instances read the file's version on every request, and the sign-out is refused there just the same).
    const release = pushOf(other)?.hold();
    try {
      const settled = { ...pushOf(t)?.settledBy };
      expect((await person.browser.post('/auth/sign-out')).status).toBe(200);
      expect((await asThief()).status).toBe(401);
      const push = pushOf(t);
      if (push) expect(push.settledBy.waited).toBeGreaterThan(settled.waited ?? 0);
    } finally {
      release?.();
    }
  });

  /** The agent's session kept in memory on this instance, the thief's copy of its cookie proving it. */
  async function keptHere() {
    const person = await agent();
    await pushOf(t)?.current();
    expect((await person.asThief('/me')).status).toBe(200);
    const before = hits();
    await pushOf(t)?.current();
    expect((await person.asThief('/me')).status).toBe(200);
    expect(hits() - before).toBe(1);
    return person;
  }

  it('refuses it when the session is ended by an instance that began listening less than a second ago', async () => {
    const person = await keptHere();
    // This instance falls behind in hearing the database; the writer is new and has not heard it announce itself.
    const release = pushOf(t)?.hold();
    const writer = await openDatabase(databaseUrl);
    try {
      const push = databaseInfo(writer).identityPush;
      await push?.current();
      await writer.deleteFrom('sessions').where('user_id', '=', person.id).execute();
      expect((await person.asThief('/me')).status).toBe(401);
      // It could not know who had announced themselves before it listened: it waited their second out.
      if (push) expect(push.settledBy).toEqual({ answered: 0, waited: 1 });
    } finally {
      release?.();
      await closeDatabase(writer);
    }
  });

  it('ends it when someone sets its "last seen" back past the idle limit by hand', async () => {
    const person = await keptHere();
    const operator = await openDatabase(databaseUrl);
    try {
      await operator
        .updateTable('sessions')
        .set({ last_seen_at: 0 })
        .where('user_id', '=', person.id)
        .execute();
    } finally {
      await closeDatabase(operator);
    }
    await pushOf(t)?.current();
    expect((await person.asThief('/me')).status).toBe(401);
  });

  it('answers a second sign-out of the same session only once every instance has heard the first', async () => {
    const person = await agent();
    const cookie = person.browser.cookie();
    const asThief = await keptElsewhere(cookie);
    // The other instance falls behind; the owner signs out in two tabs at once. The second finds the session already
    // gone, and still must not answer before the other instance can no longer let the thief in.
    const release = pushOf(other)?.hold();
    try {
      const first = person.browser.post('/auth/sign-out');
      const second = await t.browser().call('POST', '/api/auth/sign-out', { headers: { Cookie: cookie } });
      expect(second.status).toBe(200);
      expect((await asThief()).status).toBe(401);
      expect((await first).status).toBe(200);
    } finally {
      release?.();
    }
  });

  it('refuses it when that instance lost its listener, and keeps nothing until it has one again', async () => {
    const person = await agent();
    const asThief = await keptElsewhere(person.browser.cookie());
    const pid = pushOf(other)?.listenerPid;
    if (pid) {
      await sql`select pg_terminate_backend(${pid})`.execute(t.console.deps.db);
      // Until it has a listener again, every request on it reads its session.
      await expect.poll(() => pushOf(other)?.listenerPid ?? null).not.toBe(pid);
    }
    expect((await person.browser.post('/auth/sign-out')).status).toBe(200);
    expect((await asThief()).status).toBe(401);
  });
});

/** The token in a browser's session cookie (by its name, or its `__Host-` name over HTTPS). */
const tokenOf = (cookie: string) =>
  cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`) || pair.startsWith(`__Host-${SESSION_COOKIE}=`))
    ?.split('=')[1] ?? '';
/** Whether this store's session reads are gathered per turn of the event loop (PostgreSQL; decision 038). */
const batched = () => databaseInfo(t.console.deps.db).named !== null;

describe('the session reads of one turn sent together (PostgreSQL)', () => {
  it('reads the sessions of requests arriving together with one statement, each request getting its own person', async () => {
    const people = [await agent(), await agent(), await agent()];
    const tokens = people.map((p) => tokenOf(p.browser.cookie()));
    const sessions = t.console.deps.sessions;
    sessions.forgetSessions();
    const before = sessionReadStatements.count;
    // Four requests of each person, and one with a token no session has, in one turn.
    const users = await Promise.all([
      ...tokens.flatMap((token) => [1, 2, 3, 4].map(() => sessions.resume(token))),
      sessions.resume('no-such-session-token', false),
    ]);
    expect(users.slice(0, 12).map((u) => u?.email)).toEqual(
      people.flatMap((p) => [p.email, p.email, p.email, p.email]),
    );
    expect(users[12]).toBeNull();
    expect(sessionReadStatements.count - before).toBe(batched() ? 1 : 0);
  });

  it('sends a turn of more than 200 tokens in parts, each token answered', async () => {
    const person = await agent();
    const sessions = t.console.deps.sessions;
    sessions.forgetSessions();
    const before = sessionReadStatements.count;
    const users = await Promise.all([
      ...Array.from({ length: 200 }, (_, i) => sessions.resume(`no-such-session-${i}`, false)),
      sessions.resume(tokenOf(person.browser.cookie())),
    ]);
    expect(users.slice(0, 200).every((u) => u === null)).toBe(true);
    expect(users[200]?.email).toBe(person.email);
    expect(sessionReadStatements.count - before).toBe(batched() ? 2 : 0);
  });

  it('never gives a request an answer read before it arrived: a sign-out while a read is on its way ends the next request', async () => {
    const person = await agent();
    const token = tokenOf(person.browser.cookie());
    const sessions = t.console.deps.sessions;
    sessions.forgetSessions();
    const info = databaseInfo(t.console.deps.db);
    const original = info.named;
    if (!original) {
      // SQLite reads each request's session itself: a sign-out is seen by the next request (the tests above).
      await t.console.deps.db.deleteFrom('sessions').where('user_id', '=', person.id).execute();
      expect(await sessions.resume(token)).toBeNull();
      return;
    }
    // The first request's statement has read the live session, and its answer is held on its way back...
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let readFirst = () => {};
    const firstRead = new Promise<void>((resolve) => {
      readFirst = resolve;
    });
    let statements = 0;
    info.named = async <Row>(name: string, query: { sql: string; parameters: readonly unknown[] }) => {
      statements += 1;
      const rows = await original<Row>(name, query);
      if (statements === 1) {
        readFirst();
        await held;
      }
      return rows;
    };
    try {
      const first = sessions.resume(token);
      await firstRead;
      // ...when the session ends; a request arriving now is refused, not joined to the read on its way.
      await t.console.deps.db.deleteFrom('sessions').where('user_id', '=', person.id).execute();
      expect(await sessions.resume(token)).toBeNull();
      // Its own statements, sent while the first is held: by the token, then by a rotation's previous token.
      expect(statements).toBe(3);
      release();
      // The first arrived before the sign-out and is answered as things were then.
      expect((await first)?.email).toBe(person.email);
    } finally {
      release();
      info.named = original;
    }
  });

  it('answers every request of a turn whose statement fails with that failure, none left waiting', async () => {
    const people = [await agent(), await agent()];
    const tokens = people.map((p) => tokenOf(p.browser.cookie()));
    const sessions = t.console.deps.sessions;
    sessions.forgetSessions();
    const info = databaseInfo(t.console.deps.db);
    const original = info.named;
    if (!original) {
      expect((await sessions.resume(tokens[0] ?? ''))?.email).toBe(people[0]?.email);
      return;
    }
    info.named = async () => {
      throw new Error('the database went away');
    };
    try {
      const settled = await Promise.allSettled([
        sessions.resume(tokens[0] ?? ''),
        sessions.resume(tokens[0] ?? ''),
        sessions.resume(tokens[1] ?? ''),
      ]);
      expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    } finally {
      info.named = original;
    }
    // And the next turn reads again.
    expect((await sessions.resume(tokens[1] ?? ''))?.email).toBe(people[1]?.email);
  });
});

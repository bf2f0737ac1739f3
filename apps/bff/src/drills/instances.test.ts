import {
  ChangeListSchema,
  CSRF_HEADER,
  FlightOfferSchema,
  FlightOrderSchema,
  FlightSearchSchema,
  LedgerListSchema,
  PasskeyCeremonySchema,
  RecoveryCodesSchema,
  TotpEnrolmentSchema,
  UserListSchema,
} from '@console/contract';
import { createParser } from 'eventsource-parser';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contact, inDays, passenger } from '../testing/console.ts';
import { buildBff, startBffProcess, startSandboxProcess, usersCommand } from '../testing/processes.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';
import { SoftwareAuthenticator } from '../testing/software-authenticator.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../testing/throwaway-postgres.ts';

/**
 * Several instances (decision 014): two built BFF processes on one PostgreSQL database and one sandbox process,
 * reached round-robin as a load balancer would. Always on PostgreSQL (its own throwaway server), whatever the run's
 * store.
 */
let postgres: ThrowawayPostgres;
let sandbox: Awaited<ReturnType<typeof startSandboxProcess>>;
let smtp: TestSmtpServer;
let env: Record<string, string>;
type Instance = Awaited<ReturnType<typeof startBffProcess>>;
let a: Instance;
let b: Instance;

const PUBLIC_URL = 'http://console.instances.test';
const ADMIN = { email: 'admin@agency.test', password: 'violet tram harbour 42' };
const AGENT = { email: 'agent@agency.test', password: 'copper lantern orbit sleet' };

beforeAll(async () => {
  postgres = await startThrowawayPostgres();
  sandbox = await startSandboxProcess({ SANDBOX_STREAM_INTERVAL_MS: '300' });
  smtp = await startSmtpServer();
  await buildBff();
  env = {
    DATABASE_URL: await postgres.createDatabase(),
    SERVICE_BASE_URL: `${sandbox.origin}/v3`,
    SERVICE_CLIENT_ID: 'cid_test_demo',
    SERVICE_CLIENT_SECRET: 'sk_test_demo',
    JOBS_INTERVAL_SECONDS: '1',
    INTENT_RECONCILE_AFTER_SECONDS: '2',
    UPSTREAM_TIMEOUT_MS: '8000',
    SHUTDOWN_GRACE_MS: '5000',
    SESSION_BASE_URL: `${sandbox.origin}/rest`,
    SESSION_OFFICE_ID: 'OFF-DEMO',
    SESSION_USER_NAME: 'demo',
    SESSION_PASSWORD: 'demo-pass',
    // Where people reach both instances, behind the load balancer: passkeys are bound to it.
    PUBLIC_URL: PUBLIC_URL,
    // The load balancer names the client in X-Forwarded-For (the per-account limits below rotate it).
    TRUSTED_PROXIES: 'loopback',
    // The office's mail: the watch's e-mails (decision 037) go out from whichever instance holds the jobs.
    SMTP_URL: smtp.url,
  };
  // Both start at once: the migrations run once (Kysely's migration lock on PostgreSQL).
  [a, b] = await Promise.all([startBffProcess(env), startBffProcess(env)]);
  for (const [who, role] of [
    [ADMIN, 'admin'],
    [AGENT, 'agent'],
  ] as const)
    await usersCommand(env, ['create', '--email', who.email, '--name', role, '--role', role], who.password);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
  await sandbox?.stop();
  await smtp?.close();
  await postgres?.stop();
});

/** A browser behind a round-robin load balancer: each request goes to the next instance, the cookie kept. */
function browser(instances: () => Instance[]) {
  let cookie = '';
  const jar = new Map<string, string>();
  let turn = 0;
  return {
    async call(
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
      to?: Instance,
    ) {
      const list = instances();
      const target = to ?? list[turn++ % list.length];
      if (!target) throw new Error('no instance');
      const response = await fetch(`${target.origin}/api${path}`, {
        method,
        headers: {
          ...(cookie ? { Cookie: cookie } : {}),
          ...(method === 'GET' ? {} : { [CSRF_HEADER]: '1', 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      for (const set of response.headers.getSetCookie()) {
        const pair = set.split(';')[0] ?? '';
        const name = pair.slice(0, pair.indexOf('='));
        if (pair.endsWith('=')) jar.delete(name);
        else jar.set(name, pair);
      }
      cookie = [...jar.values()].join('; ');
      const text = await response.text();
      let json: unknown = text;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: response.status, body: json, headers: response.headers };
    },
    signIn(who: { email: string; password: string }, to?: Instance) {
      return this.call('POST', '/auth/sign-in', who, {}, to);
    },
    cookie: () => cookie,
  };
}
const both = () => [a, b];

async function orderRequest(agent: ReturnType<typeof browser>, reference: string) {
  const search = FlightSearchSchema.parse(
    (
      await agent.call('POST', '/flights/searches', {
        slices: [{ origin: 'LHR', destination: 'CDG', departure_date: inDays(30) }],
        passengers: { adults: 1 },
      })
    ).body,
  );
  for (const offer of search.offers) {
    const repriced = FlightOfferSchema.parse((await agent.call('GET', `/flights/offers/${offer.id}`)).body);
    if (repriced.total.amount === offer.total.amount)
      return { offer_id: offer.id, passengers: [passenger], contact, client_reference: reference };
  }
  throw new Error('no stable offer');
}

async function ledgerRows(agent: ReturnType<typeof browser>, reference: string) {
  return LedgerListSchema.parse((await agent.call('GET', `/bookings?q=${reference}`)).body).data;
}

describe('two instances on one PostgreSQL', () => {
  it('keeps a session signed in on A going on B, and ends it on both when signed out on B', async () => {
    const agent = browser(both);
    expect((await agent.signIn(AGENT, a)).status).toBe(200);
    expect((await agent.call('GET', '/me', undefined, {}, b)).status).toBe(200);
    expect((await agent.call('POST', '/auth/sign-out', {}, {}, b)).status).toBe(200);
  });

  it('refuses a user disabled on A at their very next request on B', async () => {
    const admin = browser(both);
    expect((await admin.signIn(ADMIN, a)).status).toBe(200);
    const agent = browser(both);
    expect((await agent.signIn(AGENT, a)).status).toBe(200);
    expect((await agent.call('GET', '/me', undefined, {}, b)).status).toBe(200);
    const users = UserListSchema.parse((await admin.call('GET', '/admin/users', undefined, {}, a)).body);
    const id = users.data.find((u) => u.email === AGENT.email)?.id ?? '';
    expect((await admin.call('PATCH', `/admin/users/${id}`, { disabled: true }, {}, a)).status).toBe(200);
    expect((await agent.call('GET', '/me', undefined, {}, b)).status).toBe(401);
    expect((await agent.signIn(AGENT, b)).status).toBe(401);
    expect((await admin.call('PATCH', `/admin/users/${id}`, { disabled: false }, {}, a)).status).toBe(200);
  });

  it('honours an invitation resent on A and revoked on B at the other instance: each dead link refused there', async () => {
    const admin = browser(both);
    expect((await admin.signIn(ADMIN, a)).status).toBe(200);
    const email = 'invited@agency.test';
    /** The token of the newest link e-mailed to the person, once their `count`th mail has come. */
    const token = async (count: number) => {
      await expect.poll(() => smtp.to(email).length).toBe(count);
      return /\/welcome#([\w-]+)/.exec(smtp.to(email).at(-1) ?? '')?.[1] ?? '';
    };
    const invited = await admin.call(
      'POST',
      '/admin/users',
      { email, name: 'Iva Instance', role: 'agent' },
      {},
      a,
    );
    expect(invited.status).toBe(201);
    const id = UserListSchema.parse(
      (await admin.call('GET', `/admin/users?q=${email}`, undefined, {}, b)).body,
    ).data[0]?.id;
    expect(id).toBeDefined();
    const first = await token(1);
    // The operator's list says it as the screen does: invited, not active.
    expect(await usersCommand(env, ['list'])).toMatch(/agent {2}invited {3}invited@agency\.test/);
    expect((await admin.call('POST', `/admin/users/${id}/invitation/resend`, {}, {}, a)).status).toBe(200);
    const second = await token(2);
    // The link the resend replaced on A no longer works on B.
    const person = browser(both);
    expect((await person.call('POST', '/auth/links/lookup', { token: first }, {}, b)).status).toBe(404);
    expect((await person.call('POST', '/auth/links/lookup', { token: second }, {}, b)).status).toBe(200);
    // Revoked on B: the live link is refused on A, the person cannot choose a password nor sign in anywhere.
    expect((await admin.call('POST', `/admin/users/${id}/invitation/revoke`, {}, {}, b)).status).toBe(200);
    const late = await person.call(
      'POST',
      '/auth/links/accept',
      { token: second, password: AGENT.password },
      {},
      a,
    );
    expect(late.status).toBe(404);
    for (const at of [a, b])
      expect((await person.signIn({ email, password: AGENT.password }, at)).status).toBe(401);
    const listed = UserListSchema.parse(
      (await admin.call('GET', `/admin/users?q=${email}`, undefined, {}, a)).body,
    );
    expect(listed.data[0]).toMatchObject({ state: 'disabled', invitation: { state: 'revoked' } });
    expect(await usersCommand(env, ['list'])).toMatch(/agent {2}disabled {2}invited@agency\.test/);
  });

  it('creates a user from the command line with a password read from standard input only, a well-known one refused', async () => {
    const weak = await usersCommand(
      env,
      ['create', '--email', 'weak@agency.test', '--name', 'W', '--role', 'agent'],
      'password123456',
    ).catch((error: { stderr?: string; code?: number }) => error);
    expect(typeof weak === 'object' && weak.code).toBe(1);
    expect(typeof weak === 'object' && weak.stderr).toMatch(
      /password: (is a well-known password|is too easy to guess)/,
    );
    const onTheLine = await usersCommand(env, [
      'create',
      '--email',
      'x@agency.test',
      '--password',
      'violet tram harbour 42',
    ]).catch((error: { stderr?: string }) => error);
    expect(typeof onTheLine === 'object' && onTheLine.stderr).toMatch(/Unknown option '--password'/);
  });

  it('takes a second factor’s code once across instances: confirmed on A, refused on B; a recovery code used on A, refused on B', async () => {
    const agent = browser(both);
    expect((await agent.signIn(AGENT, a)).status).toBe(200);
    const enrolment = TotpEnrolmentSchema.parse(
      (await agent.call('POST', '/account/factors/totp', { name: 'Phone' }, {}, a)).body,
    );
    const code = TOTP.generate({ secret: Secret.fromBase32(enrolment.secret) });
    const confirmed = await agent.call(
      'POST',
      `/account/factors/totp/${enrolment.id}/confirm`,
      { code },
      {},
      a,
    );
    const recovery = RecoveryCodesSchema.parse(confirmed.body).recovery_codes;
    try {
      const onB = browser(both);
      await onB.signIn(AGENT, b);
      const replay = await onB.call('POST', '/auth/sign-in/second-factor', { method: 'totp', code }, {}, b);
      expect(replay.status).toBe(401);
      const onA = browser(both);
      await onA.signIn(AGENT, a);
      expect(
        (
          await onA.call(
            'POST',
            '/auth/sign-in/second-factor',
            { method: 'recovery_code', code: recovery[0] },
            {},
            a,
          )
        ).status,
      ).toBe(200);
      const again = browser(both);
      await again.signIn(AGENT, b);
      expect(
        (
          await again.call(
            'POST',
            '/auth/sign-in/second-factor',
            { method: 'recovery_code', code: recovery[0] },
            {},
            b,
          )
        ).status,
      ).toBe(401);
    } finally {
      // The other tests sign this agent in with a password alone.
      expect((await agent.call('DELETE', `/account/factors/${enrolment.id}`, undefined, {}, a)).status).toBe(
        200,
      );
    }
  });

  it('finishes a passkey ceremony begun on the other instance: made across A and B, signed in across B and A', async () => {
    const agent = browser(both);
    expect((await agent.signIn(AGENT, a)).status).toBe(200);
    const device = new SoftwareAuthenticator();
    const begun = PasskeyCeremonySchema.parse(
      (await agent.call('POST', '/account/factors/passkey/options', undefined, {}, a)).body,
    );
    const made = await agent.call(
      'POST',
      '/account/factors/passkey',
      { ceremony: begun.ceremony, name: 'Laptop', response: device.create(begun.options, PUBLIC_URL) },
      {},
      b,
    );
    expect(made.status).toBe(201);
    const id = (made.body as { id: string }).id;
    try {
      const other = browser(both);
      const asked = PasskeyCeremonySchema.parse(
        (await other.call('POST', '/auth/passkey/options', undefined, {}, b)).body,
      );
      const answer = { ceremony: asked.ceremony, response: device.get(asked.options, PUBLIC_URL) };
      expect((await other.call('POST', '/auth/passkey', answer, {}, a)).status).toBe(200);
      // The same answer again, on the instance that made the ceremony: taken already.
      expect((await browser(both).call('POST', '/auth/passkey', answer, {}, b)).status).toBe(401);
    } finally {
      expect((await agent.call('DELETE', `/account/factors/${id}`, undefined, {}, a)).status).toBe(200);
    }
  });

  it('limits wrong second-step codes per account across both instances, whatever the addresses (decision 035)', async () => {
    const GUESSED = { email: 'guessed@agency.test', password: 'amber orchard signal 9' };
    await usersCommand(
      env,
      ['create', '--email', GUESSED.email, '--name', 'Guessed', '--role', 'agent'],
      GUESSED.password,
    );
    const owner = browser(both);
    expect((await owner.signIn(GUESSED, a)).status).toBe(200);
    const app = TotpEnrolmentSchema.parse(
      (await owner.call('POST', '/account/factors/totp', { name: 'Phone' }, {}, a)).body,
    );
    const code = (ahead: number) =>
      TOTP.generate({ secret: Secret.fromBase32(app.secret), timestamp: Date.now() + ahead * 30_000 });
    expect(
      (await owner.call('POST', `/account/factors/totp/${app.id}/confirm`, { code: code(-1) }, {}, b)).status,
    ).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 34; i += 1) {
      const attacker = browser(both);
      const from = { 'X-Forwarded-For': `198.18.7.${i + 1}` };
      await attacker.call('POST', '/auth/sign-in', GUESSED, from);
      statuses.push(
        (await attacker.call('POST', '/auth/sign-in/second-factor', { method: 'totp', code: '000000' }, from))
          .status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(new Set(statuses.slice(30))).toEqual(new Set([429]));
    // The owner, from the address and browser they signed in from, on either instance.
    const back = browser(both);
    await back.signIn(GUESSED, b);
    expect(
      (await back.call('POST', '/auth/sign-in/second-factor', { method: 'totp', code: code(0) }, {}, a))
        .status,
    ).toBe(200);
  });

  it('holds a stolen session guessing the password at the password change to one count across both instances (decision 042)', async () => {
    const OWNER = { email: 'changed@agency.test', password: 'maple kettle drift 31' };
    await usersCommand(
      env,
      ['create', '--email', OWNER.email, '--name', 'Changed', '--role', 'agent'],
      OWNER.password,
    );
    const owner = browser(both);
    expect((await owner.signIn(OWNER, a)).status).toBe(200);
    const session = owner
      .cookie()
      .split('; ')
      .find((pair) => pair.startsWith('console_session='));
    const stolen = { Cookie: session ?? '', 'X-Forwarded-For': '198.18.9.9' };
    const change = (current: string, to: Instance) =>
      owner.call(
        'POST',
        '/account/password',
        { current_password: current, new_password: 'the thief chose this 77' },
        stolen,
        to,
      );
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await change(`guess-${i}`, i % 2 ? b : a)).status);
    expect(statuses).toEqual([...Array(10).fill(422), 429]);
    expect((await change(OWNER.password, a)).status).toBe(429);
    expect((await change(OWNER.password, b)).status).toBe(429);
    await expect
      .poll(() => smtp.to(OWNER.email).some((m) => m.includes('when asked to confirm it was you')))
      .toBe(true);
  });

  it('counts failed sign-ins across both instances', async () => {
    const someone = browser(both);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push((await someone.signIn({ email: 'guess@agency.test', password: `wrong-${i}` })).status);
    // Five failures at one email, on either instance, then one paced try; the next within the pace is refused.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });

  it('shares one session of the session-based interface: read on both at once, one CreateSession; ended on A, B makes the next', async () => {
    const admin = browser(both);
    expect((await admin.signIn(ADMIN)).status).toBe(200);
    await sandbox.control('/sessions/end');
    const reads = await Promise.all(
      Array.from({ length: 10 }, () => admin.call('GET', '/admin/session/credit-balance')),
    );
    expect(reads.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await sandbox.stats()).sessions).toBe(1);
    expect((await admin.call('GET', '/admin/session', undefined, {}, b)).body).toMatchObject({
      active: true,
    });

    expect((await admin.call('POST', '/admin/session/end', {}, {}, a)).status).toBe(200);
    expect((await sandbox.stats()).sessions).toBe(0);
    expect((await admin.call('GET', '/admin/session', undefined, {}, b)).body).toMatchObject({
      active: false,
    });
    // B still knew the ended SessionId: the service says it is gone, and B makes the next one, once.
    expect((await admin.call('GET', '/admin/session/credit-balance', undefined, {}, b)).status).toBe(200);
    expect((await admin.call('GET', '/admin/session/credit-balance', undefined, {}, a)).status).toBe(200);
    expect((await sandbox.stats()).sessions).toBe(1);
  });

  it('books once for one Idempotency-Key sent to A and B at the same moment: one order, one ledger row', async () => {
    const agent = browser(both);
    expect((await agent.signIn(AGENT)).status).toBe(200);
    const body = await orderRequest(agent, 'TWO-AT-ONCE');
    const before = (await sandbox.stats()).flight_orders;
    const key = 'two-instances-one-key';
    const replies = await Promise.all([
      agent.call('POST', '/flights/orders', body, { 'Idempotency-Key': key }, a),
      agent.call('POST', '/flights/orders', body, { 'Idempotency-Key': key }, b),
    ]);
    // One made it, the other replayed it (201) or was told the key was still in use (409).
    expect(replies.map((r) => r.status).sort()).toContainEqual(201);
    expect(replies.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect((await sandbox.stats()).flight_orders).toBe(before + 1);
    expect(await ledgerRows(agent, 'TWO-AT-ONCE')).toHaveLength(1);
  });

  it('records one change and sends one e-mail when A and B read a moved flight at the same moment (decision 037)', async () => {
    const agent = browser(both);
    expect((await agent.signIn(AGENT)).status).toBe(200);
    const body = await orderRequest(agent, 'WATCH-BOTH');
    const order = FlightOrderSchema.parse(
      (await agent.call('POST', '/flights/orders', body, { 'Idempotency-Key': 'watch-both' })).body,
    );
    expect((await agent.call('POST', `/flights/orders/${order.id}/ticket`)).status).toBe(200);
    await sandbox.control('/clock/advance', { seconds: 60 });
    const read = async (to?: Instance) =>
      FlightOrderSchema.parse(
        (await agent.call('GET', `/flights/orders/${order.id}`, undefined, {}, to)).body,
      );
    await expect.poll(async () => (await read()).status).toBe('ticketed');

    // The airline moves it; both instances read it at once, each comparing it with what the ledger held.
    await sandbox.control(`/flights/orders/${order.id}/schedule`, { days: 1 });
    await Promise.all([read(a), read(b), read(a), read(b)]);
    const changes = ChangeListSchema.parse(
      (await agent.call('GET', `/changes?booking=${order.id}`)).body,
    ).data;
    expect(changes.map((c) => c.kind)).toEqual(['schedule_change']);

    // One e-mail, from whichever instance sends the outbox: one row for it, sent.
    const reference = order.booking_reference ?? order.id;
    const mails = () => smtp.to(AGENT.email).filter((m) => m.includes(`Booking ${reference}`));
    await expect.poll(() => mails().length, { timeout: 10_000 }).toBe(1);
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const rows = await client.query('select sent_at from mail_outbox where dedupe like $1', [
        `change:${changes[0]?.id}:%`,
      ]);
      expect(rows.rows).toHaveLength(1);
      expect((rows.rows[0] as { sent_at: string | null }).sent_at).not.toBeNull();
    } finally {
      await client.end();
    }
    expect(mails()).toHaveLength(1);
  });

  it('loses no booking when A is killed (kill -9) in the middle of a create: restarted, it is in the ledger once', async () => {
    const agent = browser(both);
    expect((await agent.signIn(AGENT)).status).toBe(200);
    const body = await orderRequest(agent, 'KILLED-MID-CREATE');
    const before = (await sandbox.stats()).flight_orders;
    // The service takes its time; A dies while it is waiting for the answer.
    await sandbox.control('/faults', {
      path: '/v3/flights/orders',
      method: 'POST',
      mode: 'delay',
      delay_ms: 1500,
    });
    const key = 'killed-mid-create';
    const lost = agent.call('POST', '/flights/orders', body, { 'Idempotency-Key': key }, a).catch(() => null);
    const intent = async () => {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        const rows = await client.query('select state from booking_intents where idempotency_key = $1', [
          key,
        ]);
        return (rows.rows[0] as { state?: string } | undefined)?.state ?? null;
      } finally {
        await client.end();
      }
    };
    // Written before it was sent.
    await expect.poll(intent, { timeout: 5000, interval: 50 }).toBe('open');
    expect(await a.stop('SIGKILL')).toBe(null);
    expect(await lost).toBe(null);
    a = await startBffProcess(env);

    // Whichever instance holds the jobs lease settles it; if A held it, it lapses first (10 s here).
    await expect.poll(intent, { timeout: 30_000, interval: 250 }).toBe('done');
    expect((await sandbox.stats()).flight_orders).toBe(before + 1);
    const rows = await ledgerRows(agent, 'KILLED-MID-CREATE');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.agent.email).toBe(AGENT.email);
    // The agent asking again with the same key gets that booking, not a second one.
    const again = await agent.call('POST', '/flights/orders', body, { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(FlightOrderSchema.parse(again.body).id).toBe(rows[0]?.id);
    expect((await sandbox.stats()).flight_orders).toBe(before + 1);
  }, 60_000);

  it('stops gracefully on SIGTERM: a request in flight finishes, an open search stream is told, and it exits 0', async () => {
    const agent = browser(both);
    expect((await agent.signIn(AGENT)).status).toBe(200);
    await sandbox.control('/faults', { path: '/v3/flights/places', mode: 'delay', delay_ms: 1500 });
    const slow = agent.call('GET', '/flights/places?query=lon&limit=3', undefined, {}, b);

    const stream = await fetch(`${b.origin}/api/flights/searches/stream`, {
      method: 'POST',
      headers: { Cookie: agent.cookie(), [CSRF_HEADER]: '1', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        slices: [{ origin: 'LHR', destination: 'JFK', departure_date: inDays(33) }],
        passengers: { adults: 1 },
      }),
    });
    expect(stream.status).toBe(200);
    const events: { event?: string; data: string }[] = [];
    const parser = createParser({ onEvent: (e) => events.push({ event: e.event, data: e.data }) });
    const reader = stream.body?.getReader();
    const read = (async () => {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        parser.feed(new TextDecoder().decode(chunk.value));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exit = b.stop('SIGTERM');
    expect((await slow).status).toBe(200);
    await read;
    expect(events.at(-1)?.event).toBe('error');
    expect(events.at(-1)?.data).toContain('service_unavailable');
    expect(await exit).toBe(0);
    b = await startBffProcess(env);
  });
});

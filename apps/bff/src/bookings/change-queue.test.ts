import {
  AwaySchema,
  BookingChangeSchema,
  BulkChangesResultSchema,
  ChangeCountSchema,
  ChangeListSchema,
  ClientMessageSchema,
  ColleagueListSchema,
  ErrorEnvelopeSchema,
  InvitationSchema,
  QueuePeopleSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  holdCanalTour,
  holdFlightOrder,
  holdHotelOrder,
  inDays,
  startConsole,
  type TestConsole,
} from '../testing/console.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';

/**
 * A team's queue of changes (decision 053), against the sandbox as a real server, a real database and a real SMTP
 * server: a change belongs to a person, is assigned to a colleague with a note, snoozed until a time on the service's
 * clock (the sandbox's clock is moved past it), goes to the cover of an agent who is away, and to nobody (the admins
 * e-mailed) when its agent is disabled.
 */
let t: TestConsole;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startConsole({ SMTP_URL: smtp.url });
  await t.calm();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Browser = ReturnType<TestConsole['browser']>;
interface Agent {
  id: string;
  email: string;
  name: string;
  browser: Browser;
}
const error = (body: unknown) => ErrorEnvelopeSchema.parse(body).error;
const listOf = async (b: Browser, query: string) =>
  ChangeListSchema.parse((await b.get(`/changes?${query}`)).body).data.map((c) => c.id);
const countOf = async (b: Browser) => ChangeCountSchema.parse((await b.get('/changes/count')).body);
const serviceNow = async () => {
  await t.console.deps.upstream.readClock();
  return t.console.deps.upstream.clock.now();
};

let people = 0;
async function newPerson(role: 'agent' | 'admin' = 'agent', officeWide = false): Promise<Agent> {
  people += 1;
  const admin = await t.signedIn('admin');
  const email = `queue.${people}@demo.test`;
  const name = `Queue Person ${String(people).padStart(2, '0')}`;
  const user = await t.invite(admin, { email, name, role }, 'violet tram harbour 42', (to) =>
    smtp.linkToken(to),
  );
  if (officeWide)
    expect((await admin.patch(`/admin/users/${user.id}`, { office_wide: true })).status).toBe(200);
  const browser = t.browser();
  expect((await browser.signIn(email, 'violet tram harbour 42')).status).toBe(200);
  return { id: user.id, email, name, browser };
}

async function disable(person: Agent) {
  const admin = await t.signedIn('admin');
  expect((await admin.patch(`/admin/users/${person.id}`, { disabled: true })).status).toBe(200);
}

/** A booking of the agent's, and a change the watch records on it (the watch's own `record`). */
async function changeFor(agent: Agent, ref: string) {
  const order = await holdFlightOrder(agent.browser, { clientReference: ref, inDays: 40 });
  await t.console.deps.changes.record(
    {
      id: order.id,
      environment: t.console.deps.upstream.service.environment,
      product: 'flight',
      agent_id: agent.id,
      agent_email: agent.email,
      travel_on: inDays(40),
      reference: order.booking_reference ?? null,
      summary: `LHR→CDG ${ref}`,
    },
    `queue-${ref}`,
    [
      {
        kind: 'schedule_change',
        summary: `Schedule change: ${ref} now departs an hour later.`,
        before: { status: 'held' },
        after: { status: 'held' },
      },
    ],
  );
  const admin = await t.signedIn('admin');
  const [change] = ChangeListSchema.parse((await admin.get(`/changes?booking=${order.id}`)).body).data;
  if (!change) throw new Error('no change recorded');
  return { order, change };
}

const mailsAbout = (email: string, words: string) => smtp.to(email).filter((m) => m.includes(words));

describe('a change’s owner', () => {
  it('is the booking’s agent: in their queue and their count, nobody else’s; the unassigned count is theirs to see', async () => {
    const agent = await newPerson();
    const other = await newPerson();
    const { change } = await changeFor(agent, 'Q-OWNER');
    expect(change.assignee).toEqual({ id: agent.id, email: agent.email, name: agent.name });
    expect(change.state).toBe('open');
    expect(await listOf(agent.browser, 'assignee=me')).toEqual([change.id]);
    expect(await listOf(agent.browser, 'assignee=none')).toEqual([]);
    expect(await listOf(other.browser, 'assignee=me')).toEqual([]);
    expect(await listOf(other.browser, `assignee=${agent.id}`)).toEqual([]);
    expect(await countOf(agent.browser)).toMatchObject({
      open: 1,
      mine: { open: 1, at_least: false },
      unassigned: { open: 0, at_least: false },
    });
    await t.console.jobs.runOnce();
    await expect.poll(() => mailsAbout(agent.email, 'Q-OWNER').length).toBe(1);
  });

  it('is nobody when the agent is disabled as it is found: unassigned, the admins e-mailed, taken by an admin but not by another agent', async () => {
    const agent = await newPerson();
    const other = await newPerson();
    const order = await holdFlightOrder(agent.browser, { clientReference: 'Q-LEFT', inDays: 40 });
    await disable(agent);
    await t.console.deps.changes.record(
      {
        id: order.id,
        environment: t.console.deps.upstream.service.environment,
        product: 'flight',
        agent_id: agent.id,
        agent_email: agent.email,
        travel_on: inDays(40),
        reference: null,
        summary: 'LHR→CDG Q-LEFT',
      },
      'queue-left',
      [{ kind: 'cancelled', summary: 'Cancelled outside the console.', before: {}, after: {} }],
    );
    const admin = await t.signedIn('admin');
    const [change] = ChangeListSchema.parse((await admin.get(`/changes?booking=${order.id}`)).body).data;
    expect(change?.assignee).toBeNull();
    expect(await listOf(admin, 'assignee=none')).toContain(change?.id);
    expect((await countOf(admin)).unassigned.open).toBeGreaterThan(0);
    await t.console.jobs.runOnce();
    await expect.poll(() => mailsAbout('admin@demo.test', order.id).length).toBe(1);
    // Another agent reaches neither the change nor the booking: they cannot take it.
    expect(await listOf(other.browser, 'assignee=none')).not.toContain(change?.id);
    const taken = await other.browser.post(`/changes/${change?.id}/assign`, { user_id: other.id });
    expect(taken.status).toBe(404);
    // An admin gives it to that agent, who then has it and reaches the booking.
    const given = await admin.post(`/changes/${change?.id}/assign`, {
      user_id: other.id,
      note: 'Yours now.',
    });
    expect(BookingChangeSchema.parse(given.body).assignee?.id).toBe(other.id);
    expect(await listOf(other.browser, 'assignee=me')).toEqual([change?.id]);
    expect((await other.browser.get(`/flights/orders/${order.id}`)).status).toBe(200);
  });
});

describe('assigning a change', () => {
  it('hands it to a colleague with a note: it leaves the agent’s queue for theirs, they are e-mailed with the note and can act on the booking; the timeline and the audit log say so', async () => {
    const agent = await newPerson();
    const colleague = await newPerson();
    const { order, change } = await changeFor(agent, 'Q-ASSIGN');
    // Before: the colleague reaches neither.
    expect((await colleague.browser.get(`/flights/orders/${order.id}`)).status).toBe(404);
    const reply = await agent.browser.post(`/changes/${change.id}/assign`, {
      user_id: colleague.id,
      note: 'Client prefers you, call her after 5.',
    });
    expect(reply.status).toBe(200);
    expect(BookingChangeSchema.parse(reply.body).assignee?.email).toBe(colleague.email);
    expect(await listOf(agent.browser, 'assignee=me')).toEqual([]);
    expect(await listOf(colleague.browser, 'assignee=me')).toEqual([change.id]);
    expect((await countOf(colleague.browser)).mine.open).toBe(1);
    expect((await countOf(agent.browser)).mine.open).toBe(0);
    // The booking's agent still sees it among their bookings' changes.
    expect(await listOf(agent.browser, '')).toEqual([change.id]);
    await t.console.jobs.runOnce();
    await expect
      .poll(() => mailsAbout(colleague.email, 'Client prefers you, call her after 5.').length)
      .toBe(1);
    const mail = mailsAbout(colleague.email, 'Client prefers you').at(0) ?? '';
    expect(mail).toContain(`${agent.email} assigned you a change`);
    expect(mail).toContain(`/flights/orders/${order.id}`);
    // The colleague opens the booking and handles the change.
    expect((await colleague.browser.get(`/flights/orders/${order.id}`)).status).toBe(200);
    const handled = await colleague.browser.post(`/changes/${change.id}/handle`, { note: 'Called her.' });
    expect(BookingChangeSchema.parse(handled.body)).toMatchObject({ state: 'handled', note: 'Called her.' });
    expect(await listOf(colleague.browser, 'assignee=me&state=handled')).toEqual([change.id]);

    const events = await t.console.deps.db
      .selectFrom('booking_events')
      .select(['kind', 'actor_email', 'summary'])
      .where('booking_id', '=', order.id)
      .where('kind', 'in', ['change_assigned', 'change_handled'])
      .orderBy('seq')
      .execute();
    expect(events).toEqual([
      {
        kind: 'change_assigned',
        actor_email: agent.email,
        summary: `Change assigned to ${colleague.name} (${colleague.email}) by ${agent.email}: Client prefers you, call her after 5.`,
      },
      {
        kind: 'change_handled',
        actor_email: colleague.email,
        summary: `Change handled by ${colleague.email}: Called her.`,
      },
    ]);
    const admin = await t.signedIn('admin');
    const log = (await admin.get('/admin/audit?action=change.assign')).body as {
      data: Array<{ user: { email: string }; resource_id: string | null }>;
    };
    expect(log.data.map((e) => [e.user.email, e.resource_id])).toContainEqual([agent.email, change.id]);
  });

  it('tells no one again on a second press, and follows the colleague’s e-mail choice', async () => {
    const agent = await newPerson();
    const quiet = await newPerson();
    expect((await quiet.browser.put('/account/notifications', { change_email: 'none' })).status).toBe(200);
    const { change } = await changeFor(agent, 'Q-TWICE');
    for (let press = 0; press < 2; press++)
      expect((await agent.browser.post(`/changes/${change.id}/assign`, { user_id: quiet.id })).status).toBe(
        200,
      );
    await t.console.jobs.runOnce();
    expect(mailsAbout(quiet.email, 'assigned you').length).toBe(0);
    const assigned = await t.console.deps.db
      .selectFrom('booking_events')
      .select('seq')
      .where('booking_id', '=', change.booking_id)
      .where('kind', '=', 'change_assigned')
      .execute();
    expect(assigned).toHaveLength(1);
  });

  it('sends a colleague who reads a morning digest nothing once the change is handled or handed on before it goes', async () => {
    const agent = await newPerson();
    const daily = await newPerson();
    const other = await newPerson();
    expect((await daily.browser.put('/account/notifications', { change_email: 'daily' })).status).toBe(200);
    const handled = await changeFor(agent, 'Q-DIGEST-HANDLED');
    const moved = await changeFor(agent, 'Q-DIGEST-MOVED');
    const kept = await changeFor(agent, 'Q-DIGEST-KEPT');
    for (const { change } of [handled, moved, kept])
      expect((await agent.browser.post(`/changes/${change.id}/assign`, { user_id: daily.id })).status).toBe(
        200,
      );
    expect((await daily.browser.post(`/changes/${handled.change.id}/handle`, { note: 'Done.' })).status).toBe(
      200,
    );
    expect(
      (await agent.browser.post(`/changes/${moved.change.id}/assign`, { user_id: other.id })).status,
    ).toBe(200);
    t.advanceConsoleClock(25 * 3_600_000);
    await t.console.jobs.runOnce();
    await expect.poll(() => mailsAbout(daily.email, 'Q-DIGEST-KEPT').length).toBe(1);
    expect(mailsAbout(daily.email, 'Q-DIGEST-HANDLED')).toEqual([]);
    expect(mailsAbout(daily.email, 'Q-DIGEST-MOVED')).toEqual([]);
  });

  it('refuses a disabled or unknown person with the reason (422), and another agent’s change as none (404)', async () => {
    const agent = await newPerson();
    const gone = await newPerson();
    const stranger = await newPerson();
    await disable(gone);
    const { change } = await changeFor(agent, 'Q-REFUSE');
    const toGone = await agent.browser.post(`/changes/${change.id}/assign`, { user_id: gone.id });
    expect({ status: toGone.status, param: error(toGone.body).param }).toEqual({
      status: 422,
      param: 'user_id',
    });
    expect(error(toGone.body).message).toContain(`${gone.name} (${gone.email}) is disabled`);
    const toNobody = await agent.browser.post(`/changes/${change.id}/assign`, { user_id: 'usr_nobody' });
    expect(toNobody.status).toBe(422);
    expect(error(toNobody.body).message).toMatch(/No colleague has this id/);
    const missing = await agent.browser.post(`/changes/${change.id}/assign`, {});
    expect({ status: missing.status, param: error(missing.body).param }).toEqual({
      status: 422,
      param: 'user_id',
    });
    const stolen = await stranger.browser.post(`/changes/${change.id}/assign`, { user_id: stranger.id });
    expect({ status: stolen.status, code: error(stolen.body).code }).toEqual({
      status: 404,
      code: 'resource_not_found',
    });
    expect(
      (await stranger.browser.post(`/changes/${change.id}/snooze`, { until: '2099-01-01T00:00:00Z' })).status,
    ).toBe(404);
    expect((await agent.browser.get(`/changes?assignee=me`)).status).toBe(200);
  });
});

describe('snoozing a change', () => {
  it('takes it off the open list and counts until the service’s clock passes its time, then brings it back once', async () => {
    const agent = await newPerson();
    const { order, change } = await changeFor(agent, 'Q-SNOOZE');
    const past = new Date((await serviceNow()) - 60_000).toISOString();
    const early = await agent.browser.post(`/changes/${change.id}/snooze`, { until: past });
    expect({ status: early.status, param: error(early.body).param }).toEqual({ status: 422, param: 'until' });
    expect(error(early.body).message).toMatch(/not ahead.*service's clock/);

    const until = new Date((await serviceNow()) + 2 * 3_600_000).toISOString();
    const snoozed = BookingChangeSchema.parse(
      (await agent.browser.post(`/changes/${change.id}/snooze`, { until, note: 'Airline answers Monday.' }))
        .body,
    );
    expect(snoozed).toMatchObject({ state: 'snoozed', snoozed_until: until });
    expect(await listOf(agent.browser, 'assignee=me')).toEqual([]);
    expect(await listOf(agent.browser, 'assignee=me&state=snoozed')).toEqual([change.id]);
    expect((await countOf(agent.browser)).mine.open).toBe(0);
    // A round before its time wakes nothing.
    await t.console.jobs.runOnce();
    expect(await listOf(agent.browser, 'assignee=me&state=snoozed')).toEqual([change.id]);

    await t.control('/clock/advance', { seconds: 2 * 3600 + 60 });
    await serviceNow();
    await t.console.jobs.runOnce();
    expect(await listOf(agent.browser, 'assignee=me')).toEqual([change.id]);
    expect((await countOf(agent.browser)).mine.open).toBe(1);
    // Another round (another instance) wakes it no second time.
    await t.console.jobs.runOnce();
    const events = await t.console.deps.db
      .selectFrom('booking_events')
      .select(['kind', 'actor_kind', 'actor_email'])
      .where('booking_id', '=', order.id)
      .where('kind', 'in', ['change_snoozed', 'change_woke'])
      .orderBy('seq')
      .execute();
    expect(events).toEqual([
      { kind: 'change_snoozed', actor_kind: 'agent', actor_email: agent.email },
      { kind: 'change_woke', actor_kind: 'console', actor_email: null },
    ]);
    const admin = await t.signedIn('admin');
    const log = (await admin.get('/admin/audit?action=change.snooze')).body as {
      data: Array<{ resource_id: string | null }>;
    };
    expect(log.data.map((e) => e.resource_id)).toContain(change.id);
  });

  it('wakes a change once when two rounds run at once (two instances)', async () => {
    const agent = await newPerson();
    const { change } = await changeFor(agent, 'Q-TWO-ROUNDS');
    const until = new Date((await serviceNow()) + 3_600_000).toISOString();
    expect((await agent.browser.post(`/changes/${change.id}/snooze`, { until })).status).toBe(200);
    await t.control('/clock/advance', { seconds: 3600 + 60 });
    await serviceNow();
    const [a, b] = await Promise.all([
      t.console.deps.changes.wakeDue(200),
      t.console.deps.changes.wakeDue(200),
    ]);
    expect([...(a ?? []), ...(b ?? [])].filter((w) => w.id === change.id)).toHaveLength(1);
    expect(await listOf(agent.browser, 'assignee=me')).toEqual([change.id]);
  });
});

describe('away, covered by a colleague', () => {
  it('sends the agent’s new changes and hold reminders to the cover (assigned, e-mailed, the booking in reach) until the agent is back', async () => {
    const agent = await newPerson();
    const cover = await newPerson();
    const disabled = await newPerson();
    await disable(disabled);
    const until = new Date((await serviceNow()) + 3 * 86_400_000).toISOString();
    // Refused: oneself, a disabled colleague, a time already past.
    for (const [body, param] of [
      [{ until, cover_user_id: agent.id }, 'cover_user_id'],
      [{ until, cover_user_id: disabled.id }, 'cover_user_id'],
      [{ until: '2000-01-01T00:00:00Z', cover_user_id: cover.id }, 'until'],
    ] as const) {
      const refused = await agent.browser.put('/account/away', body);
      expect({ status: refused.status, param: error(refused.body).param }).toEqual({ status: 422, param });
    }
    const away = AwaySchema.parse(
      (await agent.browser.put('/account/away', { until, cover_user_id: cover.id })).body,
    );
    expect(away.away).toEqual({ until, cover: { id: cover.id, name: cover.name, email: cover.email } });
    expect(AwaySchema.parse((await agent.browser.get('/account/away')).body)).toEqual(away);

    const { order, change } = await changeFor(agent, 'Q-AWAY');
    expect(change.assignee?.id).toBe(cover.id);
    expect(await listOf(cover.browser, 'assignee=me')).toEqual([change.id]);
    expect((await cover.browser.get(`/flights/orders/${order.id}`)).status).toBe(200);
    // A hold of the agent's about to lapse: the reminder goes to the cover.
    const tour = await holdCanalTour(agent.browser);
    await t.console.jobs.runOnce();
    await t.console.jobs.runOnce();
    await expect.poll(() => mailsAbout(cover.email, order.id).length).toBe(1);
    expect(mailsAbout(cover.email, order.id).at(0)).toContain(`${agent.name} (${agent.email}) is away until`);
    await expect.poll(() => mailsAbout(cover.email, tour.id).length).toBe(1);
    expect(mailsAbout(cover.email, tour.id).at(0)).toMatch(/lapses unpaid/);
    expect(mailsAbout(agent.email, order.id)).toEqual([]);
    expect(mailsAbout(agent.email, tour.id)).toEqual([]);
    // The cover opens the held tour too, while covering.
    expect((await cover.browser.get(`/activities/bookings/${tour.id}`)).status).toBe(200);

    // Back: the next change is the agent's again.
    expect(AwaySchema.parse((await agent.browser.delete('/account/away')).body).away).toBeNull();
    const next = await changeFor(agent, 'Q-BACK');
    expect(next.change.assignee?.id).toBe(agent.id);
    expect((await cover.browser.get(`/flights/orders/${next.order.id}`)).status).toBe(404);
  });

  it('keeps the agent’s changes with the agent when the cover has been disabled since', async () => {
    const agent = await newPerson();
    const cover = await newPerson();
    const until = new Date((await serviceNow()) + 86_400_000).toISOString();
    expect((await agent.browser.put('/account/away', { until, cover_user_id: cover.id })).status).toBe(200);
    await disable(cover);
    const { change } = await changeFor(agent, 'Q-COVER-GONE');
    expect(change.assignee?.id).toBe(agent.id);
  });
});

describe('the reach a change gives to another agent’s booking', () => {
  it('ends when the colleague holding it marks it handled, or when it is assigned away', async () => {
    const owner = await newPerson();
    const colleague = await newPerson();
    const other = await newPerson();
    const { order, change } = await changeFor(owner, 'Q-REACH-ENDS');
    expect((await owner.browser.post(`/changes/${change.id}/assign`, { user_id: colleague.id })).status).toBe(
      200,
    );
    expect((await colleague.browser.get(`/flights/orders/${order.id}`)).status).toBe(200);
    expect((await colleague.browser.post(`/changes/${change.id}/handle`, { note: 'done' })).status).toBe(200);
    // Handled: the work handed over is done, and the booking is its agent's alone again (its page, refund, timeline).
    expect((await colleague.browser.get(`/flights/orders/${order.id}`)).status).toBe(404);
    expect((await colleague.browser.get(`/bookings/${order.id}/timeline`)).status).toBe(404);
    expect((await owner.browser.get(`/flights/orders/${order.id}`)).status).toBe(200);

    // Assigned away while still open: the new holder reaches it, the former one no longer does.
    const next = await changeFor(owner, 'Q-REACH-MOVES');
    expect(
      (await owner.browser.post(`/changes/${next.change.id}/assign`, { user_id: colleague.id })).status,
    ).toBe(200);
    expect((await colleague.browser.get(`/flights/orders/${next.order.id}`)).status).toBe(200);
    expect(
      (await colleague.browser.post(`/changes/${next.change.id}/assign`, { user_id: other.id })).status,
    ).toBe(200);
    expect((await colleague.browser.get(`/flights/orders/${next.order.id}`)).status).toBe(404);
    expect((await other.browser.get(`/flights/orders/${next.order.id}`)).status).toBe(200);
    // Snoozed, it is still theirs to come back to.
    const until = new Date((await serviceNow()) + 3_600_000).toISOString();
    expect((await other.browser.post(`/changes/${next.change.id}/snooze`, { until })).status).toBe(200);
    expect((await other.browser.get(`/flights/orders/${next.order.id}`)).status).toBe(200);
  });

  it('ends for a cover with the away: the changes they handled while covering give them nothing after', async () => {
    const agent = await newPerson();
    const cover = await newPerson();
    const until = new Date((await serviceNow()) + 86_400_000).toISOString();
    expect((await agent.browser.put('/account/away', { until, cover_user_id: cover.id })).status).toBe(200);
    const { order, change } = await changeFor(agent, 'Q-COVER-HANDLED');
    expect(change.assignee?.id).toBe(cover.id);
    expect((await cover.browser.post(`/changes/${change.id}/handle`, { note: 'Rebooked.' })).status).toBe(
      200,
    );
    expect((await cover.browser.get(`/flights/orders/${order.id}`)).status).toBe(200);
    expect((await agent.browser.delete('/account/away')).status).toBe(200);
    expect((await cover.browser.get(`/flights/orders/${order.id}`)).status).toBe(404);
  });
});

describe('a colleague holding a change of another agent’s booking', () => {
  it('has the client’s message addressed to the booking’s contact, as its agent has it', async () => {
    const agent = await newPerson();
    const colleague = await newPerson();
    const order = await holdHotelOrder(agent.browser, {
      checkIn: inDays(60),
      checkOut: inDays(62),
      clientReference: 'Q-TELL',
    });
    expect((await agent.browser.get(`/hotels/orders/${order.id}`)).status).toBe(200);
    await t.control(`/bookings/${order.id}/cancel`);
    expect((await agent.browser.get(`/hotels/orders/${order.id}`)).status).toBe(200);
    const [cancelled] = ChangeListSchema.parse(
      (await agent.browser.get(`/changes?booking=${order.id}`)).body,
    ).data;
    if (!cancelled) throw new Error('no change');
    const owners = ClientMessageSchema.parse(
      (await agent.browser.get(`/changes/${cancelled.id}/message`)).body,
    );
    expect(owners.to).toBe('amelia@example.com');
    expect(
      (await agent.browser.post(`/changes/${cancelled.id}/assign`, { user_id: colleague.id })).status,
    ).toBe(200);
    const theirs = ClientMessageSchema.parse(
      (await colleague.browser.get(`/changes/${cancelled.id}/message`)).body,
    );
    expect(theirs).toMatchObject({ to: 'amelia@example.com', can_email: true });
  });
});

describe('how far ahead', () => {
  it('a change is snoozed at most 90 days on the service’s clock; further is refused in words (422)', async () => {
    const agent = await newPerson();
    const { change } = await changeFor(agent, 'Q-SNOOZE-FAR');
    const far = await agent.browser.post(`/changes/${change.id}/snooze`, { until: '9999-12-31T00:00:00Z' });
    expect({ status: far.status, param: error(far.body).param }).toEqual({ status: 422, param: 'until' });
    expect(error(far.body).message).toMatch(/at most 90 days ahead/);
    const tooFar = new Date((await serviceNow()) + 91 * 86_400_000).toISOString();
    expect((await agent.browser.post(`/changes/${change.id}/snooze`, { until: tooFar })).status).toBe(422);
    const ninety = new Date((await serviceNow()) + 89 * 86_400_000).toISOString();
    expect((await agent.browser.post(`/changes/${change.id}/snooze`, { until: ninety })).status).toBe(200);
  });

  it('one is away at most a year on the service’s clock; further is refused in words (422)', async () => {
    const agent = await newPerson();
    const cover = await newPerson();
    const far = await agent.browser.put('/account/away', {
      until: '9999-12-31T00:00:00Z',
      cover_user_id: cover.id,
    });
    expect({ status: far.status, param: error(far.body).param }).toEqual({ status: 422, param: 'until' });
    expect(error(far.body).message).toMatch(/at most a year ahead/);
    const year = new Date((await serviceNow()) + 360 * 86_400_000).toISOString();
    expect((await agent.browser.put('/account/away', { until: year, cover_user_id: cover.id })).status).toBe(
      200,
    );
  });
});

describe('people who have not accepted their invitation', () => {
  it('are no colleague: not named, not assigned a change, not a cover, not in everyone’s queue', async () => {
    const agent = await newPerson();
    const admin = await t.signedIn('admin');
    const invited = await admin.post('/admin/users', {
      email: 'queue.invited@demo.test',
      name: 'Queue Person Invited',
      role: 'agent',
    });
    expect(invited.status).toBe(201);
    const { user } = InvitationSchema.parse(invited.body);
    const colleagues = ColleagueListSchema.parse(
      (await agent.browser.get('/account/colleagues?q=queue%20person&limit=200')).body,
    ).data;
    expect(colleagues.map((c) => c.id)).not.toContain(user.id);
    const { change } = await changeFor(agent, 'Q-INVITED');
    const assigned = await agent.browser.post(`/changes/${change.id}/assign`, { user_id: user.id });
    expect({ status: assigned.status, param: error(assigned.body).param }).toEqual({
      status: 422,
      param: 'user_id',
    });
    expect(error(assigned.body).message).toMatch(/has not accepted their invitation/);
    const until = new Date((await serviceNow()) + 86_400_000).toISOString();
    const covered = await agent.browser.put('/account/away', { until, cover_user_id: user.id });
    expect({ status: covered.status, param: error(covered.body).param }).toEqual({
      status: 422,
      param: 'cover_user_id',
    });
    expect(error(covered.body).message).toMatch(/has not accepted their invitation/);
    const lines = QueuePeopleSchema.parse((await admin.get('/changes/people?limit=200')).body).data;
    expect(lines.map((l) => l.person?.id)).not.toContain(user.id);
  });
});

describe('several changes at once', () => {
  it('handles the selected ones with one note; one out of reach is refused with its reason while the others are done', async () => {
    const agent = await newPerson();
    const other = await newPerson();
    const first = await changeFor(agent, 'Q-BULK-1');
    const second = await changeFor(agent, 'Q-BULK-2');
    const theirs = await changeFor(other, 'Q-BULK-3');
    const reply = await agent.browser.post('/changes/bulk', {
      ids: [first.change.id, theirs.change.id, second.change.id],
      action: 'handle',
      note: 'All told by phone.',
    });
    const result = BulkChangesResultSchema.parse(reply.body);
    expect({ done: result.done, refused: result.refused }).toEqual({ done: 2, refused: 1 });
    expect(
      result.results.map((r) => [r.id, r.outcome, r.error?.code ?? null, r.change?.note ?? null]),
    ).toEqual([
      [first.change.id, 'done', null, 'All told by phone.'],
      [theirs.change.id, 'refused', 'resource_not_found', null],
      [second.change.id, 'done', null, 'All told by phone.'],
    ]);
    expect(await listOf(other.browser, 'assignee=me')).toEqual([theirs.change.id]);
    const handled = await t.console.deps.db
      .selectFrom('booking_events')
      .select(['booking_id', 'data'])
      .where('kind', '=', 'change_handled')
      .where('booking_id', 'in', [first.order.id, second.order.id])
      .execute();
    expect(handled).toHaveLength(2);
    expect(handled.every((e) => JSON.parse(e.data ?? '{}').bulk === true)).toBe(true);
  });

  it('assigns the selected ones to a colleague, and refuses the whole request for a disabled one (422)', async () => {
    const admin = await t.signedIn('admin');
    const agent = await newPerson();
    const colleague = await newPerson();
    const gone = await newPerson();
    await disable(gone);
    const a = await changeFor(agent, 'Q-BULK-A');
    const b = await changeFor(agent, 'Q-BULK-B');
    const refused = await admin.post('/changes/bulk', {
      ids: [a.change.id, b.change.id],
      action: 'assign',
      user_id: gone.id,
    });
    expect({ status: refused.status, param: error(refused.body).param }).toEqual({
      status: 422,
      param: 'user_id',
    });
    const noOne = await admin.post('/changes/bulk', { ids: [a.change.id], action: 'assign' });
    expect({ status: noOne.status, param: error(noOne.body).param }).toEqual({
      status: 422,
      param: 'user_id',
    });
    const done = BulkChangesResultSchema.parse(
      (
        await admin.post('/changes/bulk', {
          ids: [a.change.id, b.change.id],
          action: 'assign',
          user_id: colleague.id,
          note: 'Both Hart bookings.',
        })
      ).body,
    );
    expect(done.done).toBe(2);
    expect((await listOf(colleague.browser, 'assignee=me')).sort()).toEqual(
      [a.change.id, b.change.id].sort(),
    );
    await t.console.jobs.runOnce();
    await expect.poll(() => mailsAbout(colleague.email, 'Both Hart bookings.').length).toBe(1);
  });
});

describe('everyone’s queue', () => {
  it('lists each person with their open count and oldest, the unassigned first, by pages; for admins and office-wide agents only', async () => {
    const agent = await newPerson();
    const officeWide = await newPerson('agent', true);
    const older = await changeFor(agent, 'Q-PEOPLE-1');
    await changeFor(agent, 'Q-PEOPLE-2');
    const view = async (b: Browser) => {
      const lines = [];
      let after: string | null = null;
      let first = true;
      while (first || after) {
        first = false;
        const reply = await b.get(`/changes/people?limit=2${after ? `&after=${after}` : ''}`);
        expect(reply.status).toBe(200);
        const page = QueuePeopleSchema.parse(reply.body);
        lines.push(...page.data);
        after = page.next_cursor;
      }
      return lines;
    };
    const lines = await view(officeWide.browser);
    expect(lines[0]?.person).toBeNull();
    const mine = lines.find((l) => l.person?.id === agent.id);
    expect(mine).toMatchObject({ open: 2, oldest: { id: older.change.id } });
    // Names in order, each once.
    const names = lines.flatMap((l) => (l.person ? [l.person.name] : []));
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    const admin = await t.signedIn('admin');
    expect((await view(admin)).find((l) => l.person?.id === agent.id)?.open).toBe(2);
    expect(await listOf(officeWide.browser, `assignee=${agent.id}`)).toHaveLength(2);
    const refused = await agent.browser.get('/changes/people');
    expect({ status: refused.status, code: error(refused.body).code }).toEqual({
      status: 403,
      code: 'forbidden',
    });
  });

  it('names the active colleagues to any agent, by pages and by part of a name', async () => {
    const agent = await newPerson();
    const gone = await newPerson();
    await disable(gone);
    const colleagues = ColleagueListSchema.parse(
      (await agent.browser.get('/account/colleagues?q=queue%20person&limit=200')).body,
    ).data;
    expect(colleagues.map((c) => c.email)).toContain(agent.email);
    expect(colleagues.map((c) => c.email)).not.toContain(gone.email);
    expect(Object.keys(colleagues[0] ?? {}).sort()).toEqual(['email', 'id', 'name']);
    const first = ColleagueListSchema.parse((await agent.browser.get('/account/colleagues?limit=1')).body);
    const second = ColleagueListSchema.parse(
      (await agent.browser.get(`/account/colleagues?limit=1&after=${first.next_cursor}`)).body,
    );
    expect(second.data[0]?.id).not.toBe(first.data[0]?.id);
  });
});

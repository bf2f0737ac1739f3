import {
  AuditListSchema,
  type LedgerEntry,
  LedgerListSchema,
  MeSchema,
  RadarSchema,
  StatementSchema,
  TravellerListSchema,
  TripListSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/index.ts';
import { startConsole, type TestConsole } from '../testing/console.ts';
import { seededReference, seedHistory } from '../testing/history-seed.ts';

/**
 * An office with history (decision 023): more bookings than a search window and several pages, written with SQL
 * straight into the store, then read as agents and admins read it. Runs on both stores (`pnpm test:postgres`).
 */
const BOOKINGS = 2600;
const AUDIT = 2300;
const RUNNING = 620;
const DIRECTORY = 2500;

let t: TestConsole;
let admin: Awaited<ReturnType<TestConsole['signedIn']>>;
let agent: Awaited<ReturnType<TestConsole['signedIn']>>;
let agentId: string;

beforeAll(async () => {
  t = await startConsole();
  admin = await t.signedIn('admin');
  agent = await t.signedIn('agent');
  agentId = MeSchema.parse((await agent.get('/me')).body).user.id;
  const adminId = MeSchema.parse((await admin.get('/me')).body).user.id;
  await seedHistory(t.console.deps.db, {
    bookings: BOOKINGS,
    audit: AUDIT,
    running: RUNNING,
    travellers: DIRECTORY,
    trips: DIRECTORY,
    agents: [
      { id: agentId, email: 'agent@demo.test' },
      { id: adminId, email: 'admin@demo.test' },
      { id: 'usr_seed_other', email: 'other@demo.test' },
    ],
    newest: new Date(Date.now() - 60_000),
  });
}, 120_000);
afterAll(() => t.close());

type Browser = typeof admin;
const desk = async (b: Browser, query: string) => {
  const reply = await b.get(`/bookings?${query}`);
  expect(reply.status, reply.text).toBe(200);
  return LedgerListSchema.parse(reply.body);
};

/** Every row of a list, page after page, by its cursors. */
async function everyPage(b: Browser, query: string, limit = 500): Promise<LedgerEntry[]> {
  const rows: LedgerEntry[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await desk(
      b,
      `${query}&limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
    );
    rows.push(...page.data);
    after = page.next_cursor;
    if (!page.has_more) break;
    expect(after).not.toBeNull();
  }
  return rows;
}

const newestFirst = (rows: LedgerEntry[]) =>
  rows.every((row, i) => {
    const before = rows[i - 1];
    return (
      !before ||
      before.created_at > row.created_at ||
      (before.created_at === row.created_at && before.id > row.id)
    );
  });

describe('the desk of an office with history', () => {
  it('pages through every booking newest first, with no row twice and none left out, and counts them', async () => {
    const first = await desk(admin, 'limit=50');
    expect(first.data).toHaveLength(50);
    expect(first.has_more).toBe(true);
    expect(first.matched).toEqual({ count: BOOKINGS, at_least: false });
    const rows = await everyPage(admin, 'sort=created_desc');
    expect(rows).toHaveLength(BOOKINGS);
    expect(new Set(rows.map((r) => r.id)).size).toBe(BOOKINGS);
    expect(newestFirst(rows)).toBe(true);
  });

  it('keeps a cursor valid while new bookings arrive: the next page starts where the last one ended', async () => {
    const first = await desk(admin, 'limit=100');
    const cursor = first.next_cursor ?? '';
    const second = await desk(admin, `limit=100&after=${encodeURIComponent(cursor)}`);
    // A booking made now lands at the top, not in the middle of the pages already handed out.
    await t.console.deps.db
      .insertInto('bookings')
      .values({
        id: 'ord_arrived_now',
        product: 'flight',
        environment: 'test',
        agent_id: agentId,
        agent_email: 'agent@demo.test',
        client_reference: null,
        total_amount: '10.00',
        status: 'ticketed',
        deadline: null,
        summary: 'LHR→JFK',
        people: '[]',
        search_text: '',
        idempotency_key: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const again = await desk(admin, `limit=100&after=${encodeURIComponent(cursor)}`);
    expect(again.data.map((r) => r.id)).toEqual(second.data.map((r) => r.id));
    expect((await desk(admin, 'limit=1')).data[0]?.id).toBe('ord_arrived_now');
    await t.console.deps.db.deleteFrom('bookings').where('id', '=', 'ord_arrived_now').execute();
  });

  it('pages a filtered desk (product and status, an agent’s own) with the same cursors', async () => {
    const all = await everyPage(admin, 'product=hotel&status=confirmed', 100);
    expect(all.length).toBeGreaterThan(200);
    expect(all.every((r) => r.product === 'hotel' && r.status === 'confirmed')).toBe(true);
    expect(newestFirst(all)).toBe(true);
    const mine = await everyPage(agent, 'sort=created_desc', 200);
    expect(mine.length).toBeGreaterThan(BOOKINGS / 3);
    expect(mine.every((r) => r.agent.id === agentId)).toBe(true);
  });

  it('finds the oldest booking by its reference, far past the newest rows a search reads first', async () => {
    const oldest = await desk(admin, `q=${seededReference(1).toLowerCase()}`);
    expect(oldest.data.map((r) => r.reference)).toEqual([seededReference(1)]);
    expect(oldest.has_more).toBe(false);
    // Two words, one of them rare: both must be in the row.
    const both = await desk(admin, `q=${encodeURIComponent(`hart ${seededReference(10)}`)}`);
    expect(both.data.map((r) => r.reference)).toEqual([seededReference(10)]);
  });

  it('pages a word a tenth of the desk holds, newest first, to its last match', async () => {
    const harts = await everyPage(admin, 'q=hart', 50);
    expect(harts).toHaveLength(BOOKINGS / 10);
    expect(newestFirst(harts)).toBe(true);
    expect(harts.every((r) => r.people.some((p) => p.toLowerCase().includes('hart')))).toBe(true);
  });

  it('finds a row an operator wrote with plain SQL, by its reference, a name and its client reference', async () => {
    await sql`insert into bookings (id, product, environment, agent_id, agent_email, client_reference, reference,
      total_amount, status, deadline, summary, people, search_text, idempotency_key, created_at, updated_at)
      values ('hto_imported_1', 'hotel', 'test', ${agentId}, 'agent@demo.test', 'IMPORT-77', 'CONF-QX81',
      '300.00', 'confirmed', null, 'Imported stay', '["Wilhelmina Quist"]', '', null,
      '2022-01-02T03:04:05.000Z', '2022-01-02T03:04:05.000Z')`.execute(t.console.deps.db);
    for (const q of ['conf-qx81', 'QUIST', 'import-77', 'wilhelmina quist'])
      expect(
        (await desk(admin, `q=${encodeURIComponent(q)}`)).data.map((r) => r.id),
        q,
      ).toEqual(['hto_imported_1']);
    // Changed by SQL too: the index follows.
    await sql`update bookings set people = '["Wilhelmina Vos"]' where id = 'hto_imported_1'`.execute(
      t.console.deps.db,
    );
    expect((await desk(admin, 'q=quist')).data).toEqual([]);
    expect((await desk(admin, 'q=wilhelmina%20vos')).data.map((r) => r.id)).toEqual(['hto_imported_1']);
    await sql`delete from bookings where id = 'hto_imported_1'`.execute(t.console.deps.db);
    expect((await desk(admin, 'q=wilhelmina')).data).toEqual([]);
  });

  it('searches short words window by window, so an old match is still reached by paging on', async () => {
    // "#7" is in no seeded row but the one written here, the oldest of all.
    await sql`insert into bookings (id, product, environment, agent_id, agent_email, client_reference, reference,
      total_amount, status, deadline, summary, people, search_text, idempotency_key, created_at, updated_at)
      values ('acb_short_qx', 'activity', 'test', ${agentId}, 'agent@demo.test', null, '#7',
      '30.00', 'issued', null, 'Short', '[]', '', null, '2001-01-01T00:00:00.000Z', '2001-01-01T00:00:00.000Z')`.execute(
      t.console.deps.db,
    );
    const found = await everyPage(admin, `q=${encodeURIComponent('#7')}`, 50);
    expect(found.map((r) => r.id)).toEqual(['acb_short_qx']);
    await sql`delete from bookings where id = 'acb_short_qx'`.execute(t.console.deps.db);
  });

  it('refuses a cursor it did not give, or one of another order, with a clear 400', async () => {
    const bad = await admin.get('/bookings?after=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'invalid_query', param: 'after' } });
    const newest = await desk(admin, 'limit=5');
    const wrong = await admin.get(
      `/bookings?sort=deadline&after=${encodeURIComponent(newest.next_cursor ?? '')}`,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('another list or sort order');
  });
});

describe('the radar of an office with history', () => {
  it('covers every running clock, soonest first, page after page', async () => {
    const first = RadarSchema.parse((await admin.get('/bookings/radar?limit=100')).body);
    expect(first.running).toBe(RUNNING);
    const seen = [...first.data];
    let after = first.next_cursor;
    while (after) {
      const page = RadarSchema.parse(
        (await admin.get(`/bookings/radar?limit=100&after=${encodeURIComponent(after)}`)).body,
      );
      seen.push(...page.data);
      after = page.next_cursor;
    }
    expect(seen).toHaveLength(RUNNING);
    expect(seen.every((e, i) => i === 0 || (seen[i - 1]?.deadline ?? '') <= e.deadline)).toBe(true);
    // The sandbox's test wallet cannot cover 620 holds of a few hundred each: the last are at risk, counted over all.
    expect(first.at_risk).toBeGreaterThan(0);
    expect(seen.filter((e) => e.at_risk)).toHaveLength(first.at_risk);
  });

  it('shows a clock that ran out on the service’s time with nothing to act on', async () => {
    await sql`update bookings set deadline = '2020-01-01T00:00:00.000Z' where id = (select id from bookings where deadline is not null order by deadline limit 1)`.execute(
      t.console.deps.db,
    );
    const radar = RadarSchema.parse((await admin.get('/bookings/radar?limit=5')).body);
    expect(radar.data[0]).toMatchObject({ deadline: '2020-01-01T00:00:00.000Z', lapsed: true, actions: [] });
    expect(radar.data[1]?.lapsed).toBe(false);
    expect(radar.data[1]?.actions.length).toBeGreaterThan(0);
    expect(radar.running).toBe(RUNNING - 1);
  });
});

describe('the audit log and statement of an office with history', () => {
  it('pages the whole log newest first, filtered or not, and counts it', async () => {
    const first = AuditListSchema.parse((await admin.get('/admin/audit?limit=1000')).body);
    expect(first.matched?.count).toBeGreaterThanOrEqual(AUDIT);
    let rows = [...first.data];
    let after = first.next_cursor;
    while (after) {
      const page = AuditListSchema.parse(
        (await admin.get(`/admin/audit?limit=1000&after=${encodeURIComponent(after)}`)).body,
      );
      rows = rows.concat(page.data);
      after = page.next_cursor;
    }
    expect(rows.length).toBe(first.matched?.count);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const failed = AuditListSchema.parse((await admin.get('/admin/audit?result=failed&limit=10')).body);
    expect(failed.matched?.count).toBe(AUDIT / 50);
    expect(failed.data.every((e) => e.result === 'failed')).toBe(true);
  });

  it('exports every matching entry as CSV, not a page, formulas defused', async () => {
    const all = await admin.get('/admin/audit?format=csv');
    expect(all.headers.get('content-type')).toContain('text/csv');
    const lines = all.text.trimEnd().split('\r\n');
    const count = AuditListSchema.parse((await admin.get('/admin/audit?limit=1')).body).matched?.count;
    expect(lines.length - 1).toBe(count);
    const failed = (await admin.get('/admin/audit?format=csv&result=failed')).text.trimEnd().split('\r\n');
    expect(failed).toHaveLength(AUDIT / 50 + 1);
    expect(failed.slice(1).every((line) => line.includes('"failed"'))).toBe(true);
  });

  it('pages a long statement whose totals are the whole period’s, and exports every line', async () => {
    const from = new Date(Date.now() - 4 * 365 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    const first = StatementSchema.parse(
      (await admin.get(`/wallet/statement?from=${from}&to=${to}&limit=200`)).body,
    );
    expect(first.has_more).toBe(true);
    let lines = [...first.lines];
    let after = first.next_cursor;
    while (after) {
      const page = StatementSchema.parse(
        (
          await admin.get(
            `/wallet/statement?from=${from}&to=${to}&limit=200&after=${encodeURIComponent(after)}`,
          )
        ).body,
      );
      expect(page.totals).toEqual(first.totals);
      lines = lines.concat(page.lines);
      after = page.next_cursor;
    }
    const cents = (kind: string) =>
      lines
        .filter((l) => l.kind === kind)
        .reduce((sum, l) => sum + Math.round(Number(l.amount.amount) * 100), 0);
    for (const kind of ['hold', 'payment', 'release', 'refund'] as const)
      expect(cents(kind), kind).toBe(Math.round(Number(first.totals[kind]) * 100));
    const csv = (await admin.get(`/wallet/statement?from=${from}&to=${to}&format=csv`)).text
      .trimEnd()
      .split('\r\n');
    expect(csv.length - 1).toBe(lines.length);
  });
});

describe('the directory and trips of an office with history', () => {
  it('pages the whole directory by name, and finds one passport among thousands by its number', async () => {
    let after: string | null = null;
    const names: string[] = [];
    do {
      const page = TravellerListSchema.parse(
        (await agent.get(`/travellers?limit=200${after ? `&after=${encodeURIComponent(after)}` : ''}`)).body,
      );
      names.push(...page.data.map((t) => `${t.family_name}, ${t.given_name}, ${t.id}`));
      after = page.next_cursor;
    } while (after);
    expect(names).toHaveLength(DIRECTORY);
    // The last and the first are the ends of the name order (the ids break ties between equal names).
    expect(new Set(names).size).toBe(DIRECTORY);
    const oldest = TravellerListSchema.parse((await agent.get('/travellers?q=x00000007')).body);
    expect(oldest.data.map((t) => t.id)).toEqual(['trv_seed00000007']);
    const harts = TravellerListSchema.parse((await agent.get('/travellers?q=hart&limit=200')).body);
    expect(harts.data).toHaveLength(200);
    expect(harts.has_more).toBe(true);
    expect(harts.data.every((t) => t.family_name === 'Hart')).toBe(true);
  });

  it('finds a trip by its reference past the newest, and pages a common word', async () => {
    const found = TripListSchema.parse((await agent.get('/trips?q=trip-2399')).body);
    expect(found.data.map((t) => t.reference)).toEqual(['TRIP-2399']);
    let after: string | null = null;
    let harts = 0;
    do {
      const page = TripListSchema.parse(
        (await agent.get(`/trips?q=hart&limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`))
          .body,
      );
      harts += page.data.length;
      after = page.next_cursor;
    } while (after);
    expect(harts).toBe(DIRECTORY / 10);
  });
});

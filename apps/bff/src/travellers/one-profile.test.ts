import {
  AuditListSchema,
  LedgerListSchema,
  TravellerDuplicateListSchema,
  TravellerExistsSchema,
  TravellerListSchema,
  TravellerMatchListSchema,
  TravellerSavedSchema,
  TravellerSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/index.ts';
import { holdFlightOrder, startConsole, type TestConsole, testDatabase } from '../testing/console.ts';

/**
 * One profile per traveller (decision 043): a traveller already in the directory (the same name and date of birth as
 * the office compares names, or the same document) is never saved twice without the agent saying so; likely
 * duplicates are listed and merged, the bookings following; only those who may reach both profiles merge them.
 */
let t: TestConsole;
type Browser = Awaited<ReturnType<TestConsole['signedIn']>>;
let agent: Browser;
let admin: Browser;
let other: Browser;
let otherId: string;

beforeAll(async () => {
  t = await startConsole();
  agent = await t.signedIn('agent');
  admin = await t.signedIn('admin');
  const created = await t.invite(
    admin,
    { email: 'other.agent@demo.test', name: 'Other Agent', role: 'agent' },
    'velvet harbour quartz mint',
  );
  otherId = created.id;
  other = t.browser();
  expect((await other.signIn('other.agent@demo.test', 'velvet harbour quartz mint')).status).toBe(200);
});
afterAll(() => t.close());

let serial = 0;
/** A person no other test of the file uses (names are letters: the suffix is too). */
const person = (given = 'Amelia Rose') => {
  serial += 1;
  const suffix = Array.from(String(serial), (d) => 'abcdefghij'[Number(d)]).join('');
  return {
    given_name: given,
    family_name: `Hartley${suffix}`,
    date_of_birth: '1985-04-12',
    gender: 'female',
    nationality: 'GB',
    documents: [{ number: `P${String(1000000 + serial * 7919)}`, country: 'GB', expires_on: '2032-05-01' }],
  };
};

/** The person as a flight order's passenger. */
const aboard = (p: ReturnType<typeof person>) => ({
  type: 'adult',
  given_name: p.given_name,
  family_name: p.family_name,
  date_of_birth: p.date_of_birth,
  gender: p.gender,
});

const inDirectory = async (family: string) =>
  TravellerListSchema.parse((await agent.get(`/travellers?q=${encodeURIComponent(family)}`)).body).data;

const duplicatesOf = async (b: Browser, id: string) => {
  const found = [];
  let after = '';
  for (;;) {
    const page = TravellerDuplicateListSchema.parse(
      (await b.get(`/travellers/duplicates?limit=2${after ? `&after=${after}` : ''}`)).body,
    );
    found.push(...page.data.filter((p) => p.first.id === id || p.second.id === id));
    if (!page.next_cursor) return found;
    after = page.next_cursor;
  }
};

describe('one profile per traveller', () => {
  it('answers 409 naming the profile when the same name (case, accents, spacing aside) and birth date is saved again, and makes none', async () => {
    const amelia = person();
    const first = TravellerSavedSchema.parse((await agent.post('/travellers', amelia)).body);
    expect(first.outcome).toBe('created');
    const again = await agent.post('/travellers', {
      ...amelia,
      given_name: '  AMÉLIA   rose ',
      family_name: amelia.family_name.toUpperCase(),
      documents: [],
    });
    expect(again.status).toBe(409);
    const error = TravellerExistsSchema.parse(again.body).error;
    expect(error.matches).toEqual([expect.objectContaining({ id: first.id, matched_on: 'name_and_birth' })]);
    expect(again.body).toMatchObject({
      error: { type: 'invalid_request_error', request_id: expect.any(String) },
    });
    expect(await inDirectory(amelia.family_name)).toHaveLength(1);
  });

  it('matches the same document number and issuer under another name', async () => {
    const amelia = person();
    const first = TravellerSavedSchema.parse((await agent.post('/travellers', amelia)).body);
    const renamed = await agent.post('/travellers', {
      ...person('Millie'),
      documents: [{ ...amelia.documents[0], number: amelia.documents[0]?.number.toLowerCase() }],
    });
    expect(renamed.status).toBe(409);
    expect(TravellerExistsSchema.parse(renamed.body).error.matches).toEqual([
      expect.objectContaining({ id: first.id, matched_on: 'document' }),
    ]);
    // The same number from another country is another document.
    const elsewhere = await agent.post('/travellers', {
      ...person('Millie'),
      documents: [{ ...amelia.documents[0], country: 'IE' }],
    });
    expect(elsewhere.status).toBe(201);
  });

  it('updates the profile already there when asked to, and saves a second person only when told they are someone else', async () => {
    const amelia = { ...person(), email: 'amelia@example.com', notes: 'Window seat' };
    const first = TravellerSavedSchema.parse((await agent.post('/travellers', amelia)).body);
    const updated = await agent.post('/travellers', {
      ...amelia,
      email: null,
      notes: null,
      phone: '+442071234567',
      documents: [{ number: 'N7654321', country: 'GB', expires_on: '2034-01-01' }],
      on_match: 'update',
    });
    expect(updated.status).toBe(200);
    const saved = TravellerSavedSchema.parse(updated.body);
    expect(saved).toMatchObject({ id: first.id, outcome: 'updated', phone: '+442071234567' });
    // What was not sent stays; the new passport joins the one already there.
    expect(saved).toMatchObject({ email: 'amelia@example.com', notes: 'Window seat' });
    expect(saved.documents.map((d) => d.number).sort()).toEqual(
      ['N7654321', amelia.documents[0]?.number ?? ''].sort(),
    );

    const twin = await agent.post('/travellers', { ...amelia, documents: [], on_match: 'new' });
    expect(twin.status).toBe(201);
    expect(TravellerSavedSchema.parse(twin.body).id).not.toBe(first.id);
    expect(await inDirectory(amelia.family_name)).toHaveLength(2);
    // Asked again, both are named.
    const third = await agent.post('/travellers', { ...amelia, documents: [] });
    expect(TravellerExistsSchema.parse(third.body).error.matches).toHaveLength(2);

    const audit = AuditListSchema.parse((await admin.get('/admin/audit?limit=50')).body).data;
    expect(audit.filter((e) => e.resource_id === first.id).map((e) => e.action)).toEqual([
      'traveller.update',
      'traveller.create',
    ]);
  });

  it('makes one profile of the same new person saved five times at once', async () => {
    const amelia = person();
    const replies = await Promise.all(Array.from({ length: 5 }, () => agent.post('/travellers', amelia)));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const made = replies.find((r) => r.status === 201);
    const id = TravellerSavedSchema.parse(made?.body).id;
    for (const reply of replies.filter((r) => r.status === 409))
      expect(TravellerExistsSchema.parse(reply.body).error.matches.map((m) => m.id)).toEqual([id]);
    expect(await inDirectory(amelia.family_name)).toHaveLength(1);
  });

  it("links a traveller saved from a booking to it, so the booking's page knows them, and refuses a booking the agent cannot reach", async () => {
    const amelia = person();
    const order = await holdFlightOrder(agent, {
      clientReference: 'ONE-PROFILE',
      passengers: [aboard(amelia)],
    });
    const saved = TravellerSavedSchema.parse(
      (await agent.post('/travellers', { ...amelia, booking_id: order.id })).body,
    );
    const asked = {
      given_name: amelia.given_name,
      family_name: amelia.family_name,
      date_of_birth: amelia.date_of_birth,
      documents: [{ number: amelia.documents[0]?.number, country: 'GB' }],
    };
    const matches = TravellerMatchListSchema.parse(
      (await agent.post('/travellers/matches', { ...asked, booking_id: order.id })).body,
    ).data;
    expect(matches).toEqual([expect.objectContaining({ id: saved.id, matched_on: 'booking' })]);
    const bookings = LedgerListSchema.parse((await agent.get(`/travellers/${saved.id}/bookings`)).body).data;
    expect(bookings.map((b) => b.id)).toEqual([order.id]);

    // Another agent may not link a profile to this agent's booking, nor see it among the profile's.
    const refused = await other.post('/travellers', { ...person(), booking_id: order.id });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: { code: 'resource_not_found', param: 'booking_id' } });
    expect((await other.put(`/travellers/${saved.id}/bookings/${order.id}`)).status).toBe(404);
    expect(LedgerListSchema.parse((await other.get(`/travellers/${saved.id}/bookings`)).body).data).toEqual(
      [],
    );
    // Nothing of a person is written by asking.
    expect(
      (await agent.post('/travellers/matches', { ...asked, given_name: 'Nobody', documents: [] })).body,
    ).toEqual({
      data: [],
    });
  });

  it('lists two profiles that became one person, page by page, and merges them: the bookings follow, the old id leads to the kept one', async () => {
    const amelia = { ...person(), email: null, notes: 'Aisle seat' };
    const kept = TravellerSavedSchema.parse((await agent.post('/travellers', amelia)).body);
    const order = await holdFlightOrder(agent, {
      clientReference: 'MERGED',
      passengers: [{ ...aboard(amelia), given_name: 'Amy' }],
    });
    const amy = {
      ...amelia,
      given_name: 'Amy',
      email: 'amy@example.com',
      notes: 'Vegetarian',
      documents: [{ number: 'Q5556667', country: 'GB', expires_on: '2033-01-01' }],
    };
    const gone = TravellerSavedSchema.parse(
      (await agent.post('/travellers', { ...amy, booking_id: order.id })).body,
    );
    expect(await duplicatesOf(agent, kept.id)).toEqual([]);
    // Her profile is corrected to her passport's name: now she is there twice.
    expect(
      (await agent.put(`/travellers/${gone.id}`, { ...amy, given_name: amelia.given_name })).status,
    ).toBe(200);
    const pairs = await duplicatesOf(agent, kept.id);
    expect(pairs).toEqual([expect.objectContaining({ matched_on: 'name_and_birth', can_merge: true })]);
    expect([pairs[0]?.first.id, pairs[0]?.second.id].sort()).toEqual([kept.id, gone.id].sort());

    const merged = await agent.post(`/travellers/${kept.id}/merge`, { other_id: gone.id });
    expect(merged.status).toBe(200);
    // The kept profile's own fields win; it takes what it lacked, and both passports.
    expect(TravellerSchema.parse(merged.body)).toMatchObject({
      id: kept.id,
      notes: 'Aisle seat',
      email: 'amy@example.com',
    });
    expect(TravellerSchema.parse(merged.body).documents).toHaveLength(2);
    expect(await inDirectory(amelia.family_name)).toEqual([expect.objectContaining({ id: kept.id })]);
    const bookings = LedgerListSchema.parse((await agent.get(`/travellers/${kept.id}/bookings`)).body).data;
    expect(bookings.map((b) => b.id)).toEqual([order.id]);
    expect(TravellerSchema.parse((await agent.get(`/travellers/${gone.id}`)).body).id).toBe(kept.id);
    expect(await duplicatesOf(agent, kept.id)).toEqual([]);
    // Saving her again by the merged passport finds the one kept.
    const again = await agent.post('/travellers', { ...person('Zed'), documents: amy.documents });
    expect(TravellerExistsSchema.parse(again.body).error.matches.map((m) => m.id)).toEqual([kept.id]);

    const audit = AuditListSchema.parse((await admin.get('/admin/audit?limit=100')).body).data;
    expect(audit.find((e) => e.resource_id === kept.id)?.action).toBe('traveller.merge');
    expect(audit.find((e) => e.resource_id === gone.id)?.action).toBe('traveller.merged_away');
  });

  it('refuses an agent merging profiles another agent saved, until the office’s bookings are theirs to see', async () => {
    const amelia = person();
    const first = TravellerSavedSchema.parse((await agent.post('/travellers', amelia)).body);
    const second = TravellerSavedSchema.parse(
      (await agent.post('/travellers', { ...amelia, documents: [], on_match: 'new' })).body,
    );
    expect((await agent.put(`/travellers/${second.id}`, { ...amelia, documents: [] })).status).toBe(200);
    expect((await duplicatesOf(other, first.id)).map((p) => p.can_merge)).toEqual([false]);

    const attack = await other.post(`/travellers/${first.id}/merge`, { other_id: second.id });
    expect(attack.status).toBe(403);
    expect(attack.body).toMatchObject({ error: { code: 'forbidden' } });
    // Nor by naming their own profile as the one kept.
    const mine = TravellerSavedSchema.parse(
      (await other.post('/travellers', { ...amelia, documents: [], on_match: 'new' })).body,
    );
    expect((await other.post(`/travellers/${mine.id}/merge`, { other_id: first.id })).status).toBe(403);
    expect((await agent.get(`/travellers/${second.id}`)).status).toBe(200);
    expect(TravellerSchema.parse((await agent.get(`/travellers/${second.id}`)).body).id).toBe(second.id);

    // Bad input is said, not a 500.
    expect((await agent.post(`/travellers/${first.id}/merge`, { other_id: first.id })).status).toBe(422);
    expect(
      (await agent.post(`/travellers/${first.id}/merge`, { other_id: 'trv_nobody' })).body,
    ).toMatchObject({
      error: { code: 'resource_not_found', param: 'other_id' },
    });

    await admin.patch(`/admin/users/${otherId}`, { office_wide: true });
    expect((await duplicatesOf(other, first.id)).map((p) => p.can_merge)).toEqual([true]);
    expect((await other.post(`/travellers/${first.id}/merge`, { other_id: second.id })).status).toBe(200);
    await admin.patch(`/admin/users/${otherId}`, { office_wide: false });
  });

  it('lets an admin delete a profile, and every key and link of theirs goes with it', async () => {
    const amelia = person();
    const first = TravellerSavedSchema.parse((await agent.post('/travellers', amelia)).body);
    expect((await admin.delete(`/travellers/${first.id}`)).status).toBe(200);
    expect((await agent.post('/travellers', amelia)).status).toBe(201);
  });
});

describe('the lookups behind one profile per traveller', () => {
  /** The plan of a query on this store, with scans of whole tables made as dear as the store allows. */
  const planOf = async (query: ReturnType<typeof sql>) => {
    const db = t.console.deps.db;
    if (testDatabase() === 'postgres')
      return db.connection().execute(async (conn) => {
        await sql`set enable_seqscan = off`.execute(conn);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(conn);
        await sql`reset enable_seqscan`.execute(conn);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(db);
    return rows.map((r) => r.detail).join('\n');
  };
  const noScan = (plan: string) => {
    // A whole table read: PostgreSQL's Seq Scan, SQLite's SCAN of a table (a SCAN of an index in its order, for a page
    // that stops at its limit, is how a keyset page reads).
    expect(plan).not.toMatch(/Seq Scan|\bSCAN \w+$|\bSCAN \w+\n/m);
  };

  it('finds a person, a page of likely duplicates and a profile’s bookings by index, reading no table whole', async () => {
    noScan(
      await planOf(
        sql`select key, traveller_id from traveller_keys where key in (${'n:a b|1985-04-12'}, ${'d:GB:P1'})`,
      ),
    );
    noScan(await planOf(sql`select traveller_id from traveller_keys where traveller_id = ${'trv_x'}`));
    noScan(await planOf(sql`select traveller_id from traveller_claims where traveller_id = ${'trv_x'}`));
    noScan(
      await planOf(sql`select d.first_id, d.second_id, a.given_name, b.given_name from traveller_duplicates d
        join travellers a on a.id = d.first_id join travellers b on b.id = d.second_id
        where (d.first_id, d.second_id) > (${'trv_a'}, ${'trv_b'}) order by d.first_id, d.second_id limit 21`),
    );
    noScan(await planOf(sql`select first_id from traveller_duplicates where second_id = ${'trv_x'}`));
    noScan(
      await planOf(sql`select booking_id, linked_at from traveller_bookings where traveller_id = ${'trv_x'}
        and (linked_at, booking_id) < (${'2030'}, ${'ord_x'}) order by linked_at desc, booking_id desc limit 21`),
    );
    noScan(await planOf(sql`select traveller_id from traveller_bookings where booking_id = ${'ord_x'}`));
    noScan(await planOf(sql`select into_id from traveller_merges where merged_id = ${'trv_x'}`));
    noScan(await planOf(sql`select merged_id from traveller_merges where into_id = ${'trv_x'}`));
  });
});

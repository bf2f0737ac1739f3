import { AuditListSchema, TravellerListSchema, TravellerSchema } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from '../testing/console.ts';

let t: TestConsole;
let agent: Awaited<ReturnType<TestConsole['signedIn']>>;
let admin: Awaited<ReturnType<TestConsole['signedIn']>>;

beforeAll(async () => {
  t = await startConsole();
  agent = await t.signedIn('agent');
  admin = await t.signedIn('admin');
});
afterAll(() => t.close());

const amelia = {
  given_name: 'Amelia',
  family_name: 'Hart',
  date_of_birth: '1985-04-12',
  gender: 'female',
  nationality: 'GB',
  documents: [{ number: 'p1234567', country: 'GB', expires_on: '2031-05-01' }],
  email: 'amelia@example.com',
  phone: '+442071234567',
  notes: 'Window seat',
};

describe('the traveller directory', () => {
  it('keeps a traveller an agent saves, and gives their whole profile on their own page only', async () => {
    const created = await agent.post('/travellers', amelia);
    expect(created.status).toBe(201);
    const traveller = TravellerSchema.parse(created.body);
    expect(traveller.documents[0]).toMatchObject({ kind: 'passport', number: 'P1234567', issued_on: null });

    const list = await agent.get('/travellers?q=hart');
    const rows = TravellerListSchema.parse(list.body).data;
    expect(rows.map((r) => r.id)).toContain(traveller.id);
    // The list carries no document numbers, contact or notes.
    expect(list.text).not.toContain('P1234567');
    expect(list.text).not.toContain('amelia@example.com');
    expect(list.text).not.toContain('Window seat');
    expect(rows.find((r) => r.id === traveller.id)?.document_expires_on).toBe('2031-05-01');

    // Found by document number too; another agent of the office sees the same directory.
    expect(TravellerListSchema.parse((await admin.get('/travellers?q=p1234567')).body).data).toHaveLength(1);
    expect(TravellerSchema.parse((await admin.get(`/travellers/${traveller.id}`)).body).notes).toBe(
      'Window seat',
    );
  });

  it('edits a traveller, refuses bad input in the error envelope, and audits each change', async () => {
    const traveller = TravellerSchema.parse(
      (await agent.post('/travellers', { ...amelia, given_name: 'Noor', documents: [] })).body,
    );
    const edited = await agent.put(`/travellers/${traveller.id}`, {
      ...amelia,
      given_name: 'Noor',
      documents: [],
      notes: null,
    });
    expect(TravellerSchema.parse(edited.body).notes).toBeNull();

    const bad = await agent.put(`/travellers/${traveller.id}`, { ...amelia, date_of_birth: '12/04/1985' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ error: { code: 'validation_failed', param: 'date_of_birth' } });
    expect((await agent.put('/travellers/trv_nobody', amelia)).status).toBe(404);

    const audit = AuditListSchema.parse((await admin.get('/admin/audit?limit=50')).body).data;
    const mine = audit.filter((e) => e.resource_id === traveller.id).map((e) => e.action);
    expect(mine).toEqual(['traveller.update', 'traveller.create']);
  });

  it('lets only an admin delete a traveller, and then nothing of them is left', async () => {
    const traveller = TravellerSchema.parse(
      (await agent.post('/travellers', { ...amelia, given_name: 'Zoë', documents: [] })).body,
    );
    expect((await agent.delete(`/travellers/${traveller.id}`)).status).toBe(403);
    const deleted = await admin.delete(`/travellers/${traveller.id}`);
    expect(deleted.status).toBe(200);
    expect((await agent.get(`/travellers/${traveller.id}`)).status).toBe(404);
    const rows = TravellerListSchema.parse((await agent.get('/travellers?q=zoë')).body).data;
    expect(rows).toEqual([]);
    const audit = AuditListSchema.parse((await admin.get('/admin/audit?action=traveller.delete')).body).data;
    expect(audit.map((e) => e.resource_id)).toContain(traveller.id);
  });
});

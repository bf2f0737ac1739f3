import { ErrorEnvelopeSchema, MeSchema, TimeZoneSettingSchema } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type TestConsole } from '../testing/console.ts';

let t: TestConsole;
beforeAll(async () => {
  t = await startConsole();
});
afterAll(() => t.close());

const zoneOf = async (b: { get: (path: string) => Promise<{ body: unknown }> }) =>
  MeSchema.parse((await b.get('/me')).body).user.time_zone ?? null;

describe('the time zone a person chooses', () => {
  it('is none (the browser’s) until chosen, then follows the person to every browser they sign in from', async () => {
    const admin = await t.signedIn('admin');
    await t.invite(
      admin,
      { email: 'zones@demo.test', name: 'Ines Moreau', role: 'agent' },
      'tide harbour amber 42',
    );
    const laptop = t.browser();
    await laptop.signIn('zones@demo.test', 'tide harbour amber 42');
    expect(await zoneOf(laptop)).toBeNull();

    const saved = await laptop.put('/account/time-zone', { time_zone: 'Asia/Kolkata' });
    expect(saved.status).toBe(200);
    expect(TimeZoneSettingSchema.parse(saved.body)).toEqual({ time_zone: 'Asia/Kolkata' });
    expect(await zoneOf(laptop)).toBe('Asia/Kolkata');

    // Another browser of the same person, signed in afterwards, reads it from the server.
    const phone = t.browser();
    await phone.signIn('zones@demo.test', 'tide harbour amber 42');
    expect(await zoneOf(phone)).toBe('Asia/Kolkata');
    // Someone else's is theirs.
    expect(await zoneOf(admin)).toBeNull();

    // Back to the browser's own.
    expect((await phone.put('/account/time-zone', { time_zone: null })).status).toBe(200);
    expect(await zoneOf(laptop)).toBeNull();
  });

  it('refuses a name that is no time zone, and an offset, with a 422 that says what to give', async () => {
    const agent = await t.signedIn('agent');
    await agent.put('/account/time-zone', { time_zone: 'America/New_York' });
    for (const wrong of ['Mars/Olympus_Mons', '+01:00', 'Europe/Paris; DROP TABLE', '', 'x'.repeat(65)]) {
      const reply = await agent.put('/account/time-zone', { time_zone: wrong });
      expect(reply.status).toBe(422);
      const { error } = ErrorEnvelopeSchema.parse(reply.body);
      expect(error.code).toBe('validation_failed');
      expect(error.param).toBe('time_zone');
      expect(error.message).toMatch(/time zone/);
    }
    expect((await agent.put('/account/time-zone', { zone: 'Europe/Paris' })).status).toBe(422);
    // Nothing refused was kept.
    expect(await zoneOf(agent)).toBe('America/New_York');
    await agent.put('/account/time-zone', { time_zone: null });
  });
});

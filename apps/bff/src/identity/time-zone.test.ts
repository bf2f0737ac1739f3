import {
  ErrorEnvelopeSchema,
  FlightOfferSchema,
  FlightSearchSchema,
  MeSchema,
  QuoteSchema,
  TimeZoneSettingSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdFlightOrder, inDays, startConsole, type TestConsole } from '../testing/console.ts';
import { pdfText } from '../testing/pdf-text.ts';

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

/** The cells of a CSV's first data row whose header is `column`. */
function firstCell(csv: string, column: string): string {
  const [header = '', row = ''] = csv.split('\r\n');
  const cells = row.match(/"((?:[^"]|"")*)"/g) ?? [];
  return (cells[header.split(',').indexOf(column)] ?? '').replaceAll('"', '');
}

describe('the downloads the console writes', () => {
  it('give their times in the person’s zone with the offset, or in the zone the browser asks for', async () => {
    const admin = await t.signedIn('admin');
    await t.invite(
      admin,
      { email: 'kolkata@demo.test', name: 'Asha Rao', role: 'agent' },
      'monsoon ledger quiet 77',
    );
    const agent = t.browser();
    await agent.signIn('kolkata@demo.test', 'monsoon ledger quiet 77');
    await agent.put('/account/time-zone', { time_zone: 'Asia/Kolkata' });
    await holdFlightOrder(agent, { clientReference: 'ZONE-1' });

    const desk = await agent.get('/bookings?format=csv');
    expect(firstCell(desk.text, 'created_at')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
    const asked = await agent.get('/bookings?format=csv&time_zone=America/New_York');
    expect(firstCell(asked.text, 'created_at')).toMatch(/-0[45]:00$/);
    // The same instant either way.
    expect(Date.parse(firstCell(asked.text, 'created_at'))).toBe(
      Date.parse(firstCell(desk.text, 'created_at')),
    );

    await admin.put('/account/time-zone', { time_zone: 'Europe/Paris' });
    const audit = await admin.get('/admin/audit?format=csv');
    expect(firstCell(audit.text, 'at')).toMatch(/\+0[12]:00$/);
    const statement = await admin.get('/wallet/statement?format=csv');
    expect(firstCell(statement.text, 'at')).toMatch(/\+0[12]:00$/);
    await admin.put('/account/time-zone', { time_zone: null });
    // No zone chosen and none asked for: UTC, said as an offset.
    expect(firstCell((await admin.get('/admin/audit?format=csv')).text, 'at')).toMatch(/\+00:00$/);
  });

  it('say when a quote was issued in the agent’s zone, named', async () => {
    const agent = await t.signedIn('agent');
    await agent.put('/account/time-zone', { time_zone: 'Asia/Kolkata' });
    const search = FlightSearchSchema.parse(
      (
        await agent.post('/flights/searches', {
          slices: [{ origin: 'LHR', destination: 'CDG', departure_date: inDays(40) }],
          passengers: { adults: 1 },
        })
      ).body,
    );
    let offerId: string | null = null;
    for (const offer of search.offers) {
      const again = FlightOfferSchema.parse((await agent.get(`/flights/offers/${offer.id}`)).body);
      if (again.total.amount === offer.total.amount) {
        offerId = offer.id;
        break;
      }
    }
    const quote = QuoteSchema.parse(
      (
        await agent.post('/quotes', {
          client_name: 'Lee Park',
          options: [{ kind: 'flight', offer_id: offerId }],
        })
      ).body,
    );
    const pdf = async (query: string) =>
      (
        await pdfText(
          new Uint8Array(
            await (
              await fetch(`${t.origin}/api/quotes/${quote.id}/pdf${query}`, {
                headers: { cookie: agent.cookie() },
              })
            ).arrayBuffer(),
          ),
        )
      ).join(' ');
    expect(await pdf('')).toMatch(/Issued \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(Asia\/Kolkata, UTC\+05:30\)/);
    expect(await pdf('?time_zone=Europe/London')).toMatch(/Issued .*\(Europe\/London, UTC\+00:00\)/);
    expect(await pdf('')).not.toMatch(/\d{2}:\d{2} UTC/);
    await agent.put('/account/time-zone', { time_zone: null });
  });
});

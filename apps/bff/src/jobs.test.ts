import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleJobs } from './jobs.ts';
import { MailOutbox } from './platform/outbox.ts';
import { startConsole, type TestConsole } from './testing/console.ts';

let t: TestConsole;
beforeAll(async () => {
  t = await startConsole();
});
afterAll(() => t.close());

describe('the console’s jobs', () => {
  it('are one list, each with its owner and what it does, as the map lists them', () => {
    const listed = consoleJobs(t.console.deps, new MailOutbox(t.console.deps.db));
    expect(listed.map(({ owner, job }) => `${owner}: ${job.name}`)).toEqual([
      'bookings: intents',
      'bookings: clocks',
      'bookings: watch',
      'bookings: reminders',
      'bookings: snoozes',
      'mail: mail',
      'identity: swept',
    ]);
    for (const { does } of listed) expect(does.length).toBeGreaterThan(20);
  });

  it('all run in a round of the console’s scheduler, in the list’s order, none failing', async () => {
    const round = await t.console.jobs.runOnce();
    expect(round).toMatchObject({ ran: true, failed: [] });
    expect(Object.keys(round).filter((key) => key !== 'ran' && key !== 'failed')).toEqual([
      'intents',
      'clocks',
      'watch',
      'reminders',
      'snoozes',
      'mail',
      'swept',
    ]);
  });
});

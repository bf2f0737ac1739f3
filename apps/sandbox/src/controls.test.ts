import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSandbox } from './app.ts';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('the sandbox test controls', () => {
  it('are every one in the README, by method and path', () => {
    const controls = createSandbox()
      .app.routes.filter((route) => route.path.startsWith('/_sandbox/') && route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(controls.length).toBeGreaterThan(10);
    const missing = controls.filter((control) => {
      const [method, path] = control.split(' ');
      // A row names a control as `POST /_sandbox/x`, or lists a second method of the same path (`GET`/`DELETE`).
      return !readme.includes(`${method} ${path}`) && !new RegExp(`\`${method}\`[^|]*${path}`).test(readme);
    });
    expect(missing).toEqual([]);
  });
});

describe('the sandbox clock', () => {
  it('goes back to make a history on an empty sandbox, says where it is, and comes forward to the machine again', async () => {
    const { startSandbox } = await import('./test-support.ts');
    const sb = await startSandbox();
    try {
      const control = async (path: string, body?: unknown) => {
        const response = await fetch(`${sb.origin}/_sandbox${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body ?? {}),
        });
        return { status: response.status, body: await response.json() };
      };
      const back = await control('/clock/rewind', { seconds: 90 * 86_400 });
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ offset_ms: -90 * 86_400_000 });
      // Every answer is dated by that clock: the past is today for the service.
      const today = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
      const token = await sb.token();
      const search = await sb.post('/flights/searches', token, {
        slices: [{ origin: 'LHR', destination: 'CDG', departure_date: today }],
        passengers: { adults: 1 },
      });
      expect(search.status).toBe(201);
      expect(
        Math.abs(Date.parse(search.headers.get('Date') ?? '') - (Date.now() - 90 * 86_400_000)),
      ).toBeLessThan(5000);
      expect((await control('/clock/advance', { seconds: 90 * 86_400 })).body).toMatchObject({
        offset_ms: 0,
      });
      expect((await control('/clock/rewind', { seconds: -1 })).status).toBe(422);
    } finally {
      await sb.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ServiceClock, watchServiceClock } from './service-clock.ts';

describe('the service clock', () => {
  it("counts on the service's time read from its Date header, whatever this machine's clock says", () => {
    let local = Date.parse('2026-11-23T10:00:00.000Z');
    const clock = new ServiceClock(() => local);
    clock.observe('Mon, 23 Nov 2026 10:26:00 GMT', local);
    expect(new Date(clock.now()).toISOString()).toBe('2026-11-23T10:26:00.500Z');
    local += 60_000;
    expect(new Date(clock.now()).toISOString()).toBe('2026-11-23T10:27:00.500Z');
  });

  it('smooths the whole-second wobble of the header and takes a moved clock at once', () => {
    const local = Date.parse('2026-11-23T10:00:00.000Z');
    const clock = new ServiceClock(() => local);
    clock.observe('Mon, 23 Nov 2026 10:00:00 GMT', local);
    clock.observe('Mon, 23 Nov 2026 09:59:59 GMT', local);
    expect(Math.abs(clock.offsetMs - 500)).toBeLessThan(200);
    clock.observe('Mon, 23 Nov 2026 10:31:00 GMT', local);
    expect(clock.offsetMs).toBe(31 * 60_000 + 500);
  });

  it('ignores an answer without a readable Date', () => {
    const clock = new ServiceClock(() => 0);
    clock.observe(undefined);
    clock.observe('not a date');
    expect(clock.offsetMs).toBe(0);
  });

  it('asks the service for its time on a schedule only while no answer told it, and at once when asked to', async () => {
    const clock = new ServiceClock();
    let probes = 0;
    const watch = watchServiceClock(
      clock,
      async () => {
        probes += 1;
        clock.observe(new Date().toUTCString());
      },
      40,
    );
    try {
      await expect.poll(() => probes).toBeGreaterThanOrEqual(1);
      // Answers keep coming: the schedule has nothing to ask.
      const busy = setInterval(() => clock.observe(new Date().toUTCString()), 5);
      const during = probes;
      await new Promise((resolve) => setTimeout(resolve, 200));
      clearInterval(busy);
      expect(probes).toBe(during);
      await watch.now();
      expect(probes).toBe(during + 1);
    } finally {
      watch.stop();
    }
  });
});

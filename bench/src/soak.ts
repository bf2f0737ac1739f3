import { CSRF_HEADER } from '@console/contract';
import { Agent, request } from 'undici';
import { rssMiB } from './console-process.ts';
import { inDays, openStream } from './relay.ts';

/**
 * A few minutes of mixed agent traffic through the BFF: place lookups, flight and hotel searches, search streams,
 * activity browsing, the bookings desk and the radar, and a flight hold cancelled again every few seconds. Counts every
 * answer that is not a success, and samples the BFF's resident memory.
 */
export async function soak(base: string, cookie: string, pid: number, seconds: number) {
  const agent = new Agent({ connections: 32, keepAliveTimeout: 30_000 });
  const errors: string[] = [];
  let requests = 0;
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await request(`${base}/api${path}`, {
      dispatcher: agent,
      method,
      headers: {
        cookie,
        ...(method === 'POST' ? { [CSRF_HEADER]: '1', 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.body.text();
    requests += 1;
    if (response.statusCode >= 300)
      errors.push(`${method} ${path}: ${response.statusCode} ${text.slice(0, 120)}`);
    return response.statusCode < 300 ? (JSON.parse(text) as Record<string, unknown>) : null;
  };
  const mix: (() => Promise<unknown>)[] = [
    () => call('GET', '/flights/places?query=lon&limit=8'),
    () => call('GET', '/hotels/places?query=par'),
    () =>
      call('POST', '/flights/searches', {
        slices: [
          { origin: 'LHR', destination: 'CDG', departure_date: inDays(20 + Math.floor(Math.random() * 60)) },
        ],
        passengers: { adults: 1 },
      }),
    async () => {
      const run = await openStream(base, cookie, agent, inDays(10 + Math.floor(Math.random() * 100)));
      requests += 1;
      if (run.status !== 200 || run.events.length === 0) errors.push(`stream: ${run.status}`);
    },
    () => call('GET', '/activities/products?query=canal'),
    () => call('GET', '/bookings?limit=50'),
    () => call('GET', '/bookings/radar'),
  ];
  const booking = async () => {
    const search = await call('POST', '/flights/searches', {
      slices: [{ origin: 'LHR', destination: 'CDG', departure_date: inDays(45) }],
      passengers: { adults: 1 },
    });
    const offers = (search?.offers ?? []) as { id: string }[];
    for (const offer of offers.slice(0, 5)) {
      // A re-priced offer answers 409 by design; the soak books the first that holds its price.
      const fresh = await request(`${base}/api/flights/offers/${offer.id}`, {
        dispatcher: agent,
        headers: { cookie },
      });
      await fresh.body.dump();
      requests += 1;
      const order = await request(`${base}/api/flights/orders`, {
        dispatcher: agent,
        method: 'POST',
        headers: {
          cookie,
          [CSRF_HEADER]: '1',
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify({
          offer_id: offer.id,
          passengers: [
            {
              type: 'adult',
              given_name: 'Soak',
              family_name: 'Test',
              date_of_birth: '1980-01-01',
              gender: 'female',
            },
          ],
          contact: { email: 'soak@example.com', phone: '+442071234567' },
        }),
      });
      const text = await order.body.text();
      requests += 1;
      if (order.statusCode === 409) continue;
      if (order.statusCode !== 201) {
        errors.push(`POST /flights/orders: ${order.statusCode} ${text.slice(0, 120)}`);
        return;
      }
      const id = (JSON.parse(text) as { id: string }).id;
      await call('POST', `/flights/orders/${id}/cancellation`);
      return;
    }
  };
  const samples: { at_s: number; rss_mib: number }[] = [];
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  const sampler = (async () => {
    while (performance.now() < stopAt) {
      samples.push({ at_s: (performance.now() - started) / 1000, rss_mib: await rssMiB(pid) });
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  })();
  const workers = Array.from({ length: 8 }, async (_, w) => {
    let n = w;
    while (performance.now() < stopAt) {
      await mix[n % mix.length]?.().catch((error: unknown) => errors.push(String(error)));
      n += 1;
    }
  });
  const booker = (async () => {
    while (performance.now() < stopAt) {
      await booking().catch((error: unknown) => errors.push(String(error)));
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  })();
  await Promise.all([...workers, booker, sampler]);
  await agent.close();
  // Growth from the first sample after a minute's warm-up (or the first third) to the mean of the last three.
  const warm = samples.find((s) => s.at_s >= Math.min(60, seconds / 3)) ?? samples[0];
  const tail = samples.slice(-3);
  const end = tail.reduce((n, s) => n + s.rss_mib, 0) / Math.max(1, tail.length);
  return {
    seconds,
    requests,
    errors: errors.length,
    first_errors: errors.slice(0, 5),
    rss_warm_mib: warm?.rss_mib ?? Number.NaN,
    rss_end_mib: end,
    growth_pct: warm ? ((end - warm.rss_mib) / warm.rss_mib) * 100 : Number.NaN,
    samples,
  };
}

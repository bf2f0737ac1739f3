import { quotesApi, travellersApi, tripsApi, walletApi } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { routePath } from './api.ts';

describe("a declared route's address", () => {
  it('is its path with each id URL-encoded, whatever the id holds', () => {
    expect(routePath(tripsApi.one, { params: { id: 'trp_1' } })).toBe('/trips/trp_1');
    expect(routePath(travellersApi.link, { params: { id: 'tvl/1 2', bookingId: 'ord_?#&%' } })).toBe(
      '/travellers/tvl%2F1%202/bookings/ord_%3F%23%26%25',
    );
  });

  it('takes its query from an object, leaving out what is not given', () => {
    expect(routePath(quotesApi.list, { query: { q: 'Hart & Co', after: undefined, limit: 10 } })).toBe(
      '/quotes?q=Hart+%26+Co&limit=10',
    );
    expect(routePath(quotesApi.list, { query: {} })).toBe('/quotes');
    expect(routePath(quotesApi.list, {})).toBe('/quotes');
  });

  it('takes a query as the address bar holds it, as a string or URLSearchParams, as it is', () => {
    expect(routePath(walletApi.statement, { query: 'from=2026-11-01&after=c1' })).toBe(
      '/wallet/statement?from=2026-11-01&after=c1',
    );
    expect(routePath(walletApi.statement, { query: '?from=2026-11-01' })).toBe(
      '/wallet/statement?from=2026-11-01',
    );
    expect(routePath(walletApi.statement, { query: '' })).toBe('/wallet/statement');
    expect(
      routePath(walletApi.statement, {
        query: new URLSearchParams({ format: 'csv', time_zone: 'Europe/Paris' }),
      }),
    ).toBe('/wallet/statement?format=csv&time_zone=Europe%2FParis');
    expect(routePath(walletApi.statement, { query: new URLSearchParams() })).toBe('/wallet/statement');
  });

  it('fills ids and a query together, for a link (a PDF)', () => {
    expect(
      routePath(tripsApi.itinerary, { params: { id: 'trp 1' }, query: { time_zone: 'Asia/Tokyo' } }),
    ).toBe('/trips/trp%201/itinerary.pdf?time_zone=Asia%2FTokyo');
  });
});

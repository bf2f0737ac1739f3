import type { RebookPlan } from '@console/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkRebooking, rebookSearchPath } from './change-actions.ts';
import { keep } from './remembered.ts';

const plan = (over: Partial<RebookPlan>): RebookPlan => ({
  change_id: 'chg_1',
  booking_id: 'ord_1',
  action: 'rebook',
  product: 'flight',
  search: {},
  travellers: [],
  contact: { email: null, phone: null },
  client_reference: null,
  missing: [],
  ...over,
});

describe('the search a rebooking opens', () => {
  it('is the flight search of the booking’s route, new day, party and cabin, carrying the rebooking’s marker', () => {
    const path = rebookSearchPath(
      plan({
        search: {
          from: 'LHR',
          to: 'CDG',
          depart: '2027-01-14',
          adults: '2',
          children: '0',
          infants: '0',
          cabin: 'business',
        },
      }),
    );
    expect(path).toBe(
      '/flights?from=LHR&to=CDG&depart=2027-01-14&adults=2&children=0&infants=0&cabin=business&rebook=chg_1',
    );
  });

  it('is the same hotel’s rates for the new stay, room by room', () => {
    const path = rebookSearchPath(
      plan({
        product: 'hotel',
        search: {
          hotel_id: '42',
          hotel_name: 'Le Marais',
          check_in: '2027-01-10',
          check_out: '2027-01-12',
          rooms: '2,1',
        },
      }),
    );
    expect(path).toBe('/hotels/42?in=2027-01-10&out=2027-01-12&rooms=2%2C1&name=Le+Marais&rebook=chg_1');
  });

  it('is the activity’s page on its day and time', () => {
    const path = rebookSearchPath(
      plan({
        product: 'activity',
        action: 'book_again',
        search: { product_id: 'act_9', product_type_id: 'apt_1', date: '2027-01-10', timeslot: '10:00' },
      }),
    );
    expect(path).toBe('/activities/act_9?type=apt_1&date=2027-01-10&slot=10%3A00&rebook=chg_1');
  });
});

/**
 * The tab's own storage (what `startRebooking` keeps the plan in), and the requests the tab sends, seen as they go:
 * the console is not answered, so what is said is only what was sent.
 */
function tab() {
  const kept = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => kept.get(k) ?? null,
    setItem: (k: string, v: string) => void kept.set(k, v),
    removeItem: (k: string) => void kept.delete(k),
  });
  const sent: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: { method?: string }) => {
    sent.push(`${init?.method ?? 'GET'} ${url}`);
    return new Response('{}', { status: 503 });
  });
  return sent;
}

describe('a new hold whose URL carries a rebooking marker (`rebook=<change id>`)', () => {
  let sent: string[];
  beforeEach(() => {
    sent = tab();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('answers nothing when this tab never started that rebooking: a link someone else made (an e-mailed note, a chat) presses no change', async () => {
    const params = new URLSearchParams('from=LHR&to=CDG&rebook=chg_planted_by_someone_else');
    expect(await linkRebooking(params, { id: 'ord_new', product: 'flight' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('answers nothing when this tab started the rebooking of another change, or of another product', async () => {
    keep('rebook-plan', 'chg_mine', plan({ change_id: 'chg_mine' }));
    expect(await linkRebooking(new URLSearchParams('rebook=chg_other'), { id: 'ord_new' })).toBeNull();
    keep('rebook-plan', 'chg_planted', plan({ change_id: 'chg_mine' }));
    expect(await linkRebooking(new URLSearchParams('rebook=chg_planted'), { id: 'ord_new' })).toBeNull();
    expect(
      await linkRebooking(new URLSearchParams('rebook=chg_mine'), { id: 'htl_new', product: 'hotel' }),
    ).toBeNull();
    expect(sent).toEqual([]);
  });

  it('presses the rebooking this tab started, on its change, with the new booking', async () => {
    keep('rebook-plan', 'chg_mine', plan({ change_id: 'chg_mine', action: 'book_again' }));
    await linkRebooking(new URLSearchParams('rebook=chg_mine'), { id: 'ord_new', product: 'flight' }).catch(
      () => null,
    );
    expect(sent).toEqual(['POST /api/changes/chg_mine/actions/book_again']);
  });
});

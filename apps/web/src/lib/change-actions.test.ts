import type { RebookPlan } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { rebookSearchPath } from './change-actions.ts';

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

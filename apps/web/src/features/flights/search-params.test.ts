import { describe, expect, it } from 'vitest';
import { readLink } from './link-search.ts';
import { proposeReturn, readSearch, readView } from './search-params.ts';

describe('a flight search link', () => {
  it('is a search when every part reads', () => {
    const search = readSearch(new URLSearchParams('from=LON&to=NYC&depart=2027-01-05&adults=2'));
    expect(search?.request.slices).toEqual([
      { origin: 'LON', destination: 'NYC', departure_date: '2027-01-05' },
    ]);
  });

  it('with a date that is not in the calendar is no search, keeps the rest and names the date it left out', () => {
    const params = new URLSearchParams('from=LON&to=NYC&depart=2027-02-31&adults=2&cabin=business');
    expect(readSearch(params)).toBeNull();
    expect(readLink(params)).toEqual({
      values: { trip: 'oneway', legs: [], from: 'LON', to: 'NYC', adults: 2, cabin: 'business' },
      dropped: ['the outbound date “2027-02-31” is not a date in the calendar'],
    });
  });

  it('names each part it cannot use: a return date, a multi-city flight’s date, a place code, a count', () => {
    const { values, dropped } = readLink(
      new URLSearchParams('from=L0N&to=NYC&depart=2027-01-05&return=2027-04-31&adults=12&cabin=steerage'),
    );
    expect(values).toEqual({ trip: 'return', legs: [], to: 'NYC', depart: '2027-01-05' });
    expect(dropped).toEqual([
      'the return date “2027-04-31” is not a date in the calendar',
      'the origin “L0N” is not a place code',
      'the number of adults “12” cannot be used',
      'the cabin “steerage” cannot be used',
    ]);
    const multi = readLink(new URLSearchParams('legs=LON-PAR-2027-02-30,PAR-ROM-2027-03-02'));
    expect(multi.values.legs).toEqual([
      { from: 'LON', to: 'PAR', depart: '' },
      { from: 'PAR', to: 'ROM', depart: '2027-03-02' },
    ]);
    expect(multi.dropped).toEqual(['flight 1’s date “2027-02-30” is not a date in the calendar']);
  });
});

describe('the return date', () => {
  it('is proposed a week after the outbound date while the agent has not chosen one', () => {
    expect(proposeReturn({ depart: '2027-01-05', current: undefined })).toBe('2027-01-12');
    // The outbound date moved: the proposed return moves with it.
    expect(proposeReturn({ depart: '2027-01-28', current: '2027-01-12', proposed: '2027-01-12' })).toBe(
      '2027-02-04',
    );
  });

  it('the agent chose stays as chosen, and nothing is proposed without an outbound date', () => {
    expect(proposeReturn({ depart: '2027-01-05', current: '2027-01-09', proposed: '2027-01-12' })).toBe(
      '2027-01-09',
    );
    expect(proposeReturn({ depart: undefined, current: undefined })).toBeUndefined();
    expect(proposeReturn({ depart: '2027-02-31', current: undefined })).toBeUndefined();
  });

  it('of a link asking for a return with its date left empty is the proposed one', () => {
    const search = readSearch(new URLSearchParams('from=LON&to=NYC&depart=2027-12-28&return=&adults=2'));
    expect(search?.form.return).toBe('2028-01-04');
    expect(search?.request.slices[1]).toEqual({
      origin: 'NYC',
      destination: 'LON',
      departure_date: '2028-01-04',
    });
  });
});

describe('the results’ view in the link', () => {
  it('reads the filters and the density, compact unless the link says otherwise', () => {
    const view = readView(
      new URLSearchParams(
        'airports=LHR,jfk,LGW&price_min=400&price_max=9x&max_minutes=900&density=comfortable',
      ),
    );
    expect(view).toMatchObject({
      airports: ['LHR', 'LGW'],
      priceMin: 400,
      priceMax: null,
      maxMinutes: 900,
      density: 'comfortable',
    });
    expect(readView(new URLSearchParams('')).density).toBe('compact');
  });
});

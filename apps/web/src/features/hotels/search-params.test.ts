import { describe, expect, it } from 'vitest';
import { readLink } from './link-search.ts';
import {
  clearFilters,
  describeOccupancy,
  readCitySearch,
  readFilters,
  readForm,
  readHotelSearch,
  readRooms,
  readView,
  toggleFilter,
  writeForm,
  writeRooms,
} from './search-params.ts';

const url = (query: string) => new URLSearchParams(query);
const base = 'place=2001&name=Paris&type=city&in=2026-12-20&out=2026-12-22&rooms=2';

describe('the hotel desk in the URL', () => {
  it('writes rooms as adults then children ages and reads them back', () => {
    const rooms = [
      { adults: 2, children: [5, 9] },
      { adults: 1, children: [] },
    ];
    expect(writeRooms(rooms)).toBe('2.5.9,1');
    expect(readRooms('2.5.9,1')).toEqual(rooms);
  });

  it('refuses rooms with no adult, too many adults or a child older than 17', () => {
    expect(readRooms('0')).toBeNull();
    expect(readRooms('9')).toBeNull();
    expect(readRooms('2.18')).toBeNull();
    expect(readRooms('x')).toBeNull();
  });

  it('builds the city search request with sort, page, page size and typed filters', () => {
    expect(
      readCitySearch(
        url(`${base}&sort=price&page=3&size=50&f.stars=4,5&f.free_cancellation=true&f.facility=wifi`),
      ),
    ).toEqual({
      check_in: '2026-12-20',
      check_out: '2026-12-22',
      city_id: 2001,
      occupancies: [{ adults: 2, children: [] }],
      sort: 'price',
      page: 3,
      page_size: 50,
      filters: { stars: [4, 5], free_cancellation: [true], facility: ['wifi'] },
    });
  });

  it('has no search without a destination, or with check-out before check-in', () => {
    expect(readCitySearch(url('in=2026-12-20&out=2026-12-22&rooms=2'))).toBeNull();
    expect(readCitySearch(url(base.replace('out=2026-12-22', 'out=2026-12-19')))).toBeNull();
  });

  it('ignores an unknown sort and an unusual page size rather than sending them', () => {
    expect(readView(url('sort=cheapest&size=7&page=-2'))).toEqual({ sort: undefined, page: 1, pageSize: 20 });
  });

  it('toggles a filter value on and off and goes back to page 1 each time', () => {
    const on = toggleFilter(url(`${base}&page=4&f.stars=5`), 'stars', 4);
    expect(on.get('f.stars')).toBe('5,4');
    expect(on.get('page')).toBeNull();
    const off = toggleFilter(toggleFilter(on, 'stars', 4), 'stars', 5);
    expect(off.has('f.stars')).toBe(false);
    expect(readFilters(off)).toEqual({});
  });

  it('clears every filter and keeps the rest of the search', () => {
    const cleared = clearFilters(url(`${base}&sort=price&f.stars=5&f.meals=breakfast&page=2`));
    expect(cleared.toString()).toBe(`${base}&sort=price`);
  });

  it('starts a new search from the form keeping sort and page size but not filters or page', () => {
    const form = readForm(url(base));
    expect(form).not.toBeNull();
    if (!form) return;
    const next = writeForm(
      { ...form, rooms: [{ adults: 1, children: [4] }] },
      url(`${base}&sort=price&size=50&page=3&f.stars=5`),
    );
    expect(next.get('rooms')).toBe('1.4');
    expect(next.get('sort')).toBe('price');
    expect(next.get('size')).toBe('50');
    expect(next.has('page')).toBe(false);
    expect(next.has('f.stars')).toBe(false);
  });

  it('refuses a region or a country as the destination, naming it', () => {
    expect(readForm(url(base.replace('type=city', 'type=region')))).toBeNull();
  });

  it('builds a hotel search from the hotel id and the stay', () => {
    expect(readHotelSearch('2101239', url('in=2026-12-20&out=2026-12-22&rooms=2,1'))).toEqual({
      check_in: '2026-12-20',
      check_out: '2026-12-22',
      hotel_id: 2101239,
      occupancies: [
        { adults: 2, children: [] },
        { adults: 1, children: [] },
      ],
    });
    expect(readHotelSearch('abc', url('in=2026-12-20&out=2026-12-22&rooms=2'))).toBeNull();
  });
});

describe('the occupancy searched', () => {
  it('is said in words beside the rates: rooms, adults and each child with their age', () => {
    expect(
      describeOccupancy([
        { adults: 2, children: [] },
        { adults: 1, children: [5] },
      ]),
    ).toBe('2 rooms: 2 adults; 1 adult and a child of 5');
    expect(describeOccupancy([{ adults: 2, children: [4, 9] }])).toBe(
      '1 room: 2 adults and 2 children of 4, 9',
    );
  });
});

describe('a hotel search link that cannot be read whole', () => {
  it('keeps the place and the rooms and names the check-out date that is not in the calendar', () => {
    const params = new URLSearchParams(
      'place=2001&name=Paris&type=city&in=2027-02-27&out=2027-02-30&rooms=2',
    );
    expect(readForm(params)).toBeNull();
    expect(readLink(params)).toEqual({
      values: {
        place: '2001',
        placeName: 'Paris',
        placeType: 'city',
        checkIn: '2027-02-27',
        rooms: [{ adults: 2, children: [] }],
      },
      dropped: ['the check-out date “2027-02-30” is not a date in the calendar'],
    });
  });
});

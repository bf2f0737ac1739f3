import { HotelOrderRequestSchema, type HotelRate, RoomSchema } from '@console/contract';
import { hotelHotelSearch } from '@console/contract/fixtures';
import { describe, expect, it } from 'vitest';
import { emptyHotelBooking, HotelBookingFormSchema, rateChanges, toHotelOrder } from './booking-form.ts';

const rate = hotelHotelSearch.offers[0] as HotelRate;
const twoRooms: HotelRate = {
  ...rate,
  rooms: [
    { ...RoomSchema.parse(rate.rooms[0]), occupancy: { adults: 2, children: [7] } },
    { ...RoomSchema.parse(rate.rooms[0]), occupancy: { adults: 1, children: [] } },
  ],
};

describe('the hotel guest form', () => {
  it('has one guest per person of each room, adults first', () => {
    const form = emptyHotelBooking(twoRooms);
    expect(form.rooms.map((r) => r.guests.map((g) => g.type))).toEqual([
      ['adult', 'adult', 'child'],
      ['adult'],
    ]);
  });

  it('turns a filled form into an order request the contract accepts, leaving out empty optional fields', () => {
    const form = emptyHotelBooking(twoRooms);
    form.rooms.forEach((room, r) => {
      room.guests.forEach((guest, g) => {
        guest.given_name = `Guest${'abc'[g]}`;
        guest.family_name = `Room${'xy'[r]}`;
      });
    });
    const first = form.rooms[0]?.guests[0];
    if (first) {
      first.title = 'ms';
      first.passport_number = 'X1234567';
    }
    form.contact = { email: 'lead@example.com', phone: '+33123456789' };
    form.nationality = 'FR';
    const body = toHotelOrder(HotelBookingFormSchema.parse(form), rate.id);
    expect(HotelOrderRequestSchema.safeParse(body).success).toBe(true);
    expect(body.rooms[0]?.guests[0]).toEqual({
      given_name: 'Guesta',
      family_name: 'Roomx',
      type: 'adult',
      title: 'ms',
      passport_number: 'X1234567',
    });
    expect(body.rooms[1]?.guests[0]).not.toHaveProperty('national_id');
    expect(body).not.toHaveProperty('note');
  });

  it('refuses a guest without names and a malformed passport number', () => {
    const form = emptyHotelBooking(rate);
    const guest = form.rooms[0]?.guests[0];
    if (guest) guest.passport_number = 'x!';
    const result = HotelBookingFormSchema.safeParse(form);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining([
        'rooms.0.guests.0.given_name',
        'rooms.0.guests.0.family_name',
        'rooms.0.guests.0.passport_number',
      ]),
    );
  });

  it('names what changed between the chosen and the confirmed rate', () => {
    expect(rateChanges(rate, rate)).toEqual([]);
    expect(
      rateChanges(rate, { ...rate, total: { ...rate.total, amount: '999.00' }, board: 'Half board' }),
    ).toEqual(['price', 'board']);
  });
});

import {
  CountryCodeSchema,
  EmailSchema,
  GuestInputSchema,
  type HotelOrderRequest,
  type HotelRate,
  type Occupancy,
  PersonNameSchema,
  PhoneSchema,
  type RebookPlan,
  RoomSchema,
  readKnown,
} from '@console/contract';
import { z } from 'zod';
import { optional } from '../../lib/forms.ts';

/**
 * The hotel guest form: one block per room with one guest per person of that room's occupancy (adults first, the
 * first of them the lead guest), contact, nationality and note. Optional fields may be left empty; `toHotelOrder`
 * drops them and the contract validates the wire body.
 */
export const GuestFormSchema = z.object({
  type: z.enum(['adult', 'child']),
  title: z.union([z.literal(''), z.enum(['mr', 'mrs', 'ms', 'miss', 'dr'])]),
  given_name: PersonNameSchema,
  family_name: PersonNameSchema,
  national_id: z.string().trim().max(30),
  passport_number: optional(GuestInputSchema.shape.passport_number.unwrap()),
});

export const HotelBookingFormSchema = z.object({
  rooms: z.array(z.object({ guests: z.array(GuestFormSchema).min(1) })).min(1),
  contact: z.object({ email: EmailSchema, phone: PhoneSchema }),
  nationality: optional(CountryCodeSchema),
  note: z.string().trim().max(500, { error: 'At most 500 characters' }),
  client_reference: z.string().trim().max(100),
});
export type HotelBookingForm = z.input<typeof HotelBookingFormSchema>;

export const TITLES = [
  { id: '', label: '—' },
  { id: 'mr', label: 'Mr' },
  { id: 'mrs', label: 'Mrs' },
  { id: 'ms', label: 'Ms' },
  { id: 'miss', label: 'Miss' },
  { id: 'dr', label: 'Dr' },
] as const;

/** Each room's occupancy as the rate gives it (our shape), else as it was searched, else one adult. */
export function roomOccupancies(rate: HotelRate, searched: readonly Occupancy[] = []): Occupancy[] {
  return rate.rooms.map(
    (room, index) => readKnown(RoomSchema, room)?.occupancy ?? searched[index] ?? { adults: 1, children: [] },
  );
}

/** Empty guests for every person the rate's rooms are for: adults, then children. */
export function emptyHotelBooking(rate: HotelRate, searched: readonly Occupancy[] = []): HotelBookingForm {
  const blank = (type: 'adult' | 'child') => ({
    type,
    title: '' as const,
    given_name: '',
    family_name: '',
    national_id: '',
    passport_number: '' as const,
  });
  return {
    rooms: roomOccupancies(rate, searched).map((occupancy) => ({
      guests: [
        ...Array.from({ length: Math.max(1, occupancy.adults) }, () => blank('adult')),
        ...(occupancy.children ?? []).map(() => blank('child')),
      ],
    })),
    contact: { email: '', phone: '' },
    nationality: '',
    note: '',
    client_reference: '',
  };
}

/**
 * A rebooking's form (decision 054): the old stay's guests in their order, its contact and reference, over the empty
 * form of the new rate.
 */
export function rebookedHotelBooking(empty: HotelBookingForm, plan: RebookPlan): HotelBookingForm {
  const left = [...plan.travellers];
  return {
    ...empty,
    rooms: empty.rooms.map((room) => ({
      guests: room.guests.map((guest) => {
        const index = left.findIndex((t) => (t.type === 'child') === (guest.type === 'child'));
        const [traveller] = index < 0 ? [] : left.splice(index, 1);
        return traveller
          ? { ...guest, given_name: traveller.given_name, family_name: traveller.family_name }
          : guest;
      }),
    })),
    contact: { email: plan.contact.email ?? '', phone: plan.contact.phone ?? '' },
    client_reference: plan.client_reference ?? '',
  };
}

const present = <T extends string>(value: T | '') => (value === '' ? undefined : value);

export function toHotelOrder(
  form: z.output<typeof HotelBookingFormSchema>,
  rateId: string,
): HotelOrderRequest {
  return {
    rate_id: rateId,
    rooms: form.rooms.map((room) => ({
      guests: room.guests.map((g) => {
        const title = present(g.title);
        const nationalId = present(g.national_id.trim());
        const passport = present(g.passport_number);
        return {
          given_name: g.given_name,
          family_name: g.family_name,
          type: g.type,
          ...(title ? { title } : {}),
          ...(nationalId ? { national_id: nationalId } : {}),
          ...(passport ? { passport_number: passport } : {}),
        };
      }),
    })),
    contact: form.contact,
    ...(form.nationality ? { nationality: form.nationality } : {}),
    ...(form.note ? { note: form.note } : {}),
    ...(form.client_reference ? { client_reference: form.client_reference } : {}),
  };
}

/** What changed between the rate the agent chose and the one the hotel confirmed, in words. */
export function rateChanges(before: HotelRate, after: HotelRate): string[] {
  const changes: string[] = [];
  if (before.total.amount !== after.total.amount || before.total.currency !== after.total.currency)
    changes.push('price');
  if (
    before.refundable !== after.refundable ||
    before.cancellation.policy_text !== after.cancellation.policy_text
  )
    changes.push('cancellation terms');
  if (before.board !== after.board) changes.push('board');
  return changes;
}

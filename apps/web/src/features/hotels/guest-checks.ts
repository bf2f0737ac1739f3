import {
  ageOn,
  bookingDocument,
  type HotelRate,
  type Traveller,
  type TravellerCheck,
  travellerChecks,
} from '@console/contract';
import type { z } from 'zod';
import type { GuestFormSchema } from './booking-form.ts';

/** The age searched for the child who is guest `g` of a room (children come after its adults). */
export function childAge(occupancy: { adults: number; children?: readonly number[] } | undefined, g: number) {
  if (!occupancy) return undefined;
  return occupancy.children?.[g - Math.max(1, occupancy.adults)];
}

/** A guest's place in the booking, counted across rooms (what the checks number). */
export function guestIndex(rooms: readonly { guests: readonly unknown[] }[], r: number, g: number) {
  return rooms.slice(0, r).reduce((n, room) => n + room.guests.length, 0) + g;
}

/** What the checks read of a guest as typed (the form's own shape; a field not yet typed may be missing). */
type GuestOnForm = Partial<
  Pick<z.input<typeof GuestFormSchema>, 'type' | 'given_name' | 'family_name' | 'passport_number'>
>;

/**
 * The guests picked from the directory checked against the stay (decision 018): one person in two places, a name
 * typed unlike the document's, a passport given that runs out before check-out, and a child whose age at check-in is
 * not the age the rate was searched for (a hotel prices children by age).
 */
export function guestChecks(
  rate: Pick<HotelRate, 'check_in' | 'check_out'>,
  occupancies: readonly ({ adults: number; children?: readonly number[] } | undefined)[],
  rooms: readonly { guests?: readonly (GuestOnForm | undefined)[] | undefined }[],
  profiles: Record<string, Traveller>,
): TravellerCheck[] {
  const flat = rooms.flatMap((room, r) =>
    (room.guests ?? []).map((guest, g) => ({ guest, r, g, profile: profiles[`${r}.${g}`] })),
  );
  const checks = travellerChecks(
    flat.map(({ guest, profile }) => {
      if (!profile) return { given_name: '', family_name: '', date_of_birth: '' };
      const document = bookingDocument(profile);
      return {
        given_name: guest?.given_name ?? '',
        family_name: guest?.family_name ?? '',
        date_of_birth: profile.date_of_birth,
        document_expires_on:
          document && guest?.passport_number?.toUpperCase() === document.number
            ? document.expires_on
            : undefined,
        profile,
      };
    }),
    { starts_on: rate.check_in, ends_on: rate.check_out },
  ).filter((c) => c.rule !== 'document_six_months');
  flat.forEach(({ guest, r, g, profile }, index) => {
    const searched = guest?.type === 'child' ? childAge(occupancies[r], g) : undefined;
    if (!profile || searched === undefined || !rate.check_in) return;
    const age = ageOn(profile.date_of_birth, rate.check_in);
    if (age !== searched)
      checks.push({
        index,
        field: 'date_of_birth',
        severity: 'warning',
        rule: 'age_type',
        message: `Aged ${age} at check-in (${rate.check_in}), but the rate was searched for a child aged ${searched}: the hotel may charge another price.`,
      });
  });
  return checks;
}

import type { LinkedBooking } from '@console/contract';
import { Link } from 'react-router';
import { orderPath } from '../lib/booking-path.ts';
import { useBookingLinks } from '../lib/change-actions.ts';
import { useBookingChanges } from '../lib/changes.ts';
import { ChangeActions } from './change-actions.tsx';

function LinkedRow({ link, word }: { link: LinkedBooking; word: string }) {
  return (
    <li>
      {word} <Link to={orderPath(link)}>{link.reference ?? link.id}</Link>
      {link.status ? ` (${link.status})` : ''}
      {link.summary ? ` · ${link.summary}` : ''}
    </li>
  );
}

/**
 * The old booking's cancel, offered on the new one's page once it is held (decision 054): the change that was rebooked,
 * with its "Cancel the old booking" and the service's quote first, and what was done once it is.
 */
function OldBookingCancel({ link }: { link: LinkedBooking }) {
  const changes = useBookingChanges(link.id, 'handled', 0);
  const change = changes.data?.data.find((c) => c.id === link.change_id);
  if (!change) return null;
  return <ChangeActions change={change} />;
}

/** What a booking replaces and what replaced it (a rebooking, a hold booked again), both ways, with links. */
export function BookingLinks({ bookingId, part }: { bookingId: string; part?: string }) {
  const links = useBookingLinks(bookingId).data;
  if (!links || (links.replaces.length === 0 && links.replaced_by.length === 0)) return null;
  return (
    <section className="card stack booking-links" aria-label={part ? `${part}: rebooking` : 'Rebooking'}>
      <h2>{part ? `${part}: rebooked` : 'Rebooked'}</h2>
      <ul className="booking-link-list">
        {links.replaces.map((link) => (
          <LinkedRow key={`r-${link.id}`} link={link} word="Replaces" />
        ))}
        {links.replaced_by.map((link) => (
          <LinkedRow key={`b-${link.id}`} link={link} word="Replaced by" />
        ))}
      </ul>
      {links.replaces.map((link) => (
        <OldBookingCancel key={`c-${link.id}`} link={link} />
      ))}
    </section>
  );
}

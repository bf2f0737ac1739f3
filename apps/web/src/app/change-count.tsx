import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useChangeCount } from '../lib/change-count.ts';
import { CHANGE_COUNT_MENU_SLOT, CHANGE_COUNT_SLOT } from './nav.ts';
import './change-count.css';

/**
 * The top bar's counts of changes waiting (decision 037): this person's, and the unassigned in their reach (053), in its place beside "Changes" (the shell's
 * slot), and on the phone's Menu button: read once the screen is up and every minute after; nothing when there are none.
 */
export function ChangeCount() {
  const [slots, setSlots] = useState<HTMLElement[]>([]);
  useEffect(
    () =>
      setSlots(
        [CHANGE_COUNT_SLOT, CHANGE_COUNT_MENU_SLOT].flatMap((id) => document.getElementById(id) ?? []),
      ),
    [],
  );
  return slots.map((slot) => createPortal(<Count />, slot, slot.id));
}

/** Mine and unassigned (decision 053), each up to 99 ("99+" past it); nothing for a count of none. */
function Count() {
  const count = useChangeCount();
  const words = (n: { open: number; at_least: boolean } | undefined) =>
    n && n.open > 0 ? (n.at_least ? `${n.open}+` : String(n.open)) : null;
  const mine = words(count.data?.mine);
  const unassigned = words(count.data?.unassigned);
  if (!mine && !unassigned) return null;
  return (
    <>
      {mine && (
        <span className="count-badge" title="Yours to act on">
          <span aria-hidden="true">{mine}</span>
          <span className="visually-hidden">({mine} to act on)</span>
        </span>
      )}
      {unassigned && (
        <span className="count-badge count-unassigned" title="Unassigned">
          <span aria-hidden="true">{unassigned}</span>
          <span className="visually-hidden">({unassigned} unassigned)</span>
        </span>
      )}
    </>
  );
}

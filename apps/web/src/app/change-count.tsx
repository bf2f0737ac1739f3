import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useChangeCount } from '../lib/change-count.ts';
import { CHANGE_COUNT_MENU_SLOT, CHANGE_COUNT_SLOT } from './nav.ts';
import './change-count.css';

/**
 * The top bar's count of changes waiting for this person (decision 037), in its place beside "Changes" (the shell's
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

function Count() {
  const count = useChangeCount();
  const open = count.data?.open ?? 0;
  if (open === 0) return null;
  const words = count.data?.at_least ? `${open}+` : String(open);
  return (
    <span className="count-badge">
      <span aria-hidden="true">{words}</span>
      <span className="visually-hidden">({words} to act on)</span>
    </span>
  );
}

import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useChangeCount } from '../lib/change-count.ts';
import { CHANGE_COUNT_SLOT } from './nav.ts';
import './change-count.css';

/**
 * The top bar's count of changes waiting for this person (decision 037), in its place beside "Changes" (the shell's
 * slot): read once the screen is up and every minute after; nothing when there are none.
 */
export function ChangeCount() {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(CHANGE_COUNT_SLOT)), []);
  return slot ? createPortal(<Count />, slot) : null;
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

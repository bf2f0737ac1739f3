import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { CHANGE_COUNT_MENU_SLOT, CHANGE_COUNT_SLOT, NAV } from './nav.ts';
import './top-nav.css';

/**
 * The top bar's destinations. On a wide screen they are a line of links; on a phone (top-nav.css) they sit behind one
 * Menu button, a disclosure (WAI-ARIA APG): opening it puts focus on the first destination, Escape closes it and puts
 * focus back on the button, following a destination or leaving the menu closes it. The count of changes to act on
 * is on the button too, so it stays in sight while the menu is closed (decision 048).
 */
export function TopNav({ isAdmin }: { isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (open) list.current?.querySelector('a')?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    button.current?.focus();
  };
  // Focus gone elsewhere (a tap on the screen, Tab past the last destination): the menu closes.
  const onBlur = (event: FocusEvent) => {
    if (open && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };
  const close = () => setOpen(false);

  return (
    <nav
      aria-label="Main"
      className={open ? 'main-nav open' : 'main-nav'}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={button}
        type="button"
        className="button menu-button"
        aria-expanded={open}
        aria-controls="main-destinations"
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true" className="menu-icon" />
        Menu
        <span id={CHANGE_COUNT_MENU_SLOT} />
      </button>
      <ul id="main-destinations" ref={list}>
        {NAV.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} onClick={close}>
              {item.label}
              {item.to === '/changes' && <span id={CHANGE_COUNT_SLOT} />}
            </NavLink>
          </li>
        ))}
        {isAdmin && (
          <li>
            <NavLink to="/admin" onClick={close}>
              Admin
            </NavLink>
          </li>
        )}
      </ul>
    </nav>
  );
}

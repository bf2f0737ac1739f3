/** The console's main places: the top bar's navigation, and the palette's "Go to". */
export const NAV = [
  { to: '/flights', label: 'Flights' },
  { to: '/hotels', label: 'Hotels' },
  { to: '/activities', label: 'Activities' },
  { to: '/bookings', label: 'Bookings' },
  { to: '/changes', label: 'Changes' },
  { to: '/radar', label: 'Radar' },
  { to: '/trips', label: 'Trips' },
  { to: '/travellers', label: 'Travellers' },
] as const;

/**
 * Where the top bar's count of changes to act on goes, beside "Changes": the shell's extras fill it once the screen is
 * up (app/change-count.tsx), so no screen's first load carries it.
 */
export const CHANGE_COUNT_SLOT = 'change-count';

/** The same count on the phone's Menu button, in sight while the destinations are put away (app/top-nav.tsx). */
export const CHANGE_COUNT_MENU_SLOT = 'change-count-menu';

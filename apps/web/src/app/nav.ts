/** The console's main places: the top bar's navigation, and the palette's "Go to". */
export const NAV = [
  { to: '/flights', label: 'Flights' },
  { to: '/hotels', label: 'Hotels' },
  { to: '/activities', label: 'Activities' },
  { to: '/bookings', label: 'Bookings' },
  { to: '/radar', label: 'Radar' },
  { to: '/trips', label: 'Trips' },
  { to: '/travellers', label: 'Travellers' },
] as const;

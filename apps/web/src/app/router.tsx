import { type ComponentType, createElement, isValidElement, lazy, Suspense, useState } from 'react';
import {
  BrowserRouter,
  createRoutesFromElements,
  matchRoutes,
  Navigate,
  Route,
  useRoutes,
} from 'react-router';
import { loadOrReload } from '../lib/new-version.ts';

/** A screen: its component, loaded with its chunk when first needed; `preload` fetches the chunk ahead. */
// biome-ignore lint/suspicious/noExplicitAny: the bound React.lazy itself puts on a component's props
type Screen<P = any> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A screen's lazy component: the module to load when first visited, and the component it exports by that name. Once
 * its chunk is in (preloaded before the first render: `preloadScreens`), a screen renders at once instead of
 * suspending: a suspended first render shows the loading line and React holds the screen back a further ~300 ms
 * before revealing it (its Suspense throttling), which was most of the wait before a screen's data was asked for.
 */
// biome-ignore lint/suspicious/noExplicitAny: as above
function page<K extends string, C extends ComponentType<any>>(
  load: () => Promise<{ [key in K]: C }>,
  name: K,
): Screen<React.ComponentProps<C>> {
  let ready: C | null = null;
  const preload = async () => {
    ready = (await loadOrReload(load))[name];
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: ready as C };
  });
  // Chosen once per mount: switching a mounted screen from the lazy wrapper to the component would remount it.
  const Page = (props: React.ComponentProps<C>) => {
    const [Loaded] = useState<C | null>(() => ready);
    return createElement(Loaded ?? Lazy, props);
  };
  return Object.assign(Page, { preload });
}

// Each screen is its own chunk, loaded when first visited (sign-in too: its form library is not every screen's).
// Declarative routes (not the data router): the console loads its data with React Query, and the data router would
// add ~17 KiB gzipped to every screen (decision 008).
const SignInPage = page(() => import('../features/auth/components/sign-in-page.tsx'), 'SignInPage');
const WelcomePage = page(() => import('../features/auth/components/welcome-page.tsx'), 'WelcomePage');
const NotMePage = page(() => import('../features/auth/components/not-me-page.tsx'), 'NotMePage');
const Layout = page(() => import('./layout.tsx'), 'Layout');
const FlightSearchPage = page(
  () => import('../features/flights/components/flight-search-page.tsx'),
  'FlightSearchPage',
);
const BookPage = page(() => import('../features/flights/components/book-page.tsx'), 'BookPage');
const OrderPage = page(() => import('../features/flights/components/order-page.tsx'), 'OrderPage');

const HotelSearchPage = page(
  () => import('../features/hotels/components/hotel-search-page.tsx'),
  'HotelSearchPage',
);
const HotelPage = page(() => import('../features/hotels/components/hotel-page.tsx'), 'HotelPage');
const HotelBookPage = page(
  () => import('../features/hotels/components/hotel-book-page.tsx'),
  'HotelBookPage',
);
const HotelOrderPage = page(
  () => import('../features/hotels/components/hotel-order-page.tsx'),
  'HotelOrderPage',
);

const ActivitySearchPage = page(
  () => import('../features/activities/components/activity-search-page.tsx'),
  'ActivitySearchPage',
);
const ActivityPage = page(
  () => import('../features/activities/components/activity-page.tsx'),
  'ActivityPage',
);
const ActivityBookPage = page(
  () => import('../features/activities/components/activity-book-page.tsx'),
  'ActivityBookPage',
);
const ActivityBookingPage = page(
  () => import('../features/activities/components/activity-booking-page.tsx'),
  'ActivityBookingPage',
);
const ActivityBookingsPage = page(
  () => import('../features/activities/components/activity-bookings-page.tsx'),
  'ActivityBookingsPage',
);

const BookingsPage = page(() => import('../features/bookings/components/bookings-page.tsx'), 'BookingsPage');
const ChangesPage = page(() => import('../features/changes/components/changes-page.tsx'), 'ChangesPage');
const RadarPage = page(() => import('../features/bookings/components/radar-page.tsx'), 'RadarPage');
const AdminPage = page(() => import('../features/admin/components/admin-page.tsx'), 'AdminPage');
const UsersPage = page(() => import('../features/admin/components/users-page.tsx'), 'UsersPage');
const OfficePages = page(() => import('./office-pages.tsx'), 'OfficePages');
const AuditPage = page(() => import('../features/admin/components/audit-page.tsx'), 'AuditPage');
const BusinessPages = page(() => import('./business-pages.tsx'), 'BusinessPages');
const AccountPage = page(() => import('../features/account/components/account-page.tsx'), 'AccountPage');

const ROUTES = createRoutesFromElements(
  <>
    <Route path="/sign-in" element={<SignInPage />} />
    <Route path="/welcome" element={<WelcomePage />} />
    <Route path="/not-me" element={<NotMePage />} />
    <Route path="/" element={<Layout />}>
      <Route index element={<Navigate to="/flights" replace />} />
      <Route path="flights" element={<FlightSearchPage />} />
      <Route path="flights/book/:offerId" element={<BookPage />} />
      <Route path="flights/orders/:orderId" element={<OrderPage />} />
      <Route path="hotels" element={<HotelSearchPage />} />
      <Route path="hotels/:hotelId" element={<HotelPage />} />
      <Route path="hotels/book/:rateId" element={<HotelBookPage />} />
      <Route path="hotels/orders/:orderId" element={<HotelOrderPage />} />
      <Route path="activities" element={<ActivitySearchPage />} />
      <Route path="activities/bookings" element={<ActivityBookingsPage />} />
      <Route path="activities/bookings/:bookingId" element={<ActivityBookingPage />} />
      <Route path="activities/book/:typeId" element={<ActivityBookPage />} />
      <Route path="activities/:productId" element={<ActivityPage />} />
      <Route path="bookings" element={<BookingsPage />} />
      <Route path="radar" element={<RadarPage />} />
      <Route path="changes" element={<ChangesPage />} />
      <Route path="quotes/*" element={<BusinessPages area="quotes" />} />
      <Route path="admin" element={<AdminPage />} />
      <Route path="admin/users" element={<UsersPage />} />
      <Route path="admin/audit" element={<AuditPage />} />
      <Route path="admin/pricing" element={<BusinessPages area="pricing" />} />
      <Route path="admin/reports" element={<BusinessPages area="reports" />} />
      <Route path="account" element={<AccountPage />} />
      {/* Travellers, trips and the wallet statement: app/office-pages.tsx routes them. */}
      <Route path="travellers/*" element={<OfficePages area="travellers" />} />
      <Route path="trips/*" element={<OfficePages area="trips" />} />
      <Route path="admin/wallet" element={<OfficePages area="wallet" />} />
      <Route path="*" element={<p>There is no such page. Use the menu above.</p>} />
    </Route>
  </>,
);

/**
 * Fetches the chunks of the screens a path shows (the shell and the page; the BFF's page already asked for them with
 * modulepreload, so this mostly waits for what is on its way), for the first render to show them without suspending.
 */
export async function preloadScreens(pathname: string): Promise<void> {
  const screens = (matchRoutes(ROUTES, pathname) ?? []).flatMap(({ route }) => {
    const type: unknown = isValidElement(route.element) ? route.element.type : null;
    return typeof type === 'function' && 'preload' in type ? [(type as Screen).preload] : [];
  });
  await Promise.all(screens.map((preload) => preload()));
}

function Screens() {
  return useRoutes(ROUTES);
}

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Suspense fallback={<p className="loading">Loading the console…</p>}>
        <Screens />
      </Suspense>
    </BrowserRouter>
  );
}

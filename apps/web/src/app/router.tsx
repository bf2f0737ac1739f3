import { type ComponentType, lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { SignInPage } from '../features/auth/components/sign-in-page.tsx';

/** A screen's lazy component: the module to load when first visited, and the component it exports by that name. */
// biome-ignore lint/suspicious/noExplicitAny: the bound React.lazy itself puts on a component's props
function page<K extends string, C extends ComponentType<any>>(
  load: () => Promise<{ [key in K]: C }>,
  name: K,
) {
  return lazy(async () => {
    const component: C = (await load())[name];
    return { default: component };
  });
}

// Each screen beyond sign-in is its own chunk, loaded when first visited. Declarative routes (not the data router):
// the console loads its data with React Query, and the data router would add ~17 KiB gzipped to every screen
// (decision 008).
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
const RadarPage = page(() => import('../features/bookings/components/radar-page.tsx'), 'RadarPage');
const AdminPage = page(() => import('../features/admin/components/admin-page.tsx'), 'AdminPage');
const UsersPage = page(() => import('../features/admin/components/users-page.tsx'), 'UsersPage');
const OfficePages = page(() => import('./office-pages.tsx'), 'OfficePages');
const AuditPage = page(() => import('../features/admin/components/audit-page.tsx'), 'AuditPage');

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Suspense fallback={<p className="loading">Loading the console…</p>}>
        <Routes>
          <Route path="/sign-in" element={<SignInPage />} />
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
            <Route path="admin" element={<AdminPage />} />
            <Route path="admin/users" element={<UsersPage />} />
            <Route path="admin/audit" element={<AuditPage />} />
            {/* Travellers, trips and the wallet statement: app/office-pages.tsx routes them. */}
            <Route path="travellers/*" element={<OfficePages area="travellers" />} />
            <Route path="trips/*" element={<OfficePages area="trips" />} />
            <Route path="admin/wallet" element={<OfficePages area="wallet" />} />
            <Route path="*" element={<p>There is no such page. Use the menu above.</p>} />
          </Route>
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}

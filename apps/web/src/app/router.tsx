import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { SignInPage } from '../features/auth/components/sign-in-page.tsx';

// Each screen beyond sign-in is its own chunk, loaded when first visited. Declarative routes (not the data router):
// the console loads its data with React Query, and the data router would add ~17 KiB gzipped to every screen
// (decision 008).
const Layout = lazy(async () => ({ default: (await import('./layout.tsx')).Layout }));
const FlightSearchPage = lazy(async () => ({
  default: (await import('../features/flights/components/flight-search-page.tsx')).FlightSearchPage,
}));
const BookPage = lazy(async () => ({
  default: (await import('../features/flights/components/book-page.tsx')).BookPage,
}));
const OrderPage = lazy(async () => ({
  default: (await import('../features/flights/components/order-page.tsx')).OrderPage,
}));

const HotelSearchPage = lazy(async () => ({
  default: (await import('../features/hotels/components/hotel-search-page.tsx')).HotelSearchPage,
}));
const HotelPage = lazy(async () => ({
  default: (await import('../features/hotels/components/hotel-page.tsx')).HotelPage,
}));
const HotelBookPage = lazy(async () => ({
  default: (await import('../features/hotels/components/hotel-book-page.tsx')).HotelBookPage,
}));
const HotelOrderPage = lazy(async () => ({
  default: (await import('../features/hotels/components/hotel-order-page.tsx')).HotelOrderPage,
}));

const ActivitySearchPage = lazy(async () => ({
  default: (await import('../features/activities/components/activity-search-page.tsx')).ActivitySearchPage,
}));
const ActivityPage = lazy(async () => ({
  default: (await import('../features/activities/components/activity-page.tsx')).ActivityPage,
}));
const ActivityBookPage = lazy(async () => ({
  default: (await import('../features/activities/components/activity-book-page.tsx')).ActivityBookPage,
}));
const ActivityBookingPage = lazy(async () => ({
  default: (await import('../features/activities/components/activity-booking-page.tsx')).ActivityBookingPage,
}));
const ActivityBookingsPage = lazy(async () => ({
  default: (await import('../features/activities/components/activity-bookings-page.tsx'))
    .ActivityBookingsPage,
}));

const BookingsPage = lazy(async () => ({
  default: (await import('../features/bookings/components/bookings-page.tsx')).BookingsPage,
}));
const RadarPage = lazy(async () => ({
  default: (await import('../features/bookings/components/radar-page.tsx')).RadarPage,
}));
const AdminPage = lazy(async () => ({
  default: (await import('../features/admin/components/admin-page.tsx')).AdminPage,
}));
const UsersPage = lazy(async () => ({
  default: (await import('../features/admin/components/users-page.tsx')).UsersPage,
}));
const OfficePages = lazy(async () => ({ default: (await import('./office-pages.tsx')).OfficePages }));
const AuditPage = lazy(async () => ({
  default: (await import('../features/admin/components/audit-page.tsx')).AuditPage,
}));

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

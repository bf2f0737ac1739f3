import { Route, Routes } from 'react-router';
import { WalletPage } from '../features/admin/components/wallet-page.tsx';
import { TravellerPage } from '../features/travellers/components/traveller-page.tsx';
import { TravellersPage } from '../features/travellers/components/travellers-page.tsx';
import { TripPage } from '../features/trips/components/trip-page.tsx';
import { TripsPage } from '../features/trips/components/trips-page.tsx';

/**
 * The office's own screens (travellers, trips, the wallet's alert and statement) as one chunk with their own routes:
 * small pages, one entry in the router and in every route's preload list instead of five (decision 008's budget).
 */
export function OfficePages({ area }: { area: 'travellers' | 'trips' | 'wallet' }) {
  if (area === 'wallet') return <WalletPage />;
  return area === 'trips' ? (
    <Routes>
      <Route index element={<TripsPage />} />
      <Route path=":tripId" element={<TripPage />} />
    </Routes>
  ) : (
    <Routes>
      <Route index element={<TravellersPage />} />
      <Route path=":travellerId" element={<TravellerPage />} />
    </Routes>
  );
}

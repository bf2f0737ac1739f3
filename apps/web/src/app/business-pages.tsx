import { Route, Routes } from 'react-router';
import { PricingPage } from '../features/admin/components/pricing-page.tsx';
import { ReportsPage } from '../features/admin/components/reports-page.tsx';
import { QuotePage } from '../features/quotes/components/quote-page.tsx';
import { QuotesPage } from '../features/quotes/components/quotes-page.tsx';

/**
 * The office's business screens (service fees, reports, quotes; decisions 032–034) as one chunk with their own
 * routes: one entry in the router and in every route's preload list instead of four (decision 008's budget).
 */
export function BusinessPages({ area }: { area: 'pricing' | 'reports' | 'quotes' }) {
  if (area === 'pricing') return <PricingPage />;
  if (area === 'reports') return <ReportsPage />;
  return (
    <Routes>
      <Route index element={<QuotesPage />} />
      <Route path=":quoteId" element={<QuotePage />} />
    </Routes>
  );
}

import { createBrowserRouter, Navigate } from 'react-router';
import { SignInPage } from '../features/auth/components/sign-in-page.tsx';

/** Routes; each screen beyond sign-in is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  { path: '/sign-in', element: <SignInPage /> },
  {
    path: '/',
    // The signed-in shell is its own chunk: the sign-in page loads none of it.
    lazy: async () => ({ Component: (await import('./layout.tsx')).Layout }),
    HydrateFallback: () => <p className="loading">Loading the console…</p>,
    children: [
      { index: true, element: <Navigate to="/flights" replace /> },
      {
        path: 'flights',
        lazy: async () => ({
          Component: (await import('../features/flights/components/flight-search-page.tsx')).FlightSearchPage,
        }),
      },
      {
        path: 'flights/book/:offerId',
        lazy: async () => ({
          Component: (await import('../features/flights/components/book-page.tsx')).BookPage,
        }),
      },
      {
        path: 'flights/orders/:orderId',
        lazy: async () => ({
          Component: (await import('../features/flights/components/order-page.tsx')).OrderPage,
        }),
      },
      { path: '*', element: <p>There is no such page. Use the menu above.</p> },
    ],
  },
]);

import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** Reads retry on network trouble and 5xx, never on a 4xx the agent must fix. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) =>
        count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});

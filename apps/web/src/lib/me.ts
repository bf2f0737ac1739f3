import { MeSchema } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => api('/me', { schema: MeSchema, signal }),
  staleTime: 60_000,
  retry: false,
});

export const useMe = () => useQuery(meQuery);

import { FlightPlaceListSchema } from '@console/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const flightPlacesQuery = (query: string) =>
  queryOptions({
    queryKey: ['flights', 'places', query.toLowerCase()],
    queryFn: ({ signal }) =>
      api(`/flights/places?${new URLSearchParams({ query, limit: '8' })}`, {
        schema: FlightPlaceListSchema,
        signal,
      }),
    enabled: query.trim().length >= 2,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });

export const useFlightPlaces = (query: string) => useQuery(flightPlacesQuery(query));

import { FLIGHT_OPERATIONS } from '@console/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOp } from '../../../lib/operations.ts';

export const flightPlacesQuery = (query: string) =>
  queryOptions({
    queryKey: ['flights', 'places', query.toLowerCase()],
    queryFn: ({ signal }) =>
      callOp(FLIGHT_OPERATIONS, 'flightPlaces', { params: {}, query: { query, limit: 8 }, signal }),
    enabled: query.trim().length >= 2,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });

export const useFlightPlaces = (query: string) => useQuery(flightPlacesQuery(query));

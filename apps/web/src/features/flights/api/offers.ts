import { FLIGHT_OPERATIONS, type FlightOffer, FlightOfferSchema } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOp } from '../../../lib/operations.ts';
import { recall, remember } from '../../../lib/remembered.ts';

/** Re-pricing: the airline's current price and terms for an offer, asked once per visit to the booking page. */
export const repricedOfferQuery = (id: string) =>
  queryOptions({
    queryKey: ['flights', 'offers', id, 'priced'],
    queryFn: ({ signal }) => callOp(FLIGHT_OPERATIONS, 'getOffer', { params: { id }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const conditionsQuery = (id: string) =>
  queryOptions({
    queryKey: ['flights', 'offers', id, 'conditions'],
    queryFn: ({ signal }) => callOp(FLIGHT_OPERATIONS, 'getOfferConditions', { params: { id }, signal }),
    staleTime: 5 * 60_000,
  });

export const useConditions = (id: string, enabled: boolean) => useQuery({ ...conditionsQuery(id), enabled });

/** The offer as the agent saw it in the results, so a changed price can be shown side by side. */
export const rememberOffer = (offer: FlightOffer) => remember('offer', offer);
export const rememberedOffer = (id: string) => recall('offer', id, FlightOfferSchema);

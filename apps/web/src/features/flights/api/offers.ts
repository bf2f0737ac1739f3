import { FlightConditionsSchema, type FlightOffer, FlightOfferSchema } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Re-pricing: the airline's current price and terms for an offer, asked once per visit to the booking page. */
export const repricedOfferQuery = (id: string) =>
  queryOptions({
    queryKey: ['flights', 'offers', id, 'priced'],
    queryFn: ({ signal }) =>
      api(`/flights/offers/${encodeURIComponent(id)}`, { schema: FlightOfferSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const conditionsQuery = (id: string) =>
  queryOptions({
    queryKey: ['flights', 'offers', id, 'conditions'],
    queryFn: ({ signal }) =>
      api(`/flights/offers/${encodeURIComponent(id)}/conditions`, { schema: FlightConditionsSchema, signal }),
    staleTime: 5 * 60_000,
  });

export const useConditions = (id: string, enabled: boolean) => useQuery({ ...conditionsQuery(id), enabled });

/** The offer as the agent saw it in the results, kept for the tab so a changed price can be shown side by side. */
export function rememberOffer(offer: FlightOffer): void {
  sessionStorage.setItem(`offer:${offer.id}`, JSON.stringify(offer));
}
export function rememberedOffer(id: string): FlightOffer | null {
  const raw = sessionStorage.getItem(`offer:${id}`);
  if (!raw) return null;
  try {
    const parsed = FlightOfferSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

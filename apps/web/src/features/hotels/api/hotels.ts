import {
  ExtendDeadlineResultSchema,
  HotelCancellationQuoteSchema,
  type HotelOrder,
  type HotelOrderRequest,
  HotelOrderSchema,
  HotelPlaceListSchema,
  type HotelRate,
  HotelRateSchema,
  type HotelSearchRequest,
  HotelSearchSchema,
} from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyReconciled } from '../../../components/toasts.tsx';
import { afterMoneyMoved, api, createOnce } from '../../../lib/api.ts';
import { recall, remember } from '../../../lib/remembered.ts';

export const hotelPlacesQuery = (query: string) =>
  queryOptions({
    queryKey: ['hotels', 'places', query.toLowerCase()],
    queryFn: ({ signal }) =>
      api(`/hotels/places?${new URLSearchParams({ query, limit: '8' })}`, {
        schema: HotelPlaceListSchema,
        signal,
      }),
    enabled: query.trim().length >= 2,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
export const useHotelPlaces = (query: string) => useQuery(hotelPlacesQuery(query));

/**
 * A search is a POST but reads nothing new for a while: kept a minute, so back/forward and a return to a page are
 * instant. While the next page or filter loads, the last answer stays on screen marked as updating.
 */
export const hotelSearchQuery = (request: HotelSearchRequest | null) =>
  queryOptions({
    queryKey: ['hotels', 'search', request],
    queryFn: ({ signal }) =>
      api('/hotels/searches', { method: 'POST', body: request, schema: HotelSearchSchema, signal }),
    enabled: request !== null,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useHotelSearch = (request: HotelSearchRequest | null) => useQuery(hotelSearchQuery(request));

/** Confirming a rate: the hotel's current price and terms, asked once per visit to the booking page. */
export const confirmedRateQuery = (id: string) =>
  queryOptions({
    queryKey: ['hotels', 'rates', id, 'confirmed'],
    queryFn: ({ signal }) =>
      api(`/hotels/rates/${encodeURIComponent(id)}`, { schema: HotelRateSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The rate as the agent saw it on the hotel page, so a change can be shown side by side. */
export const rememberRate = (rate: HotelRate) => remember('rate', rate);
export const rememberedRate = (id: string) => recall('rate', id, HotelRateSchema);

export const hotelOrderKey = (id: string) => ['hotels', 'orders', id] as const;
export const hotelOrderQuery = (id: string) =>
  queryOptions({
    queryKey: hotelOrderKey(id),
    queryFn: ({ signal }) =>
      api(`/hotels/orders/${encodeURIComponent(id)}`, { schema: HotelOrderSchema, signal }),
    // A slow supplier confirms a few seconds later: look again until it has.
    refetchInterval: (query) => (query.state.data?.status === 'confirming' ? 2000 : false),
  });
export const useHotelOrder = (id: string) => useQuery(hotelOrderQuery(id));

export const cancellationQuoteQuery = (id: string) =>
  queryOptions({
    queryKey: [...hotelOrderKey(id), 'cancellation-quote'],
    queryFn: ({ signal }) =>
      api(`/hotels/orders/${encodeURIComponent(id)}/cancellation`, {
        schema: HotelCancellationQuoteSchema,
        signal,
      }),
    staleTime: 0,
    gcTime: 0,
  });

/** After any money-moving action the wallet, the ledger and the order are read again. */
function useAfterMoneyMoved(id: string | null) {
  const client = useQueryClient();
  return (order?: HotelOrder) => {
    if (order) client.setQueryData(hotelOrderKey(order.id), order);
    else if (id) void client.invalidateQueries({ queryKey: hotelOrderKey(id) });
    afterMoneyMoved(client);
  };
}

export function useCreateHotelOrder() {
  const moved = useAfterMoneyMoved(null);
  return useMutation({
    mutationFn: async ({ body, key }: { body: HotelOrderRequest; key: string }) => {
      const { value, reconciled } = await createOnce('/hotels/orders', {
        body,
        schema: HotelOrderSchema,
        idempotencyKey: key,
      });
      if (reconciled) notifyReconciled();
      return value;
    },
    onSuccess: (order) => moved(order),
  });
}

function useOrderAction(id: string, path: 'confirm' | 'cancellation') {
  const moved = useAfterMoneyMoved(id);
  return useMutation({
    mutationFn: () =>
      api(`/hotels/orders/${encodeURIComponent(id)}/${path}`, { method: 'POST', schema: HotelOrderSchema }),
    onSuccess: (order) => moved(order),
  });
}
export const useConfirmHotelOrder = (id: string) => useOrderAction(id, 'confirm');
export const useCancelHotelOrder = (id: string) => useOrderAction(id, 'cancellation');

export function useExtendDeadline(id: string) {
  const moved = useAfterMoneyMoved(id);
  return useMutation({
    mutationFn: () =>
      api(`/hotels/orders/${encodeURIComponent(id)}/extend-deadline`, {
        method: 'POST',
        schema: ExtendDeadlineResultSchema,
      }),
    onSuccess: () => moved(),
  });
}

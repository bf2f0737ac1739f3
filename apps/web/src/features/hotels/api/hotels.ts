import {
  type HotelOrder,
  type HotelOrderRequest,
  type HotelRate,
  HotelRateSchema,
  type HotelSearchRequest,
  HOTEL_OPERATIONS as OPS,
} from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyReconciled } from '../../../components/toasts.tsx';
import { afterMoneyMoved, rereadAfterRefusal } from '../../../lib/api.ts';
import { callOp, createOp } from '../../../lib/operations.ts';
import { recall, remember } from '../../../lib/remembered.ts';

export const hotelPlacesQuery = (query: string) =>
  queryOptions({
    queryKey: ['hotels', 'places', query.toLowerCase()],
    queryFn: ({ signal }) => callOp(OPS, 'hotelPlaces', { params: {}, query: { query, limit: 8 }, signal }),
    enabled: query.trim().length >= 2,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
export const useHotelPlaces = (query: string) => useQuery(hotelPlacesQuery(query));

/**
 * A search is a POST but reads nothing new for a while: kept a minute, so back/forward and a return to a page are
 * instant. While the next page or filter loads, the last answer stays on screen marked as updating.
 */
export const HOTEL_SEARCHES_KEY = ['hotels', 'search'] as const;
export const hotelSearchQuery = (request: HotelSearchRequest | null) =>
  queryOptions({
    queryKey: [...HOTEL_SEARCHES_KEY, request],
    queryFn: ({ signal }) => callOp(OPS, 'searchHotels', { params: {}, body: request, signal }),
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
    queryFn: ({ signal }) => callOp(OPS, 'getRate', { params: { id }, signal }),
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
    queryFn: ({ signal }) => callOp(OPS, 'getHotelOrder', { params: { id }, signal }),
    // A slow supplier confirms a few seconds later: look again until it has.
    refetchInterval: (query) => (query.state.data?.status === 'confirming' ? 2000 : false),
  });
export const useHotelOrder = (id: string) => useQuery(hotelOrderQuery(id));

export const cancellationQuoteQuery = (id: string) =>
  queryOptions({
    queryKey: [...hotelOrderKey(id), 'cancellation-quote'],
    queryFn: ({ signal }) => callOp(OPS, 'getCancellationQuote', { params: { id }, signal }),
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
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: HotelOrderRequest; key: string }) => {
      const { value, reconciled } = await createOp(OPS, 'createHotelOrder', { params: {}, body, key });
      if (reconciled) notifyReconciled();
      return value;
    },
    onSuccess: (order) => moved(order),
    // A rate refused at hold time (sold out, gone) is not offered again from the kept list.
    onError: () => client.removeQueries({ queryKey: HOTEL_SEARCHES_KEY }),
  });
}

function useOrderAction(id: string, name: 'confirmHotelOrder' | 'cancelHotelOrder') {
  const moved = useAfterMoneyMoved(id);
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callOp(OPS, name, { params: { id } }),
    onSuccess: (order) => moved(order),
    onError: rereadAfterRefusal(client, hotelOrderKey(id)),
  });
}
export const useConfirmHotelOrder = (id: string) => useOrderAction(id, 'confirmHotelOrder');
export const useCancelHotelOrder = (id: string) => useOrderAction(id, 'cancelHotelOrder');

export function useExtendDeadline(id: string) {
  const moved = useAfterMoneyMoved(id);
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callOp(OPS, 'extendHotelDeadline', { params: { id } }),
    onSuccess: () => moved(),
    onError: rereadAfterRefusal(client, hotelOrderKey(id)),
  });
}

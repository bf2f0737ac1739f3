import {
  type FlightOrder,
  type FlightOrderRequest,
  FlightOrderSchema,
  RefundQuoteSchema,
  type RefundRequest,
  RefundSchema,
} from '@console/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyReconciled } from '../../../components/toasts.tsx';
import { afterMoneyMoved, api, createOnce } from '../../../lib/api.ts';

export const orderKey = (id: string) => ['flights', 'orders', id] as const;

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKey(id),
    queryFn: ({ signal }) =>
      api(`/flights/orders/${encodeURIComponent(id)}`, { schema: FlightOrderSchema, signal }),
    // Ticketing completes on its own a few seconds later: look again until it has.
    refetchInterval: (query) => (query.state.data?.status === 'ticketing' ? 2000 : false),
  });
export const useOrder = (id: string) => useQuery(orderQuery(id));

export const refundQuoteQuery = (id: string) =>
  queryOptions({
    queryKey: [...orderKey(id), 'refund-quote'],
    queryFn: ({ signal }) =>
      api(`/flights/orders/${encodeURIComponent(id)}/refund`, { schema: RefundQuoteSchema, signal }),
    staleTime: 0,
  });

export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: FlightOrderRequest; key: string }) => {
      const { value, reconciled } = await createOnce('/flights/orders', {
        body,
        schema: FlightOrderSchema,
        idempotencyKey: key,
      });
      if (reconciled) notifyReconciled();
      return value;
    },
    onSuccess: (order) => client.setQueryData(orderKey(order.id), order),
  });
}

function useOrderPost(id: string, path: 'ticket' | 'cancellation') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api(`/flights/orders/${encodeURIComponent(id)}/${path}`, { method: 'POST', schema: FlightOrderSchema }),
    onSuccess: (order: FlightOrder) => {
      client.setQueryData(orderKey(id), order);
      afterMoneyMoved(client);
    },
  });
}
export const useTicket = (id: string) => useOrderPost(id, 'ticket');
export const useCancelHold = (id: string) => useOrderPost(id, 'cancellation');

export function useRefund(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequest) =>
      api(`/flights/orders/${encodeURIComponent(id)}/refund`, { method: 'POST', body, schema: RefundSchema }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: orderKey(id) });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

export function useAddNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api(`/flights/orders/${encodeURIComponent(id)}/notes`, {
        method: 'POST',
        body: { notes: [text] },
        schema: FlightOrderSchema,
      }),
    onSuccess: (order) => client.setQueryData(orderKey(id), order),
  });
}

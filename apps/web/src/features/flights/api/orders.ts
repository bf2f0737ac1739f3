import { type FlightOrderRequest, FLIGHT_OPERATIONS as OPS, type RefundRequest } from '@console/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyReconciled } from '../../../components/toasts.tsx';
import { afterMoneyMoved, rereadAfterRefusal } from '../../../lib/api.ts';
import { callOp, createOp } from '../../../lib/operations.ts';

export const orderKey = (id: string) => ['flights', 'orders', id] as const;

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => callOp(OPS, 'getFlightOrder', { params: { id }, signal }),
    // Ticketing completes on its own a few seconds later: look again until it has.
    refetchInterval: (query) => (query.state.data?.status === 'ticketing' ? 2000 : false),
  });
export const useOrder = (id: string) => useQuery(orderQuery(id));

export const refundQuoteQuery = (id: string) =>
  queryOptions({
    queryKey: [...orderKey(id), 'refund-quote'],
    queryFn: ({ signal }) => callOp(OPS, 'getRefundQuote', { params: { id }, signal }),
    staleTime: 0,
  });

export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: FlightOrderRequest; key: string }) => {
      const { value, reconciled } = await createOp(OPS, 'createFlightOrder', { params: {}, body, key });
      if (reconciled) notifyReconciled();
      return value;
    },
    onSuccess: (order) => client.setQueryData(orderKey(order.id), order),
  });
}

function useOrderPost(id: string, name: 'ticketFlightOrder' | 'cancelFlightOrder') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callOp(OPS, name, { params: { id } }),
    onSuccess: (order) => {
      client.setQueryData(orderKey(id), order);
      afterMoneyMoved(client);
    },
    onError: rereadAfterRefusal(client, orderKey(id)),
  });
}
export const useTicket = (id: string) => useOrderPost(id, 'ticketFlightOrder');
export const useCancelHold = (id: string) => useOrderPost(id, 'cancelFlightOrder');

export function useRefund(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequest) => callOp(OPS, 'refundFlightOrder', { params: { id }, body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: orderKey(id) });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
    onError: rereadAfterRefusal(client, orderKey(id)),
  });
}

export function useAddNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      callOp(OPS, 'addFlightOrderNotes', { params: { id }, body: { notes: [text] } }),
    onSuccess: (order) => client.setQueryData(orderKey(id), order),
  });
}

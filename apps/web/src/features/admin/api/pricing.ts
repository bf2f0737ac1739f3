import { type FeeRuleInput, HOTEL_OPERATIONS, pricingApi } from '@console/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlaceOption } from '../../../components/place-combobox.tsx';
import { call } from '../../../lib/api.ts';
import { feeRulesQuery } from '../../../lib/client-prices.ts';
import { callOp } from '../../../lib/operations.ts';

// Apart from api.ts: the other admin screens (the wallet's is in the office pages' chunk) must not carry the rules'
// schemas.

export const useFeeRules = () => useQuery(feeRulesQuery);

export function useSaveFeeRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rule }: { id: string | null; rule: FeeRuleInput }) =>
      id
        ? call(pricingApi.updateRule, { params: { id }, body: rule })
        : call(pricingApi.createRule, { body: rule }),
    onSettled: () => void client.invalidateQueries({ queryKey: feeRulesQuery.queryKey }),
  });
}

export function useRemoveFeeRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(pricingApi.removeRule, { params: { id } }),
    onSettled: () => void client.invalidateQueries({ queryKey: feeRulesQuery.queryKey }),
  });
}

/**
 * The cities the service knows for a text, as the hotel search's destination field lists them (decision 040): a fee
 * rule's city is one of them. Each option's detail is the city's country.
 */
export function useCityOptions(text: string): { options: PlaceOption[]; loading: boolean } {
  const places = useQuery({
    queryKey: ['hotels', 'places', 'city', text.toLowerCase()],
    queryFn: ({ signal }) =>
      callOp(HOTEL_OPERATIONS, 'hotelPlaces', {
        params: {},
        query: { query: text, type: 'city', limit: 8 },
        signal,
      }),
    enabled: text.trim().length >= 2,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
  return {
    loading: places.isFetching,
    // A place's type is a string in the document: read in any case.
    options: (places.data?.data ?? [])
      .filter((p) => p.type.trim().toLowerCase() === 'city')
      .map((p) => ({ id: p.id, label: p.name, detail: p.country, kind: 'city' })),
  };
}

import { clientPrice, type FeeContext, pricingApi } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api.ts';

/**
 * What the client pays (decision 032): the office's fee rules, read once a minute, and the price of anything by them.
 * The screens that list prices (offers, rates, activity options) show this first, the net on demand.
 */
export const feeRulesQuery = queryOptions({
  queryKey: ['pricing', 'rules'],
  queryFn: ({ signal }) => call(pricingApi.rules, { signal }),
  staleTime: 60_000,
});

/** A function pricing anything for the client by the rules as they are (no fee while they load). */
export function useClientPrices() {
  const rules = useQuery(feeRulesQuery).data?.data;
  return (ctx: FeeContext) => clientPrice(rules ?? [], ctx);
}

import { type FeeRuleInput, FeeRuleSchema } from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { feeRulesQuery } from '../../../lib/client-prices.ts';

// Apart from api.ts: the other admin screens (the wallet's is in the office pages' chunk) must not carry the rules'
// schemas.

export const useFeeRules = () => useQuery(feeRulesQuery);

export function useSaveFeeRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rule }: { id: string | null; rule: FeeRuleInput }) =>
      api(id ? `/pricing/rules/${encodeURIComponent(id)}` : '/pricing/rules', {
        method: id ? 'PUT' : 'POST',
        body: rule,
        schema: FeeRuleSchema,
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: feeRulesQuery.queryKey }),
  });
}

export function useRemoveFeeRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/pricing/rules/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: z.object({ removed: z.literal(true) }),
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: feeRulesQuery.queryKey }),
  });
}

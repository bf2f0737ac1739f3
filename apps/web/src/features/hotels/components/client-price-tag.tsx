import type { FeeContext } from '@console/contract';
import { useClientPrices } from '../../../lib/client-prices.ts';
import { formatMoney } from '../../../lib/format.ts';

/**
 * A listed price as the client pays it (decision 032), the net beside it when the office charges a fee. Loaded after
 * the screen where the screen's own budget has no room for the fee rules (the hotel results).
 */
export function ClientPriceTag({ context, after = '' }: { context: FeeContext; after?: string }) {
  const priced = useClientPrices()(context);
  return (
    <>
      <strong>{formatMoney(priced.client)}</strong>
      <span className="muted small">
        {after}
        {priced.fee.amount !== '0.00' && ` · net ${formatMoney(priced.net)}`}
      </span>
    </>
  );
}

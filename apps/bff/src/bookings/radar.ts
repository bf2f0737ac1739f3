import { toCents, type Wallet } from '@console/contract';
import type { Upstream } from '../upstream/index.ts';
import type { Ledger } from './ledger.ts';

/**
 * The radar's wallet coverage (decision 011, revised): the running holds still to be paid, most urgent first, against
 * what the wallet has available; which of them it cannot cover.
 */
/**
 * Reads every running clock of the office, a batch at a time, and works out which
 * the wallet cannot cover. Clocks that have run out on the service's time need no money and are left out.
 */
export async function officeRisk(
  d: { upstream: Upstream; ledger: Ledger },
  wallet: Wallet | null,
  now: string,
  agentId: string | undefined,
) {
  const environment = d.upstream.service.environment;
  let stillHeld = wallet ? toCents(wallet.held.amount) : 0n;
  let left = wallet ? toCents(wallet.available.amount) : 0n;
  const ids = new Set<string>();
  let running = 0;
  let atRiskInScope = 0;
  for await (const batch of d.ledger.runningBatches(environment, 1000))
    for (const entry of batch) {
      if (entry.deadline === null || entry.deadline <= now) continue;
      const mine = !agentId || entry.agent.id === agentId;
      if (mine) running += 1;
      if (!wallet) continue;
      const total = toCents(entry.total.amount);
      const covered = total < stillHeld ? total : stillHeld;
      stillHeld -= covered;
      const need = total - covered;
      if (need > left) {
        if (mine) {
          ids.add(entry.id);
          atRiskInScope += 1;
        }
      } else left -= need;
    }
  return { ids, running, atRiskInScope };
}

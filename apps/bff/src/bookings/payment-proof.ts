import { type Money, toCents } from '@console/contract';
import type { Context } from 'hono';
import { PROOF_MS } from '../identity/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import type { AppEnv } from '../platform/types.ts';
import type { BookingsDeps } from './deps.ts';

/**
 * Proving it again before a LIVE payment above the office's amount (decision 031; OWASP ASVS 7.5): ticketing a
 * flight, confirming a hotel or an activity pays from the wallet. The amount is the booking's total as the ledger
 * holds it, else as the service answers now; one in another currency than the office's amount, or one that cannot be
 * read, asks too (the safe side). On TEST, and with no amount set, nothing asks.
 */
export async function requireProofForPayment(
  c: Context<AppEnv>,
  d: BookingsDeps,
  id: string,
  load: () => Promise<Money | null>,
): Promise<void> {
  const { environment } = d.upstream.service;
  if (environment !== 'live') return;
  if (d.clock() - c.get('user').provedAt <= PROOF_MS) return;
  const limit = await d.policy.proofAbove();
  if (!limit) return;
  const [entry] = await d.ledger.byIds([id], environment);
  const total = entry?.total ?? (await load().catch(() => null));
  if (total && total.currency === limit.currency && toCents(total.amount) <= toCents(limit.amount)) return;
  throw new ConsoleError('reauthentication_required', {
    message: `This payment is over ${limit.amount} ${limit.currency}: confirm it is you first.`,
  });
}

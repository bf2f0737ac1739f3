import { type Product, toCents } from '@console/contract';
import type { Context } from 'hono';
import { PROOF_MS } from '../identity/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import type { AppEnv } from '../platform/types.ts';
import type { BookingsDeps } from './deps.ts';
import { factsOf, readAndRefresh } from './refresh.ts';

/**
 * Proving it again before a LIVE payment above the office's amount (decision 031; OWASP ASVS 7.5): ticketing a
 * flight, confirming a hotel or an activity pays from the wallet. The amount is the booking's total as the ledger
 * holds it, else as the service answers now (the one read); one in another currency than the office's amount, or one that cannot be
 * read, asks too (the safe side). On TEST, and with no amount set, nothing asks.
 */
export async function requireProofForPayment(
  c: Context<AppEnv>,
  d: BookingsDeps,
  booking: { product: Product; id: string },
): Promise<void> {
  const { environment } = d.upstream.service;
  if (environment !== 'live') return;
  if (d.clock() - c.get('user').provedAt <= PROOF_MS) return;
  const limit = await d.policy.proofAbove();
  if (!limit) return;
  const [entry] = await d.ledger.byIds([booking.id], environment);
  const total =
    entry?.total ??
    (await readAndRefresh(d, booking)
      .then((read) => factsOf(read).total)
      .catch(() => null));
  if (total && total.currency === limit.currency && toCents(total.amount) <= toCents(limit.amount)) return;
  throw new ConsoleError('reauthentication_required', {
    message: `This payment is over ${limit.amount} ${limit.currency}: confirm it is you first.`,
  });
}

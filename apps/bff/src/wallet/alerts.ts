import { fromCents, toCents, type Wallet, type WalletAlert } from '@console/contract';
import type { Db } from '../db/index.ts';
import { OfficeSettings } from '../platform/office-settings.ts';
import type { Actor } from '../platform/types.ts';

const THRESHOLD = 'wallet.low_balance_threshold';

/** The office's wallet alert: a low-balance threshold the admin sets, kept in the database for every instance. */
export class WalletAlerts {
  readonly #settings: OfficeSettings;

  constructor(db: Db) {
    this.#settings = new OfficeSettings(db);
  }

  threshold(): Promise<string | null> {
    return this.#settings.get(THRESHOLD);
  }

  async setThreshold(amount: string | null, who: Actor): Promise<void> {
    if (amount === null) await this.#settings.remove(THRESHOLD);
    else await this.#settings.set(THRESHOLD, amount, who);
  }
}

const usd = (cents: bigint) => `${fromCents(cents)} USD`;

/**
 * What the banner says (decision 020): `available` under the threshold; or the running holds still to be paid
 * (beyond what the wallet already holds for them) would take `available` under it. Admins get the figures, agents
 * the fact and what to do.
 */
export function walletAlert(
  threshold: string | null,
  wallet: Wallet | null,
  runningHoldsCents: bigint,
  withFigures: boolean,
): WalletAlert {
  if (threshold === null) return { threshold: null, alerts: [], checked: wallet !== null };
  const line = { amount: threshold, currency: 'USD' as const };
  if (!wallet) return { threshold: withFigures ? line : null, alerts: [], checked: false };
  const limit = toCents(threshold);
  const available = toCents(wallet.available.amount);
  const held = toCents(wallet.held.amount);
  const alerts: WalletAlert['alerts'] = [];
  if (available < limit)
    alerts.push({
      kind: 'low_available',
      message: withFigures
        ? `The wallet has ${usd(available)} available, under the alert level of ${usd(limit)}. Top it up before the next booking.`
        : 'The office wallet is running low. Ask an admin to top it up before the next booking.',
    });
  // What the running holds still need: their totals beyond the money the wallet already sets aside for them.
  const need = runningHoldsCents > held ? runningHoldsCents - held : 0n;
  if (available >= limit && need > 0n && available - need < limit)
    alerts.push({
      kind: 'holds_exceed',
      message: withFigures
        ? `Paying the running holds (${usd(runningHoldsCents)}) would leave ${usd(available - need)}, under the alert level of ${usd(limit)}.`
        : 'Paying the office’s running holds would leave the wallet low. Ask an admin before adding more.',
    });
  return { threshold: withFigures ? line : null, alerts, checked: true };
}

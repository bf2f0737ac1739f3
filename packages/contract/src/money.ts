import { z } from 'zod';

/**
 * Money on the wire is `{ amount: "12.30", currency: "USD" }`: a decimal string with exactly two decimals.
 * Arithmetic is done on integer cents as bigint, so "0.10" + "0.20" is "0.30" and never 0.30000000000000004.
 */
export const AMOUNT_PATTERN = /^(0|[1-9]\d*)\.\d{2}$/;

export const AmountSchema = z.string().regex(AMOUNT_PATTERN, {
  error: 'must be a non-negative decimal string with exactly two decimals, like "12.30"',
});

export const CurrencySchema = z.literal('USD');

export const MoneySchema = z.object({
  amount: AmountSchema,
  currency: CurrencySchema,
});
export type Money = z.infer<typeof MoneySchema>;

/** A figure that may fall below zero (a margin, a day's net, a running balance): two decimals, an optional minus. */
export const SignedAmountSchema = z.string().regex(/^-?(0|[1-9]\d*)\.\d{2}$/, {
  error: 'must be a decimal string with exactly two decimals, like "12.30" or "-12.30"',
});
export const SignedMoneySchema = z.object({ amount: SignedAmountSchema, currency: CurrencySchema });

/** Integer cents of a two-decimal amount string. Accepts a leading minus for intermediate results. */
export function toCents(amount: string): bigint {
  const match = /^(-)?(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new RangeError(`not a two-decimal amount: ${JSON.stringify(amount)}`);
  const [, sign, whole = '0', fraction = '00'] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction);
  return sign ? -cents : cents;
}

/** Two-decimal amount string of integer cents. */
export function fromCents(cents: bigint | number): string {
  const value = typeof cents === 'bigint' ? cents : BigInt(Math.round(cents));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

export function money(amount: string | bigint): Money {
  const text = typeof amount === 'bigint' ? fromCents(amount) : fromCents(toCents(amount));
  return { amount: text, currency: 'USD' };
}

export const ZERO: Money = Object.freeze({ amount: '0.00', currency: 'USD' }) as Money;

export function addMoney(...values: Money[]): Money {
  return money(values.reduce((total, value) => total + toCents(value.amount), 0n));
}

/** a - b. Throws if the result would be negative, since Money on the wire never is. */
export function subtractMoney(a: Money, b: Money): Money {
  const cents = toCents(a.amount) - toCents(b.amount);
  if (cents < 0n) throw new RangeError(`${a.amount} - ${b.amount} is negative`);
  return money(cents);
}

export function multiplyMoney(value: Money, times: number): Money {
  if (!Number.isInteger(times) || times < 0)
    throw new RangeError(`times must be a non-negative integer, got ${times}`);
  return money(toCents(value.amount) * BigInt(times));
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  const difference = toCents(a.amount) - toCents(b.amount);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

export function isZeroMoney(value: Money): boolean {
  return toCents(value.amount) === 0n;
}

/**
 * `percent` per cent of a value, rounded half-up to the cent (as card networks and most fare engines do).
 * `percent` may have up to two decimals (12.5 is fine).
 */
export function percentOfMoney(value: Money, percent: number): Money {
  if (!(percent >= 0) || !Number.isFinite(percent)) throw new RangeError(`bad percent ${percent}`);
  const basisPoints = BigInt(Math.round(percent * 100));
  const numerator = toCents(value.amount) * basisPoints;
  return money((numerator + 5000n) / 10000n);
}

/** Splits a total into `parts` amounts that differ by at most a cent and add up exactly to the total. */
export function splitMoney(total: Money, parts: number): Money[] {
  if (!Number.isInteger(parts) || parts < 1)
    throw new RangeError(`parts must be a positive integer, got ${parts}`);
  const cents = toCents(total.amount);
  const share = cents / BigInt(parts);
  const remainder = Number(cents % BigInt(parts));
  return Array.from({ length: parts }, (_, index) => money(share + (index < remainder ? 1n : 0n)));
}

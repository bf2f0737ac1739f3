import { describe, expect, it } from 'vitest';
import { dayShift, formatCount, formatMoney, priceDifference, whenLocal } from './format.ts';

describe('the day an arrival falls on', () => {
  it('says +1 for a flight that lands the next local day, with or without offsets', () => {
    expect(dayShift('2026-12-10T22:15:00-05:00', '2026-12-11T10:05:00+00:00')).toBe('+1');
    expect(dayShift('2026-12-10T22:15:00', '2026-12-12T06:00:00')).toBe('+2');
  });

  it('says nothing for the same day, a day earlier is -1, and a time it cannot read is left alone', () => {
    expect(dayShift('2026-12-10T08:00:00+01:00', '2026-12-10T09:30:00+00:00')).toBe('');
    expect(dayShift('2026-12-11T00:30:00+09:00', '2026-12-10T22:00:00-10:00')).toBe('-1');
    expect(dayShift('later', '2026-12-10T09:30:00')).toBe('');
  });
});

describe('a price that moved', () => {
  it('says by how much, signed, with its share of the old price', () => {
    expect(
      priceDifference({ amount: '1000.00', currency: 'USD' }, { amount: '1052.00', currency: 'USD' }),
    ).toBe('+52.00 USD (+5.2%)');
    expect(
      priceDifference({ amount: '200.00', currency: 'USD' }, { amount: '190.00', currency: 'USD' }),
    ).toBe('−10.00 USD (−5.0%)');
    expect(
      priceDifference({ amount: '200.00', currency: 'USD' }, { amount: '200.00', currency: 'USD' }),
    ).toBeNull();
  });
});

describe('numbers as the screens show them', () => {
  it('shows money with two decimals and thousands marked, the currency code after it', () => {
    expect(formatMoney({ amount: '1234.5', currency: 'USD' })).toBe('1,234.50 USD');
    expect(formatMoney({ amount: '0', currency: 'USD' })).toBe('0.00 USD');
    expect(formatMoney({ amount: '-10.005', currency: 'USD' })).toBe('-10.01 USD');
  });

  it('marks the thousands of a count', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(7)).toBe('7');
  });
});

describe('a time in the agent’s zone', () => {
  it('names the year when it is half a year or more away, not for a time this season', () => {
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    expect(whenLocal(soon)).not.toContain(String(new Date(soon).getUTCFullYear()));
    expect(whenLocal(old)).toContain(String(new Date(old).getUTCFullYear()));
    expect(whenLocal('not a time')).toBe('not a time');
  });
});

describe('money and counts written by hand', () => {
  it('read as Intl writes them in en-US', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [
      '0',
      '0.5',
      '7.05',
      '12.30',
      '999.99',
      '1000.00',
      '123456.78',
      '9999999999999.99',
      '10.',
    ];
    // 500 more of every length, the same each run (a fixed linear congruential sequence).
    let seed = 20261127;
    for (let i = 0; i < 500; i += 1) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      amounts.push((Math.floor((seed / 2 ** 31) * 10 ** (1 + (i % 12))) / 100).toFixed(2));
    }
    for (const amount of amounts)
      expect(formatMoney({ amount, currency: 'USD' })).toBe(`${intl.format(Number(amount))} USD`);
    for (const n of [0, 5, 999, 1000, 65536, 1234567, -4321, 2 ** 53 - 1, 1234.5678])
      expect(formatCount(n)).toBe(new Intl.NumberFormat('en-US').format(n));
  });
});

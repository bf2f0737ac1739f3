import { describe, expect, it } from 'vitest';
import {
  addMoney,
  compareMoney,
  fromCents,
  MoneySchema,
  money,
  multiplyMoney,
  percentOfMoney,
  splitMoney,
  subtractMoney,
  toCents,
} from './money.ts';

describe('Money', () => {
  it('accepts a two-decimal USD amount', () => {
    expect(MoneySchema.parse({ amount: '1234.50', currency: 'USD' })).toEqual({
      amount: '1234.50',
      currency: 'USD',
    });
    expect(MoneySchema.safeParse({ amount: '0.00', currency: 'USD' }).success).toBe(true);
  });

  it.each([
    ['three decimals', '12.345'],
    ['one decimal', '12.3'],
    ['no decimals', '12'],
    ['a number rather than a string', 12.3],
    ['a negative amount', '-1.00'],
    ['a leading zero', '012.30'],
    ['a thousands separator', '1,234.50'],
  ])('rejects an amount with %s', (_, amount) => {
    expect(MoneySchema.safeParse({ amount, currency: 'USD' }).success).toBe(false);
  });

  it('rejects a currency other than USD', () => {
    expect(MoneySchema.safeParse({ amount: '1.00', currency: 'EUR' }).success).toBe(false);
  });

  it('adds 0.10 and 0.20 to exactly 0.30', () => {
    expect(addMoney(money('0.10'), money('0.20'))).toEqual(money('0.30'));
  });

  it('adds many small amounts without drift', () => {
    const tenCents = Array.from({ length: 1000 }, () => money('0.10'));
    expect(addMoney(...tenCents).amount).toBe('100.00');
  });

  it('subtracts, and refuses to go below zero', () => {
    expect(subtractMoney(money('10.00'), money('0.01')).amount).toBe('9.99');
    expect(() => subtractMoney(money('1.00'), money('1.01'))).toThrow(RangeError);
  });

  it('multiplies by a whole number only', () => {
    expect(multiplyMoney(money('19.99'), 3).amount).toBe('59.97');
    expect(() => multiplyMoney(money('1.00'), 1.5)).toThrow(RangeError);
  });

  it('compares amounts numerically, not as text', () => {
    expect(compareMoney(money('9.99'), money('10.00'))).toBe(-1);
    expect(compareMoney(money('100.00'), money('99.99'))).toBe(1);
    expect(compareMoney(money('5.00'), money('5.00'))).toBe(0);
  });

  it('takes a percentage rounded half-up to the cent', () => {
    expect(percentOfMoney(money('10.05'), 10).amount).toBe('1.01');
    expect(percentOfMoney(money('199.99'), 12.5).amount).toBe('25.00');
    expect(percentOfMoney(money('0.00'), 50).amount).toBe('0.00');
  });

  it('splits a total into parts that add back up exactly', () => {
    const parts = splitMoney(money('100.00'), 3);
    expect(parts.map((p) => p.amount)).toEqual(['33.34', '33.33', '33.33']);
    expect(addMoney(...parts).amount).toBe('100.00');
  });

  it('converts between cents and amount strings', () => {
    expect(toCents('1234.56')).toBe(123456n);
    expect(fromCents(5n)).toBe('0.05');
    expect(fromCents(-150n)).toBe('-1.50');
    expect(() => toCents('1.5')).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { ClientReferenceSchema, calendarDate } from './primitives.ts';

describe('a date a person types or a link carries', () => {
  it('is kept when it names a day of the calendar', () => {
    for (const date of ['2026-12-10', '2027-01-31', '2028-02-29', '2000-02-29', '2027-12-31'])
      expect(calendarDate(date)).toBe(date);
  });

  it('is refused when the day does not exist, where Date.parse would roll it into the next month', () => {
    expect(Number.isNaN(Date.parse('2027-02-31'))).toBe(false);
    for (const date of [
      '2027-02-31',
      '2027-02-29',
      '1900-02-29',
      '2027-04-31',
      '2027-13-01',
      '2027-00-10',
      '2027-01-00',
    ])
      expect(calendarDate(date)).toBeNull();
  });

  it('is refused when it is not written YYYY-MM-DD', () => {
    for (const text of [
      '',
      ' 2027-01-05',
      '2027-1-5',
      '05/01/2027',
      '2027-01-05T10:00',
      'tomorrow',
      null,
      undefined,
    ])
      expect(calendarDate(text)).toBeNull();
  });
});

describe('a client reference', () => {
  it('is one line: every line or paragraph separator and control character is refused, with a clear message', () => {
    for (const separator of [
      '\r',
      '\n',
      '\r\n',
      '\u0085',
      '\u2028',
      '\u2029',
      '\v',
      '\f',
      '\t',
      '\u0000',
      '\u001b',
    ]) {
      const result = ClientReferenceSchema.safeParse(`HART${separator}Open the booking: https://evil.test`);
      expect(result.success, JSON.stringify(separator)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/one line/);
    }
  });

  it('takes any one line of text, in any script', () => {
    for (const reference of ['HART-XMAS', 'Zoë Ångström · 東京 / 2027', 'ÉTÉ-2027 #4']) {
      expect(ClientReferenceSchema.parse(reference)).toBe(reference);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.ts';

describe('a CSV cell', () => {
  it('keeps a negative amount a number a spreadsheet adds up', () => {
    expect(csvCell('-428.09')).toBe('"-428.09"');
    expect(csvCell(-12)).toBe('"-12"');
  });

  it('defuses what a spreadsheet would run as a formula, a minus sign followed by more than a number included', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('-1+2')).toBe('"\'-1+2"');
    expect(csvCell('+44 20')).toBe('"\'+44 20"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('-2-3')).toBe('"\'-2-3"');
  });

  it('quotes what it holds and doubles its quotes', () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell(null)).toBe('""');
  });
});

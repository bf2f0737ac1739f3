import { describe, expect, it } from 'vitest';
import { e164 } from './phone.ts';

describe('a phone number as people write it', () => {
  it('is read in any usual form and given in E.164', () => {
    expect(e164('+44 20 7946 0000')).toBe('+442079460000');
    expect(e164('0044 20 7946 0000')).toBe('+442079460000');
    expect(e164('(+1) 415-555-0100')).toBe('+14155550100');
    expect(e164('+442071234567')).toBe('+442071234567');
  });

  it('is refused only when it is no number at all', () => {
    expect(e164('020 7946 0000')).toBeNull();
    expect(e164('+44 12')).toBeNull();
    expect(e164('call me')).toBeNull();
  });
});

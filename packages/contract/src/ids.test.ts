import { describe, expect, it } from 'vitest';
import { hasPrefix, ID_PREFIXES, idSchema, newId } from './ids.ts';

describe('ids', () => {
  it('carries the spec prefixes', () => {
    expect(ID_PREFIXES).toMatchObject({
      offer: 'ofr_',
      hotelSearch: 'hsr_',
      hotelRate: 'hrt_',
      activityProduct: 'act_',
      activityProductType: 'apt_',
      activityBooking: 'abk_',
    });
  });

  it('makes ids that carry their prefix and pass their own check', () => {
    const id = newId('offer');
    expect(id).toMatch(/^ofr_[0-9a-z]{20}$/);
    expect(hasPrefix('offer', id)).toBe(true);
    expect(idSchema('offer').safeParse(id).success).toBe(true);
  });

  it('makes a different id every time', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId('activityBooking')));
    expect(ids.size).toBe(1000);
  });

  it('rejects an id with the wrong prefix or an empty body', () => {
    expect(idSchema('offer').safeParse('hrt_0a1b2c3d4e5f6g7h8i9j').success).toBe(false);
    expect(idSchema('offer').safeParse('ofr_').success).toBe(false);
    expect(idSchema('offer').safeParse('ofr_../../etc/passwd').success).toBe(false);
  });
});

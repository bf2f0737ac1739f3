import { describe, expect, it } from 'vitest';
import { throttleNetwork } from './throttle.ts';

describe('the throttle', () => {
  it('counts an IPv6 address by its /64, however it is written', () => {
    const net = '2001:db8:0:2::/64';
    for (const written of [
      '2001:db8:0:2::1',
      '2001:DB8:0:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0000:0002::',
      '2001:db8:0:2::1%eth0',
      '2001:db8::2:a:b:1.2.3.4',
    ])
      expect(throttleNetwork(written)).toBe(net);
    expect(throttleNetwork('192.0.2.1')).toBe('192.0.2.1');
  });
});

import { describe, expect, it } from 'vitest';
import { clientAddress, trustedProxies } from './client-address.ts';

describe('the client address', () => {
  const proxies = trustedProxies('10.0.0.0/8, loopback');

  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('192.0.2.1', '203.0.113.9', null)).toBe('192.0.2.1');
  });

  it('is the right-most address not of a trusted proxy when the peer is one', () => {
    expect(clientAddress('10.1.2.3', '6.6.6.6, 203.0.113.9, 10.9.9.9', proxies)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:127.0.0.1', '203.0.113.9', proxies)).toBe('203.0.113.9');
  });

  it('ignores X-Forwarded-For sent by a peer that is not a trusted proxy', () => {
    expect(clientAddress('192.0.2.1', '203.0.113.9', proxies)).toBe('192.0.2.1');
  });

  it('reads a proxy’s entry with its port or brackets as the address it is, and stops at one that is no address', () => {
    const loopback = trustedProxies('loopback');
    // The client wrote the left part; the proxy appended the right one, with a port.
    expect(clientAddress('127.0.0.1', '198.51.100.10, 192.0.2.5:443', loopback)).toBe('192.0.2.5');
    expect(clientAddress('127.0.0.1', '198.51.100.10, [2001:db8::5]:8443', loopback)).toBe('2001:db8::5');
    expect(clientAddress('127.0.0.1', '198.51.100.10, [2001:db8::5]', loopback)).toBe('2001:db8::5');
    expect(clientAddress('127.0.0.1', '198.51.100.10, unknown', loopback)).toBe('unknown');
  });

  it('refuses a TRUSTED_PROXIES entry that is not an address or a range', () => {
    expect(() => trustedProxies('10.0.0.0/8, proxy.internal')).toThrow(/proxy\.internal/);
  });
});

import { BlockList, isIP } from 'node:net';

/**
 * The proxies whose `X-Forwarded-For` is believed: addresses and CIDR ranges, comma-separated (`TRUSTED_PROXIES`),
 * or `loopback`. With none, the socket's peer is the client.
 */
export function trustedProxies(spec: string | undefined): BlockList | null {
  if (!spec?.trim()) return null;
  const list = new BlockList();
  for (const raw of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (raw === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', bits] = raw.split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`TRUSTED_PROXIES: "${raw}" is not an address or a CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');
/**
 * An address as a proxy may write it, plain: `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) as `10.0.0.1`,
 * `10.0.0.1:443` and `[2001:db8::1]:443` without their ports, `[2001:db8::1]` without its brackets.
 */
const plain = (written: string) => {
  let address = written.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(address)) address = address.replace(/:\d+$/, '');
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
};

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy; then the right-most address of
 * `X-Forwarded-For` that is not itself a trusted proxy (the left part can be written by the client).
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: BlockList | null,
): string {
  const socket = plain(peer ?? 'unknown');
  const isTrusted = (address: string) =>
    isIP(address) !== 0 && trusted !== null && trusted.check(address, familyOf(address));
  if (!trusted || !forwardedFor || !isTrusted(socket)) return socket;
  const hops = forwardedFor.split(',').map(plain).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i];
    if (hop === undefined) continue;
    // A hop that is no address stops the walk (decision 035): what lies left of it may be the client's own writing.
    // It is then the client, as written (counted on its own, never as another's address).
    if (isIP(hop) === 0) return hop.slice(0, 64);
    if (!isTrusted(hop)) return hop;
  }
  return hops[0] ?? socket;
}

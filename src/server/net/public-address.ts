// Which addresses the server may send readers to or fetch from: public unicast only. Private,
// loopback, link-local, shared (CGNAT), documentation, multicast and reserved ranges are refused,
// and so are IPv6 forms that embed an IPv4 address in those ranges.
import { BlockList, isIP } from 'node:net';

const nonPublicRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublicRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  nonPublicRanges.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped, IPv4-compatible or NAT64 IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^(?:::ffff:|::|64:ff9b::)(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted?.[1]) return dotted[1];
  if (!match?.[1] || !match[2]) return undefined;
  const high = Number.parseInt(match[1], 16);
  const low = Number.parseInt(match[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address (v4 or v6, without brackets) is public unicast. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !nonPublicRanges.check(address, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(address.toLowerCase());
  if (inner) return isPublicAddress(inner);
  return !nonPublicRanges.check(address, 'ipv6');
}

/** A URL host as an IP address, when it is written as one (`[::1]` included). */
export function hostAsAddress(hostname: string): string | undefined {
  const bare =
    hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
}

/** Names that resolve to this machine or its network without asking DNS. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * Whether a URL's host names the public internet by its spelling alone: an IP address in a
 * public range, or a name outside the local-only suffixes. It does not resolve the name; a
 * fetch must still check the addresses the name resolves to (net/safe-fetch.ts).
 */
export function isPublicHostname(hostname: string): boolean {
  const address = hostAsAddress(hostname);
  if (address) return isPublicAddress(address);
  return !LOCAL_NAMES.test(hostname.replace(/\.$/, ''));
}

export type LookupAll = (
  hostname: string,
) => Promise<readonly { address: string; family: number }[]>;

// Which addresses the server may send readers to or fetch from: public unicast only. Private,
// loopback, link-local, shared (CGNAT), documentation, multicast and reserved ranges are refused,
// and so are IPv6 forms that embed an IPv4 address in those ranges.
import { BlockList, isIP } from 'node:net';

const nonPublicIpv4 = new BlockList();
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
  nonPublicIpv4.addSubnet(network, prefix, 'ipv4');
}

// IANA assigns global unicast from 2000::/3 alone: outside it lie loopback, unique local,
// link-local, multicast, discard, translation and reserved space.
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

// The ranges inside 2000::/3 that the IANA special-purpose registry marks not globally reachable.
const nonPublicIpv6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments, Teredo and benchmarking among them
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing (SRv6) SIDs
] as const) {
  nonPublicIpv6.addSubnet(network, prefix, 'ipv6');
}

// The global anycast and unicast services assigned inside 2001::/23.
const publicIetfAssignments = new BlockList();
for (const [network, prefix] of [
  ['2001:1::1', 128],
  ['2001:1::2', 128],
  ['2001:1::3', 128],
  ['2001:3::', 32],
  ['2001:4:112::', 48],
  ['2001:20::', 28],
  ['2001:30::', 28],
] as const) {
  publicIetfAssignments.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address that `isIP` accepts, written without a zone. */
function ipv6Groups(address: string): number[] {
  const groupsOf = (part: string) =>
    part
      .split(':')
      .filter(Boolean)
      .flatMap((group) => {
        if (!group.includes('.')) return [Number.parseInt(group, 16)];
        const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
        return [(a << 8) | b, (c << 8) | d];
      });
  const [head = '', tail] = address.split('::');
  if (tail === undefined) return groupsOf(head);
  const before = groupsOf(head);
  const after = groupsOf(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** The first six groups of the IPv6 forms whose last two groups are an IPv4 address. */
const prefixesOfEmbeddedIpv4 = new Set([
  '0:0:0:0:0:0', // IPv4-compatible
  '0:0:0:0:0:ffff', // IPv4-mapped
  '0:0:0:0:ffff:0', // IPv4-translated (SIIT)
  '64:ff9b:0:0:0:0', // NAT64 well-known prefix
]);

function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** The IPv4 address inside an IPv6 address: one of the forms above, or 6to4 (2002::/16). */
function embeddedIpv4(groups: number[]): string | undefined {
  const [first, second = 0, third = 0] = groups;
  if (first === 0x2002) return ipv4Of(second, third);
  const prefix = groups.slice(0, 6).map((group) => group.toString(16));
  if (!prefixesOfEmbeddedIpv4.has(prefix.join(':'))) return undefined;
  return ipv4Of(groups[6] ?? 0, groups[7] ?? 0);
}

/** Whether an IP address (v4 or v6, without brackets) is public unicast. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !nonPublicIpv4.check(address, 'ipv4');
  if (family !== 6) return false;
  const [withoutZone = ''] = address.split('%');
  const inner = embeddedIpv4(ipv6Groups(withoutZone));
  if (inner) return isPublicAddress(inner);
  return (
    globalUnicast.check(withoutZone, 'ipv6') &&
    (publicIetfAssignments.check(withoutZone, 'ipv6') || !nonPublicIpv6.check(withoutZone, 'ipv6'))
  );
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

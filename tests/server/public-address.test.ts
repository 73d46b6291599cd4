import { describe, expect, test } from 'vitest';
import { isPublicAddress } from '../../src/server/net/public-address';

describe('public', () => {
  test.each([
    '93.184.215.14',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '2a00:1450:4009:81e::200e',
    '2001:200::1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:1::1',
    '2001:3::1',
    '2001:4:112::1',
    '2001:20::1',
    '2001:30::1',
  ])('%s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('not public', () => {
  test.each([
    ['127.0.0.1', 'IPv4 loopback'],
    ['10.0.0.8', 'IPv4 private'],
    ['169.254.169.254', 'IPv4 link-local'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:0:0', 'IPv4-mapped 0.0.0.0'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'IPv4-mapped loopback, written out'],
    ['::ffff:0:10.0.0.1', 'IPv4-translated private'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of link-local'],
    ['64:ff9b:0:0:0:0:127.0.0.1', 'NAT64 of loopback, written out'],
    ['64:ff9b:1::7f00:1', 'local-use NAT64'],
    ['64:ff9b:1::808:808', 'local-use NAT64, whatever it embeds'],
    ['2002:a9fe:a9fe::1', '6to4 of link-local'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['100::1', 'discard-only'],
    ['100:0:0:1::1', 'dummy prefix'],
    ['2001::1', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['2001:10::1', 'ORCHID'],
    ['2001:1::4', 'IETF protocol assignments'],
    ['2001:4:113::1', 'IETF protocol assignments'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['5f00::1', 'SRv6 SIDs'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['4000::1', 'reserved by the IETF'],
    ['not an address', 'not an address'],
  ])('%s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

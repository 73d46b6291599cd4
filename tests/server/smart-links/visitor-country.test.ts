import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  countryFromAcceptLanguage,
  countryFromCdnHeader,
  openVisitorCountryFinder,
  type FindCountry,
  type Visitor,
} from '../../../src/server/smart-links/visitor-country';

describe('the CDN header', () => {
  test.each([
    ['GB', 'GB'],
    ['de', 'DE'],
    [' fr ', 'FR'],
    ['XX', null],
    ['T1', null],
    ['ZZ', null],
    ['GBR', null],
    ['', null],
    ['G', null],
    ['G1', null],
    ['GB, US', null],
    [['GB', 'US'], null],
    [undefined, null],
  ])('%j gives %s', (value, expected) => {
    expect(countryFromCdnHeader(value)).toBe(expected);
  });
});

describe('Accept-Language', () => {
  test.each([
    ['en-GB', 'GB'],
    ['en-gb', 'GB'],
    ['fr;q=1, en-GB;q=0.8', 'GB'],
    ['en-US;q=0.5, de-AT;q=0.9, fr-FR;q=0.7', 'AT'],
    ['de-DE, de;q=0.9, en-US;q=0.8', 'DE'],
    // Equal preference: the first named wins.
    ['pt-BR;q=0.8, pt-PT;q=0.8', 'BR'],
    ['zh-Hant-TW, zh;q=0.5', 'TW'],
    ['sr-Latn-RS;q=0.3', 'RS'],
    ['en-US-x-twain', 'US'],
    ['es-419, es-MX;q=0.6', 'MX'],
    // q=0 means "not acceptable"; malformed weights are ignored with their range.
    ['en-GB;q=0, en-IE;q=0.1', 'IE'],
    ['en-GB;q=2, en-AU;q=0.2', 'AU'],
    ['en-GB;q=high, en-NZ;q=0.2', 'NZ'],
    ['en-GB;q=0.2; Q=0.9, en-CA;q=0.5', 'CA'],
    ['en-CA ; q = 0.5', 'CA'],
    ['en, fr, *', null],
    ['*', null],
    ['en-XX', null],
    ['', null],
    [',,;q=1,', null],
    [undefined, null],
  ])('%j gives %s', (value, expected) => {
    expect(countryFromAcceptLanguage(value)).toBe(expected);
  });
});

function visitor(headers: Visitor['headers'], ip = '192.0.2.10'): Visitor {
  return { headers, ip };
}

describe('the order of the sources', () => {
  let findCountry: FindCountry;
  beforeAll(async () => {
    findCountry = await openVisitorCountryFinder();
  });

  test('the CDN header first', () => {
    const headers = { 'cf-ipcountry': 'CA', 'accept-language': 'en-GB' };
    expect(findCountry(visitor(headers))).toBe('CA');
  });

  test('then the language when the CDN does not know', () => {
    const headers = { 'cf-ipcountry': 'XX', 'accept-language': 'en-GB' };
    expect(findCountry(visitor(headers))).toBe('GB');
  });

  test('and nothing without a database', () => {
    expect(findCountry(visitor({ 'accept-language': 'en' }))).toBeNull();
  });

  test('the header is configurable', async () => {
    const findByFastlyHeader = await openVisitorCountryFinder({
      countryHeader: 'Fastly-Client-Country',
    });
    const headers = { 'cf-ipcountry': 'CA', 'fastly-client-country': 'jp' };
    expect(findByFastlyHeader(visitor(headers))).toBe('JP');
    expect(findByFastlyHeader(visitor({ 'cf-ipcountry': 'CA' }))).toBeNull();
  });
});

// A MaxMind DB writer for fixtures, after the MaxMind DB format spec 2.0: a binary search tree of
// 24-bit records over IPv6 (IPv4 at ::a.b.c.d), a data section, then the metadata.
type MmdbValue = string | number | MmdbValue[] | { [key: string]: MmdbValue };

function controlBytes(type: number, size: number): number[] {
  const extended = type > 7;
  const [sizeBits, sizeBytes] =
    size < 29
      ? [size, []]
      : size < 285
        ? [29, [size - 29]]
        : [30, [(size - 285) >> 8, (size - 285) & 0xff]];
  return [((extended ? 0 : type) << 5) | sizeBits, ...(extended ? [type - 7] : []), ...sizeBytes];
}

function encode(value: MmdbValue): number[] {
  if (typeof value === 'string') {
    const bytes = [...Buffer.from(value, 'utf8')];
    return [...controlBytes(2, bytes.length), ...bytes];
  }
  if (typeof value === 'number') {
    const bytes: number[] = [];
    for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
    return [...controlBytes(6, bytes.length), ...bytes];
  }
  if (Array.isArray(value)) return [...controlBytes(11, value.length), ...value.flatMap(encode)];
  const entries = Object.entries(value);
  return [
    ...controlBytes(7, entries.length),
    ...entries.flatMap(([key, item]) => [...encode(key), ...encode(item)]),
  ];
}

function addressBits(address: string): number[] {
  let bytes: number[];
  if (address.includes('.')) {
    bytes = [...new Array<number>(12).fill(0), ...address.split('.').map(Number)];
  } else {
    const groups = (part: string) =>
      part ? part.split(':').map((group) => parseInt(group, 16)) : [];
    const [head = '', tail = ''] = address.split('::');
    const [first, last] = [groups(head), groups(tail)];
    const words = [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
    bytes = words.flatMap((word) => [word >> 8, word & 0xff]);
  }
  return bytes.flatMap((byte) => [7, 6, 5, 4, 3, 2, 1, 0].map((bit) => (byte >> bit) & 1));
}

type TreeNode = [TreeRecord, TreeRecord];
type TreeRecord = TreeNode | { data: number } | undefined;

/** Networks as `address/prefix`, none inside another. */
function writeMmdb(networks: Record<string, MmdbValue>): Buffer {
  const root: TreeNode = [undefined, undefined];
  const nodes = [root];
  const data: number[] = [];
  for (const [network, value] of Object.entries(networks)) {
    const [address = '', prefix = ''] = network.split('/');
    const bits = addressBits(address).slice(0, (address.includes('.') ? 96 : 0) + Number(prefix));
    const last = bits.pop() ?? 0;
    let node = root;
    for (const bit of bits) {
      let child = node[bit];
      if (!Array.isArray(child)) {
        child = [undefined, undefined];
        node[bit] = child;
        nodes.push(child);
      }
      node = child;
    }
    node[last] = { data: data.length };
    data.push(...encode(value));
  }
  const recordValue = (record: TreeRecord) =>
    record === undefined
      ? nodes.length
      : Array.isArray(record)
        ? nodes.indexOf(record)
        : nodes.length + 16 + record.data;
  const tree = nodes.flatMap((records) =>
    records.flatMap((record) => {
      const value = recordValue(record);
      return [value >> 16, (value >> 8) & 0xff, value & 0xff];
    }),
  );
  const metadata = encode({
    node_count: nodes.length,
    record_size: 24,
    ip_version: 6,
    database_type: 'Shelflink-Test-Country',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_700_000_000,
    description: { en: 'Test fixture' },
  });
  return Buffer.from([
    ...tree,
    ...new Array<number>(16).fill(0),
    ...data,
    ...Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1'),
    ...metadata,
  ]);
}

describe('a MaxMind database', () => {
  let directory: string;
  let databasePath: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'shelflink-geo-'));
    databasePath = join(directory, 'countries.mmdb');
    await writeFile(
      databasePath,
      writeMmdb({
        '81.2.69.0/24': { country: { iso_code: 'GB', names: { en: 'United Kingdom' } } },
        '175.16.199.0/24': { country: { iso_code: 'CN' }, continent: { code: 'AS' } },
        '2001:db8:4::/48': { country: { iso_code: 'NZ' } },
        '198.51.100.0/24': { continent: { code: 'EU' } },
      }),
    );
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  test.each([
    ['81.2.69.160', 'GB'],
    ['::ffff:81.2.69.160', 'GB'],
    ['175.16.199.3', 'CN'],
    ['2001:db8:4:1::7', 'NZ'],
    ['2001:db8:5::1', null],
    ['198.51.100.7', null],
    ['203.0.113.1', null],
    ['not an address', null],
  ])('finds %s in %s', async (ip, expected) => {
    const findCountry = await openVisitorCountryFinder({ geoDatabasePath: databasePath });
    expect(findCountry(visitor({}, ip))).toBe(expected);
  });

  test('is asked only when the headers say nothing', async () => {
    const findCountry = await openVisitorCountryFinder({ geoDatabasePath: databasePath });
    expect(findCountry(visitor({ 'cf-ipcountry': 'FR' }, '81.2.69.160'))).toBe('FR');
    expect(findCountry(visitor({ 'accept-language': 'de-AT' }, '81.2.69.160'))).toBe('AT');
    expect(findCountry(visitor({ 'accept-language': 'de' }, '81.2.69.160'))).toBe('GB');
  });

  test('is read once, when the server starts', async () => {
    const copy = join(directory, 'moved.mmdb');
    await writeFile(copy, writeMmdb({ '81.2.69.0/24': { country: { iso_code: 'IE' } } }));
    const findCountry = await openVisitorCountryFinder({ geoDatabasePath: copy });
    expect(findCountry(visitor({}, '81.2.69.1'))).toBe('IE');
    await rm(copy);
    expect(findCountry(visitor({}, '81.2.69.1'))).toBe('IE');
  });

  test('a missing file stops the start', async () => {
    await expect(
      openVisitorCountryFinder({ geoDatabasePath: join(directory, 'absent.mmdb') }),
    ).rejects.toThrow(/ENOENT/);
  });
});

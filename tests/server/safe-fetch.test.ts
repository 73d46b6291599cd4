import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createSafeFetcher } from '../../src/server/net/safe-fetch';
import type { LookupAll } from '../../src/server/net/public-address';
import { startStandIn, standInFetcher, type StandIn } from './fixtures/products/stand-in';

const kib = 1024;
const page = '<html><head><title>A page</title></head><body></body></html>';

let standIn: StandIn;

beforeAll(async () => {
  standIn = await startStandIn((request, response, url) => {
    const html = { 'content-type': 'text/html; charset=utf-8' };
    const json = { 'content-type': 'application/json' };
    switch (url.pathname) {
      case '/page':
        response.writeHead(200, html).end(page);
        return;
      case '/plain':
        response.writeHead(200, { 'content-type': 'text/plain' }).end('plain');
        return;
      case '/host':
        response.writeHead(200, json).end(JSON.stringify({ host: request.headers.host }));
        return;
      case '/redirect':
        response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
        return;
      case '/hops': {
        const left = Number(url.searchParams.get('left'));
        if (left === 0) response.writeHead(200, html).end(page);
        else response.writeHead(301, { location: `/hops?left=${left - 1}` }).end();
        return;
      }
      case '/huge.html':
        response.writeHead(200, html).end(`${page}${'<p>more</p>'.repeat(200 * kib)}`);
        return;
      case '/huge.json':
        response.writeHead(200, json).end(JSON.stringify({ padding: 'x'.repeat(2048 * kib) }));
        return;
      case '/slow-body':
        response.writeHead(200, html).write('<html><head>');
        return;
      case '/no-reply':
        return;
      default:
        response.writeHead(404, html).end('<h1>Not found</h1>');
    }
  });
});

afterAll(() => standIn.close());

/** A DNS that answers every name with these addresses, counting the questions. */
function resolvingTo(...addresses: string[]) {
  return vi.fn<LookupAll>(() =>
    Promise.resolve(
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    ),
  );
}

describe('what the fetcher refuses before connecting', () => {
  test.each([
    'ftp://files.example.com/book.epub',
    'file:///etc/passwd',
    'gopher://example.com/',
    'http://reader:secret@example.com/',
  ])('%s, which is not a plain http(s) address', async (address) => {
    await expect(createSafeFetcher().html(address)).rejects.toMatchObject({ failure: 'url' });
  });

  test.each(['http://books.example.com:8080/', 'https://books.example.com:22/'])(
    '%s, on a port other than 80 or 443',
    async (address) => {
      const lookup = resolvingTo('93.184.215.14');

      await expect(createSafeFetcher({ lookup }).html(address)).rejects.toMatchObject({
        failure: 'port',
      });
      expect(lookup).not.toHaveBeenCalled();
    },
  );

  test.each(['127.0.0.1', '10.0.0.8', '169.254.169.254', '::1', 'fd00::1', '::ffff:127.0.0.1'])(
    'a host that resolves to %s',
    async (address) => {
      const fetcher = createSafeFetcher({ lookup: resolvingTo(address) });

      await expect(fetcher.html('https://books.example.com/')).rejects.toMatchObject({
        failure: 'address',
      });
    },
  );

  test('a host with any address that is not public', async () => {
    const fetcher = createSafeFetcher({ lookup: resolvingTo('93.184.215.14', '10.0.0.8') });

    await expect(fetcher.html('https://books.example.com/')).rejects.toMatchObject({
      failure: 'address',
    });
  });

  test.each([
    'http://127.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://10.0.0.1/',
  ])('%s, a non-public address written in the URL', async (address) => {
    const lookup = resolvingTo('93.184.215.14');

    await expect(createSafeFetcher({ lookup }).html(address)).rejects.toMatchObject({
      failure: 'address',
    });
    expect(lookup).not.toHaveBeenCalled();
  });
});

test('connects to the address it checked and sends the name as the Host', async () => {
  const port = new URL(standIn.origin).port;
  // A second answer would point elsewhere: the fetcher must not ask again.
  const lookup = vi
    .fn<LookupAll>()
    .mockResolvedValueOnce([{ address: '127.0.0.1', family: 4 }])
    .mockResolvedValue([{ address: '10.0.0.9', family: 4 }]);
  const fetcher = standInFetcher(standIn, {
    allowedOrigins: [`http://books.example.com:${port}`],
    lookup,
  });

  await expect(fetcher.json(`http://books.example.com:${port}/host`)).resolves.toEqual({
    host: `books.example.com:${port}`,
  });
  expect(lookup).toHaveBeenCalledTimes(1);
});

describe('redirects', () => {
  test('are followed up to three', async () => {
    const { url, html } = await standInFetcher(standIn).html(`${standIn.origin}/hops?left=3`);

    expect(url.href).toBe(`${standIn.origin}/hops?left=0`);
    expect(html).toBe(page);
  });

  test('beyond three are refused', async () => {
    await expect(
      standInFetcher(standIn).html(`${standIn.origin}/hops?left=4`),
    ).rejects.toMatchObject({ failure: 'redirects' });
  });

  test.each([
    ['a non-public address', 'http://169.254.169.254/latest/meta-data/', 'address'],
    ['a name that resolves privately', 'http://metadata.books.example/', 'address'],
    ['another scheme', 'file:///etc/passwd', 'url'],
  ])('to %s are refused at the hop', async (_case, target, failure) => {
    const fetcher = standInFetcher(standIn, { lookup: resolvingTo('10.0.0.5') });
    const from = `${standIn.origin}/redirect?to=${encodeURIComponent(target)}`;

    await expect(fetcher.html(from)).rejects.toMatchObject({ failure });
  });
});

describe('replies', () => {
  test('of another content type are refused', async () => {
    const fetcher = standInFetcher(standIn);

    await expect(fetcher.html(`${standIn.origin}/plain`)).rejects.toMatchObject({
      failure: 'contentType',
    });
    await expect(fetcher.json(`${standIn.origin}/page`)).rejects.toMatchObject({
      failure: 'contentType',
    });
  });

  test('with an error status fail with that status', async () => {
    await expect(standInFetcher(standIn).html(`${standIn.origin}/missing`)).rejects.toMatchObject({
      failure: 'status',
      status: 404,
    });
  });

  test('over the size limit: a page is cut off, JSON fails', async () => {
    const fetcher = standInFetcher(standIn, { maxBytes: 64 * kib });

    const { html } = await fetcher.html(`${standIn.origin}/huge.html`);
    expect(html.length).toBe(64 * kib);
    expect(html.startsWith(page)).toBe(true);
    await expect(fetcher.json(`${standIn.origin}/huge.json`)).rejects.toMatchObject({
      failure: 'tooLarge',
    });
  });

  test.each([
    ['a body that never ends', '/slow-body'],
    ['a server that never answers', '/no-reply'],
  ])('are given up on after the time limit: %s', async (_case, path) => {
    const started = performance.now();

    await expect(
      standInFetcher(standIn, { timeoutMs: 200 }).html(`${standIn.origin}${path}`),
    ).rejects.toMatchObject({ failure: 'timeout' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test('wait for DNS no longer than the time limit', async () => {
    const lookup = vi.fn<LookupAll>(() => new Promise(() => undefined));
    const fetcher = createSafeFetcher({ lookup, timeoutMs: 200 });

    await expect(fetcher.html('https://books.example.com/')).rejects.toMatchObject({
      failure: 'timeout',
    });
  });
});

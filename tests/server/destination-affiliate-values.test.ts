import { expect, test } from 'vitest';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';
import { buildTestShortLinkHost } from './support/short-link-host';

const amazonAssociates = '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07';
const appleServices = '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10';

const testApp = setUpTestApp();

async function authorWithTokens(tokens: Record<string, Record<string, string>>) {
  const cookie = sessionCookieOf(await signIn(testApp(), 'maya.okafor@example.com'));
  for (const [programGuid, parameters] of Object.entries(tokens)) {
    const saved = await testApp().app.inject({
      method: 'POST',
      url: `/v1/affiliate-tokens?programGuid=${programGuid}`,
      headers: { cookie },
      payload: { parameters },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
  }
  return cookie;
}

async function linkTo(cookie: string, url: string): Promise<string> {
  const reply = await testApp().app.inject({
    method: 'POST',
    url: '/v1/links',
    headers: { cookie },
    payload: { url },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json<{ code: string }>().code;
}

/** Where a reader in `country` is sent by the short-link host. */
async function landing(code: string, country: string): Promise<URL> {
  const { host, close } = await buildTestShortLinkHost(testApp());
  try {
    const reply = await host.inject({ url: `/${code}`, headers: { 'cf-ipcountry': country } });
    expect(reply.statusCode).toBe(302);
    return new URL(reply.headers.location as string);
  } finally {
    await close();
  }
}

test("a tag written into the destination is replaced by the author's own for the reader's marketplace", async () => {
  const cookie = await authorWithTokens({
    [amazonAssociates]: { tag: 'mayareads-20', tag_GB: 'mayareads-21' },
  });
  const code = await linkTo(cookie, 'https://www.amazon.com/dp/1668012340?tag=someone-20&psc=1');

  const american = await landing(code, 'US');
  const british = await landing(code, 'GB');

  expect(american.searchParams.getAll('tag')).toEqual(['mayareads-20']);
  expect(american.searchParams.get('psc')).toBe('1');
  expect(british.hostname).toBe('www.amazon.co.uk');
  expect(british.searchParams.getAll('tag')).toEqual(['mayareads-21']);
});

test("a destination's tag is dropped where the author has none for the reader's marketplace", async () => {
  const cookie = await authorWithTokens({ [amazonAssociates]: { tag: 'mayareads-20' } });
  const code = await linkTo(cookie, 'https://www.amazon.com/dp/1668012340?TAG=someone-20');

  const german = await landing(code, 'DE');

  expect(german.hostname).toBe('www.amazon.de');
  expect([...german.searchParams.keys()].map((name) => name.toLowerCase())).not.toContain('tag');
});

test("an Apple Books address's own at= never reaches readers, with or without the author's token", async () => {
  const untokened = await authorWithTokens({});
  const code = await linkTo(
    untokened,
    'https://books.apple.com/us/book/the-salt-orchard/id6449128372?at=1000someone',
  );
  expect((await landing(code, 'US')).searchParams.has('at')).toBe(false);

  await authorWithTokens({ [appleServices]: { at: '1001lK7s' } });
  expect((await landing(code, 'US')).searchParams.getAll('at')).toEqual(['1001lK7s']);
});

import { describe, expect, test } from 'vitest';
import { createId } from '../../src/server/db/ids';
import { links } from '../../src/server/db/schema';
import { storeClicks } from '../../src/server/smart-links/click-store';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';
import { readerClick } from './smart-links/clicks';

const testApp = setUpTestApp();
const day = 24 * 60 * 60 * 1000;

interface ListReply {
  results: { id: string; code: string }[];
  page: { skip: number; take: number; total: number };
  recentClicks: Record<string, number[]>;
}

/** An author's catalogue, written straight to the database, oldest first. */
async function authorWithCatalogue() {
  const login = await signIn(testApp(), 'maya.okafor@example.com');
  const ownerId = Number(login.json<{ userId: string }>().userId);
  const start = testApp().clock.now().getTime() - 10 * day;
  const catalogue = [
    [
      'salt-orchard',
      'The Salt Orchard',
      'Maya Okafor',
      'Amazon',
      'https://www.amazon.com/dp/1668012340',
      40,
    ],
    [
      'winter',
      'The Winter Orchard',
      'Maya Okafor',
      'Apple Books',
      'https://books.apple.com/us/book/id6451190374',
      7,
    ],
    [
      'kestrel',
      'Kestrel Bay',
      'Jonah Whitlock',
      'Kobo',
      'https://www.kobo.com/us/en/ebook/kestrel-bay',
      12,
    ],
    ['100pct', '100% Almanac', 'Ines Duarte', 'Amazon', 'https://www.amazon.com/dp/1668099999', 0],
  ] as const;
  const rows = catalogue.map(([code, title, author, retailer, url, clickCount], index) => ({
    id: createId('lnk'),
    ownerId,
    domain: 'shelf.to',
    code,
    baseCode: code,
    url,
    title,
    author,
    retailer,
    clickCount,
    createdAt: new Date(start + index * day),
  }));
  await testApp().db.insert(links).values(rows);
  return {
    cookie: sessionCookieOf(login),
    ids: Object.fromEntries(rows.map((r) => [r.code, r.id])),
  };
}

async function list(cookie: string, search = ''): Promise<ListReply> {
  const reply = await testApp().app.inject({
    url: `/v1/links/list${search}`,
    headers: { cookie },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<ListReply>();
}

const codesOf = (reply: ListReply) => reply.results.map(({ code }) => code);

describe('finding a link', () => {
  test('by words in its title, author, code or destination, in any letter case', async () => {
    const { cookie } = await authorWithCatalogue();

    expect(codesOf(await list(cookie, '?q=ORCHARD'))).toEqual(['winter', 'salt-orchard']);
    expect(codesOf(await list(cookie, '?q=whitlock'))).toEqual(['kestrel']);
    expect(codesOf(await list(cookie, '?q=kobo.com'))).toEqual(['kestrel']);
    expect((await list(cookie, '?q=orchard')).page).toEqual({ skip: 0, take: 20, total: 2 });
  });

  test('takes % and _ as the characters, not as wildcards', async () => {
    const { cookie } = await authorWithCatalogue();

    expect(codesOf(await list(cookie, `?q=${encodeURIComponent('100%')}`))).toEqual(['100pct']);
    expect(codesOf(await list(cookie, '?q=_'))).toEqual([]);
  });

  test('by retailer, and in the order asked for', async () => {
    const { cookie } = await authorWithCatalogue();

    expect(codesOf(await list(cookie, '?retailer=Amazon'))).toEqual(['100pct', 'salt-orchard']);
    expect(codesOf(await list(cookie, '?sort=clicks'))).toEqual([
      'salt-orchard',
      'kestrel',
      'winter',
      '100pct',
    ]);
    expect(codesOf(await list(cookie, '?sort=title'))).toEqual([
      '100pct',
      'kestrel',
      'salt-orchard',
      'winter',
    ]);
  });

  test('refuses an order it does not know', async () => {
    const { cookie } = await authorWithCatalogue();
    const reply = await testApp().app.inject({
      url: '/v1/links/list?sort=oldest',
      headers: { cookie },
    });
    expect(reply.statusCode).toBe(400);
  });
});

test('each listed link carries its unique clicks of the last 30 days, oldest first', async () => {
  const { cookie, ids } = await authorWithCatalogue();
  const linkId = ids['winter'] ?? '';
  const now = testApp().clock.now().getTime();
  const at = (daysAgo: number) => new Date(now - daysAgo * day).toISOString();
  await storeClicks(testApp().db, [
    readerClick(linkId, at(0)),
    readerClick(linkId, at(0)),
    readerClick(linkId, at(2)),
    readerClick(linkId, at(29)),
    // Too old for the series, and a bot that is never counted.
    readerClick(linkId, at(30)),
    readerClick(linkId, at(1), { traffic: 'bot' }),
  ]);

  const { recentClicks } = await list(cookie, '?q=winter');

  const expected = Array.from({ length: 30 }, () => 0);
  expected[0] = 1;
  expected[27] = 1;
  expected[29] = 2;
  expect(recentClicks).toEqual({ [linkId]: expected });
});

import { describe, expect, test } from 'vitest';
import { clicks } from '../../src/server/db/schema';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

const testApp = setUpTestApp();

type Click = Omit<typeof clicks.$inferInsert, 'linkId' | 'occurredAt'> & { at: string };

async function authorWithLink(email = 'maya.okafor@example.com') {
  const cookie = sessionCookieOf(await signIn(testApp(), email));
  const created = await testApp().app.inject({
    method: 'POST',
    url: '/v1/links',
    headers: { cookie },
    payload: { url: 'https://www.amazon.com/dp/1668012340', code: 'salt-orchard' },
  });
  return { cookie, linkId: created.json<{ id: string }>().id };
}

async function recordClicks(linkId: string, recorded: Click[]) {
  await testApp()
    .db.insert(clicks)
    .values(recorded.map(({ at, ...click }) => ({ ...click, linkId, occurredAt: new Date(at) })));
}

function report(cookie: string, query: string) {
  return testApp().app.inject({
    method: 'GET',
    url: `/v1/links/report?domain=shelf.to&${query}`,
    headers: { cookie },
  });
}

const amazonUs = { retailer: 'Amazon', storefront: 'US' };
const amazonGb = { retailer: 'Amazon', storefront: 'GB' };

describe("a link's report", () => {
  test('counts clicks per UTC day, zero days included, and by retailer, country and referrer, without bots', async () => {
    const { cookie, linkId } = await authorWithLink();
    await recordClicks(linkId, [
      { at: '2026-11-09T23:59:59Z', ...amazonUs, country: 'US' }, // the day before the range
      { at: '2026-11-10T00:00:00Z', ...amazonUs, country: 'US', referrer: 'instagram.com' },
      { at: '2026-11-10T12:00:00Z', ...amazonUs, country: 'US', referrer: 'instagram.com' },
      { at: '2026-11-10T23:59:59Z', ...amazonGb, country: 'GB' },
      { at: '2026-11-10T13:00:00Z', ...amazonUs, country: 'US', isBot: true },
      // 2026-11-11 has no clicks
      { at: '2026-11-12T08:30:00Z', ...amazonGb, country: 'GB', referrer: 'goodreads.com' },
      { at: '2026-11-12T09:00:00Z', ...amazonUs, country: null, isUnique: false },
      { at: '2026-11-13T00:00:00Z', ...amazonUs, country: 'US' }, // the day after the range
    ]);

    const reply = await report(cookie, 'code=Salt-Orchard&from=2026-11-10&to=2026-11-12');

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      domain: 'shelf.to',
      code: 'salt-orchard',
      baseCode: 'salt-orchard',
      from: '2026-11-10',
      to: '2026-11-12',
      totalClicks: 5,
      clicksOverTime: [
        { date: '2026-11-10', clicks: 3 },
        { date: '2026-11-11', clicks: 0 },
        { date: '2026-11-12', clicks: 2 },
      ],
      byRetailer: [
        { retailer: 'Amazon', storefront: 'US', clicks: 3 },
        { retailer: 'Amazon', storefront: 'GB', clicks: 2 },
      ],
      byCountry: [
        { countryCode: 'GB', country: 'United Kingdom', clicks: 2 },
        { countryCode: 'US', country: 'United States', clicks: 2 },
        { countryCode: 'ZZ', country: 'Unknown Region', clicks: 1 },
      ],
      byReferrer: [
        { referrer: 'direct', clicks: 2 },
        { referrer: 'instagram.com', clicks: 2 },
        { referrer: 'goodreads.com', clicks: 1 },
      ],
    });
  });

  test('covers the 30 days up to today by default', async () => {
    const { cookie, linkId } = await authorWithLink();
    await recordClicks(linkId, [
      { at: '2026-10-23T10:00:00Z', ...amazonUs },
      { at: '2026-11-21T08:00:00Z', retailer: '', storefront: null },
      { at: '2026-10-22T23:00:00Z', ...amazonUs },
    ]);

    const body = (await report(cookie, 'code=salt-orchard')).json<{
      from: string;
      to: string;
      totalClicks: number;
      clicksOverTime: { date: string; clicks: number }[];
      byRetailer: unknown[];
    }>();

    expect(body).toMatchObject({ from: '2026-10-23', to: '2026-11-21', totalClicks: 2 });
    expect(body.clicksOverTime).toHaveLength(30);
    expect(body.clicksOverTime.at(0)).toEqual({ date: '2026-10-23', clicks: 1 });
    expect(body.clicksOverTime.at(-1)).toEqual({ date: '2026-11-21', clicks: 1 });
    expect(body.byRetailer).toEqual([
      { retailer: 'Amazon', storefront: 'US', clicks: 1 },
      { retailer: 'Other', storefront: 'ZZ', clicks: 1 },
    ]);
  });

  test('is empty for a link without clicks', async () => {
    const { cookie } = await authorWithLink();

    const reply = await report(cookie, 'code=salt-orchard&from=2026-11-20&to=2026-11-20');

    expect(reply.json()).toMatchObject({
      totalClicks: 0,
      clicksOverTime: [{ date: '2026-11-20', clicks: 0 }],
      byRetailer: [],
      byCountry: [],
      byReferrer: [],
    });
  });

  test('refuses a range that ends before it starts or is longer than 366 days', async () => {
    const { cookie } = await authorWithLink();

    const backwards = await report(cookie, 'code=salt-orchard&from=2026-11-20&to=2026-11-19');
    const tooLong = await report(cookie, 'code=salt-orchard&from=2025-11-20&to=2026-11-21');

    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ responseStatus: { errors: [{ fieldName: 'To' }] } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ responseStatus: { errors: [{ fieldName: 'From' }] } });
  });

  test("answers 404 for someone else's link and an unknown one", async () => {
    await authorWithLink();
    const other = sessionCookieOf(await signIn(testApp(), 'jonah.whitlock@example.com'));

    expect((await report(other, 'code=salt-orchard')).statusCode).toBe(404);
    expect((await report(other, 'code=nothing-here')).statusCode).toBe(404);
  });
});

import { describe, expect, test } from 'vitest';
import { clicks } from '../../src/server/db/schema';
import type { ClickRecord } from '../../src/server/smart-links/click-facts';
import { storeClicks } from '../../src/server/smart-links/click-store';
import {
  collectionReport,
  linkReportExtras,
  type ReportRange,
} from '../../src/server/links/reports';
import { insertLinks, readerClick } from './smart-links/clicks';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

const testApp = setUpTestApp();

type Click = Partial<ClickRecord> & { at: string };

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

/** Through the click store, as the redirect path records them. */
async function recordClicks(linkId: string, recorded: Click[]) {
  await storeClicks(
    testApp().db,
    recorded.map(({ at, ...click }) => readerClick(linkId, at, { referrer: null, ...click })),
  );
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
  test('counts a reader once an hour per UTC day, zero days included, and by retailer, country and referrer', async () => {
    const { cookie, linkId } = await authorWithLink();
    const maya = { visitorKey: 'maya' };
    await recordClicks(linkId, [
      { at: '2026-11-09T23:59:59Z', ...amazonUs, country: 'US' }, // the day before the range
      { at: '2026-11-10T00:00:00Z', ...amazonUs, country: 'US', referrer: 'instagram.com' },
      {
        at: '2026-11-10T12:00:00Z',
        ...amazonUs,
        country: 'US',
        referrer: 'instagram.com',
        ...maya,
      },
      {
        at: '2026-11-10T12:30:00Z',
        ...amazonUs,
        country: 'US',
        referrer: 'instagram.com',
        ...maya,
      }, // a repeat
      { at: '2026-11-10T23:59:59Z', ...amazonGb, country: 'GB' },
      { at: '2026-11-10T13:00:00Z', ...amazonUs, country: 'US', traffic: 'bot' },
      { at: '2026-11-10T13:00:00Z', ...amazonUs, country: 'US', traffic: 'prefetch' },
      { at: '2026-11-10T13:00:00Z', ...amazonUs, country: 'US', traffic: 'head' },
      // 2026-11-11 has no clicks
      { at: '2026-11-12T08:30:00Z', ...amazonGb, country: 'GB', referrer: 'goodreads.com' },
      { at: '2026-11-12T09:00:00Z', ...amazonUs, country: null },
      { at: '2026-11-13T00:00:00Z', ...amazonUs, country: 'US' }, // the day after the range
    ]);

    const reply = await report(cookie, 'code=Salt-Orchard&from=2026-11-10&to=2026-11-12');

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      domain: 'shelf.to',
      code: 'salt-orchard',
      baseCode: 'salt-orchard',
      shortUrl: 'https://shelf.to/salt-orchard',
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
      byDevice: [{ device: 'mobile', clicks: 5 }],
      byStore: [],
      excludedClicks: { bots: 1, head: 1, prefetch: 1, repeats: 1 },
    });
  });

  test('is answered from the daily roll-ups, not from the raw clicks', async () => {
    const { cookie, linkId } = await authorWithLink();
    await recordClicks(linkId, [
      { at: '2026-11-20T10:00:00Z', ...amazonUs },
      { at: '2026-11-21T08:00:00Z', ...amazonGb, country: 'GB' },
    ]);
    const before = (await report(cookie, 'code=salt-orchard')).json<unknown>();

    await testApp().db.delete(clicks);

    expect((await report(cookie, 'code=salt-orchard')).json()).toEqual(before);
    expect(before).toMatchObject({ totalClicks: 2 });
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

  test("names the link's address on the short-link host, as the link itself does", async () => {
    const { cookie } = await authorWithLink();

    const reply = await report(cookie, 'code=Salt-Orchard');

    expect(reply.json()).toMatchObject({
      code: 'salt-orchard',
      shortUrl: 'https://shelf.to/salt-orchard',
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

const november: ReportRange = { from: '2026-11-01', to: '2026-11-30' };

describe("a link's report extras", () => {
  test('count clicks by device and chosen store, and the clicks left out', async () => {
    const { linkId } = await authorWithLink();
    const maya = { visitorKey: 'maya' };
    await recordClicks(linkId, [
      { at: '2026-11-10T10:00:00Z', ...maya, store: 'kobo' },
      { at: '2026-11-10T10:20:00Z', ...maya, store: 'kobo' },
      { at: '2026-11-10T11:00:00Z', device: 'desktop', store: 'apple-books' },
      { at: '2026-11-10T12:00:00Z', device: null },
      { at: '2026-11-10T12:10:00Z', device: 'mobile' },
      { at: '2026-11-10T13:00:00Z', traffic: 'bot', device: null },
      { at: '2026-11-10T13:00:00Z', traffic: 'bot', device: null },
      { at: '2026-11-10T13:00:00Z', traffic: 'head' },
      { at: '2026-11-10T13:00:00Z', traffic: 'prefetch' },
      { at: '2026-10-31T23:59:59Z', traffic: 'bot' }, // before the range
    ]);

    expect(await linkReportExtras(testApp().db, { id: linkId }, november)).toEqual({
      byDevice: [
        { device: 'mobile', clicks: 2 },
        { device: 'desktop', clicks: 1 },
        { device: 'unknown', clicks: 1 },
      ],
      byStore: [
        { store: 'apple-books', clicks: 1 },
        { store: 'kobo', clicks: 1 },
      ],
      excludedClicks: { bots: 2, head: 1, prefetch: 1, repeats: 1 },
    });
  });
});

describe("a collection's report", () => {
  test('adds up its links per day, per link, by retailer and by country', async () => {
    const { db } = testApp();
    const [saltOrchard = '', tinLantern = '', unclicked = ''] = await insertLinks(db, [
      'salt-orchard',
      'tin-lantern',
      'paper-harbour',
    ]);
    await storeClicks(db, [
      readerClick(saltOrchard, '2026-11-10T10:00:00Z'),
      readerClick(saltOrchard, '2026-11-11T10:00:00Z', { ...amazonGb, country: 'GB' }),
      readerClick(tinLantern, '2026-11-11T11:00:00Z', { retailer: 'Kobo', country: 'GB' }),
      readerClick(tinLantern, '2026-11-11T12:00:00Z', { traffic: 'bot' }),
    ]);

    const reply = await collectionReport(db, [unclicked, tinLantern, saltOrchard], {
      from: '2026-11-10',
      to: '2026-11-12',
    });

    expect(reply).toEqual({
      from: '2026-11-10',
      to: '2026-11-12',
      totalClicks: 3,
      clicksOverTime: [
        { date: '2026-11-10', clicks: 1 },
        { date: '2026-11-11', clicks: 2 },
        { date: '2026-11-12', clicks: 0 },
      ],
      byLink: [
        { linkId: saltOrchard, clicks: 2 },
        { linkId: tinLantern, clicks: 1 },
        { linkId: unclicked, clicks: 0 },
      ],
      byRetailer: [
        { retailer: 'Amazon', storefront: 'GB', clicks: 1 },
        { retailer: 'Amazon', storefront: 'US', clicks: 1 },
        { retailer: 'Kobo', storefront: 'US', clicks: 1 },
      ],
      byCountry: [
        { countryCode: 'GB', country: 'United Kingdom', clicks: 2 },
        { countryCode: 'US', country: 'United States', clicks: 1 },
      ],
    });
  });
});

import { describe, expect, test } from 'vitest';

import {
  clicksByBookRows,
  clicksByCountryData,
  clicksByStoreData,
  clicksOverTimeData,
  DIRECT_REFERRER_LABEL,
  OTHER_COUNTRIES_LABEL,
  reportBreakdowns,
  reportSummary,
  shareOf,
  topReferrerRows,
} from '@/features/reports/report-charts';

describe('clicksOverTimeData', () => {
  test('one point a day, with days the report leaves out at zero', () => {
    expect(
      clicksOverTimeData({
        from: '2026-10-30',
        to: '2026-11-02',
        clicksOverTime: [
          { date: '2026-11-02', clicks: 7 },
          { date: '2026-10-30', clicks: 380 },
        ],
      }),
    ).toEqual([
      { date: 'Oct 30', isoDate: '2026-10-30', clicks: 380 },
      { date: 'Oct 31', isoDate: '2026-10-31', clicks: 0 },
      { date: 'Nov 1', isoDate: '2026-11-01', clicks: 0 },
      { date: 'Nov 2', isoDate: '2026-11-02', clicks: 7 },
    ]);
  });

  test('a range it cannot walk falls back to the reported days in order', () => {
    expect(
      clicksOverTimeData({
        from: '2026-11-02',
        to: '2026-11-01',
        clicksOverTime: [
          { date: '2026-11-02', clicks: 2 },
          { date: '2026-11-01', clicks: 1 },
        ],
      }).map((point) => point.isoDate),
    ).toEqual(['2026-11-01', '2026-11-02']);
  });

  test('no clicks in a range gives a flat line', () => {
    const days = clicksOverTimeData({ from: '2026-11-01', to: '2026-11-03', clicksOverTime: [] });
    expect(days.map((day) => day.clicks)).toEqual([0, 0, 0]);
  });
});

describe('clicksByStoreData', () => {
  test('names each store with its storefront, busiest first, merging repeats', () => {
    expect(
      clicksByStoreData([
        { retailer: 'Amazon', storefront: 'GB', clicks: 1889 },
        { retailer: 'Apple Books', storefront: 'US', clicks: 6456 },
        { retailer: 'Amazon', storefront: 'GB', clicks: 11 },
      ]),
    ).toEqual([
      { store: 'Apple Books (US)', clicks: 6456 },
      { store: 'Amazon (GB)', clicks: 1900 },
    ]);
  });
});

describe('clicksByCountryData', () => {
  const byCountry = [
    { countryCode: 'DE', country: 'Germany', clicks: 787 },
    { countryCode: 'US', country: 'United States', clicks: 8660 },
    { countryCode: 'NG', country: 'Nigeria', clicks: 790 },
    { countryCode: 'GB', country: 'United Kingdom', clicks: 2519 },
  ];

  test('busiest first, each with its share and its own colour', () => {
    const slices = clicksByCountryData(byCountry);
    expect(slices.map((slice) => [slice.name, slice.value, slice.share])).toEqual([
      ['United States', 8660, '68%'],
      ['United Kingdom', 2519, '20%'],
      ['Nigeria', 790, '6%'],
      ['Germany', 787, '6%'],
    ]);
    expect(new Set(slices.map((slice) => slice.color)).size).toBe(slices.length);
  });

  test('the quieter countries share one slice', () => {
    const slices = clicksByCountryData(byCountry, 2);
    expect(slices.map((slice) => [slice.name, slice.value])).toEqual([
      ['United States', 8660],
      ['United Kingdom', 2519],
      [OTHER_COUNTRIES_LABEL, 1577],
    ]);
  });

  test('a single extra country is shown rather than called “other”', () => {
    expect(clicksByCountryData(byCountry, 3).map((slice) => slice.name)).toContain('Germany');
  });

  test('countries without clicks are left out', () => {
    expect(clicksByCountryData([{ countryCode: 'FR', country: 'France', clicks: 0 }])).toEqual([]);
  });
});

describe('topReferrerRows', () => {
  test('busiest first, direct visits named, shares of all clicks', () => {
    expect(
      topReferrerRows(
        [
          { referrer: 'direct', clicks: 3464 },
          { referrer: 'instagram.com', clicks: 5353 },
        ],
        15_747,
      ),
    ).toEqual([
      { referrer: 'instagram.com', clicks: 5353, share: '34%' },
      { referrer: DIRECT_REFERRER_LABEL, clicks: 3464, share: '22%' },
    ]);
  });
});

describe('shareOf', () => {
  test.each([
    [1, 4, '25%'],
    [1, 3, '33%'],
    [1, 1000, '<1%'],
    [0, 10, '0%'],
    [5, 0, '0%'],
  ])('%d of %d is %s', (part, whole, share) => {
    expect(shareOf(part, whole)).toBe(share);
  });
});

describe('reportSummary', () => {
  test('average per day, busiest day and top store', () => {
    const days = clicksOverTimeData({
      from: '2026-11-01',
      to: '2026-11-03',
      clicksOverTime: [
        { date: '2026-11-01', clicks: 10 },
        { date: '2026-11-02', clicks: 40 },
      ],
    });
    const summary = reportSummary(days, [{ store: 'Kobo (CA)', clicks: 50 }]);
    expect(summary.dailyAverage).toBe(17);
    expect(summary.busiestDay?.isoDate).toBe('2026-11-02');
    expect(summary.topStore).toEqual({ store: 'Kobo (CA)', clicks: 50 });
  });

  test('no clicks means no busiest day', () => {
    expect(reportSummary([], []).busiestDay).toBeUndefined();
  });
});

describe('reportBreakdowns', () => {
  test('the days, stores and countries of a report, and the figures they sum up to', () => {
    const { days, stores, countries, summary } = reportBreakdowns({
      from: '2026-11-01',
      to: '2026-11-02',
      clicksOverTime: [{ date: '2026-11-02', clicks: 30 }],
      byRetailer: [
        { retailer: 'Kobo', storefront: 'CA', clicks: 10 },
        { retailer: 'Amazon', storefront: 'GB', clicks: 20 },
      ],
      byCountry: [{ countryCode: 'GB', country: 'United Kingdom', clicks: 30 }],
    });
    expect(days.map((day) => day.clicks)).toEqual([0, 30]);
    expect(stores.map((store) => store.store)).toEqual(['Amazon (GB)', 'Kobo (CA)']);
    expect(countries.map((country) => country.name)).toEqual(['United Kingdom']);
    expect(summary).toEqual({ dailyAverage: 15, busiestDay: days[1], topStore: stores[0] });
  });
});

describe('clicksByBookRows', () => {
  const link = (id: string, title: string, code: string) => ({
    id,
    title,
    author: 'Maya Okafor',
    coverImageUrl: null,
    shortUrl: `http://127.0.0.1:3001/${code}`,
  });

  test('names each book, busiest first, with its share of the clicks and the address it is served at', () => {
    const rows = clicksByBookRows(
      [
        { linkId: 'lnk_b', clicks: 1 },
        { linkId: 'lnk_a', clicks: 3 },
      ],
      [link('lnk_a', 'The Salt Orchard', 'salt'), link('lnk_b', ' ', 'ledger')],
      4,
    );
    expect(rows).toEqual([
      {
        linkId: 'lnk_a',
        title: 'The Salt Orchard',
        author: 'Maya Okafor',
        coverImageUrl: null,
        shortLink: '127.0.0.1:3001/salt',
        clicks: 3,
        share: '75%',
      },
      {
        linkId: 'lnk_b',
        title: 'Untitled link',
        author: 'Maya Okafor',
        coverImageUrl: null,
        shortLink: '127.0.0.1:3001/ledger',
        clicks: 1,
        share: '25%',
      },
    ]);
  });

  test('keeps a link it cannot name, by its id', () => {
    const [row] = clicksByBookRows([{ linkId: 'lnk_gone', clicks: 0 }], [], 0);
    expect(row).toMatchObject({ title: 'Untitled link', shortLink: 'lnk_gone', share: '0%' });
  });
});

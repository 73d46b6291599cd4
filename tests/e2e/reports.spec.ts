import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { parse } from 'yaml';
import { abbreviateNumber } from '../../src/lib/format-number';
import { expect, preferMock, test } from '../support/fixtures';

interface ContractReport {
  totalClicks: number;
  byReferrer: { referrer: string; clicks: number }[];
}

/** The busy link's report as the contract's example gives it, which is what the mock answers. */
function busyLinkReport(): ContractReport {
  const contract = parse(readFileSync('openapi/openapi.yaml', 'utf8')) as {
    components: { examples: { BusyLinkReport: { value: ContractReport } } };
  };
  return contract.components.examples.BusyLinkReport.value;
}

function isReportCall(request: Request) {
  return request.method() === 'GET' && new URL(request.url()).pathname === '/api/v1/links/report';
}

function chartIn(page: Page, section: string) {
  return page.getByRole('region', { name: section }).locator('svg.recharts-surface').first();
}

test('draws the report’s charts with the total abbreviated', async ({ page, consoleErrors }) => {
  const report = busyLinkReport();
  const call = page.waitForRequest(isReportCall);
  await page.goto('/links/reports/shelf.to/salt-orchard');
  const query = new URL((await call).url()).searchParams;
  expect(query.get('domain')).toBe('shelf.to');
  expect(query.get('code')).toBe('salt-orchard');
  expect(query.has('baseCode')).toBe(false);
  expect(query.has('from')).toBe(false);

  await expect(page).toHaveTitle(/^Report for shelf\.to\/salt-orchard/);
  await expect(
    page.getByRole('heading', { name: 'Report for shelf.to/salt-orchard' }),
  ).toBeVisible();
  await expect(page.getByText('Clicks from Oct 22, 2026 to Nov 20, 2026')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dates' })).toHaveText(
    'Oct 22, 2026 – Nov 20, 2026',
  );

  const total = abbreviateNumber(report.totalClicks);
  expect(total).toBe('15.7k');
  await expect(page.getByText(total, { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'Not counted as clicks: 812 from bots, 240 browser prefetches, 96 link checks, 1,377 repeat visits within the hour.',
      { exact: false },
    ),
  ).toBeVisible();

  for (const section of ['Clicks over time', 'By store', 'By country']) {
    await expect(chartIn(page, section)).toBeVisible();
  }
  await expect(
    page.getByRole('region', { name: 'Clicks over time' }).locator('.recharts-area-area'),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'By store' }).locator('.recharts-bar-rectangle'),
  ).toHaveCount(6);
  // Busiest first: the contract lists Germany (787) before Nigeria (790).
  const countries = page.getByRole('region', { name: 'By country' }).getByRole('listitem');
  await expect(countries).toHaveText([
    /^United States 8\.7k · 55%$/,
    /^United Kingdom 2\.5k · 16%$/,
    /^Canada 1\.7k · 11%$/,
    /^Australia 1\.3k · 8%$/,
    /^Nigeria 790 · 5%$/,
    /^Germany 787 · 5%$/,
  ]);

  const referrers = page.getByRole('region', { name: 'Top referrers' }).getByRole('row');
  const top = report.byReferrer[0];
  if (!top) throw new Error('The contract example has no referrers.');
  await expect(referrers.nth(1)).toHaveText(
    new RegExp(`${top.referrer}${abbreviateNumber(top.clicks)}\\d+%`),
  );
  await expect(referrers).toHaveCount(report.byReferrer.length + 1);
  expect(consoleErrors).toEqual([]);
});

test('choosing dates asks for the report of those days', async ({ page }) => {
  await page.goto('/links/reports/shelf.to/salt-orchard');
  await page.getByRole('button', { name: 'Dates' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: '1 November 2026', exact: true }).click();
  const call = page.waitForRequest(isReportCall);
  await page.getByRole('button', { name: '10 November 2026', exact: true }).click();
  const query = new URL((await call).url()).searchParams;
  expect(query.get('domain')).toBe('shelf.to');
  expect(query.get('code')).toBe('salt-orchard');
  expect(query.get('from')).toBe('2026-11-01');
  expect(query.get('to')).toBe('2026-11-10');
  await expect(page).toHaveURL(/\?from=2026-11-01&to=2026-11-10$/);
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toBeVisible();
});

test('dates in the address are validated before they are sent', async ({ page }) => {
  const call = page.waitForRequest(isReportCall);
  await page.goto('/links/reports/shelf.to/salt-orchard?from=2026-11-01&to=yesterday');
  const query = new URL((await call).url()).searchParams;
  expect(query.get('from')).toBe('2026-11-01');
  expect(query.has('to')).toBe(false);
});

test('a link nobody has clicked yet gets its own empty state', async ({ page }) => {
  await preferMock(page, '/v1/links/report', 'example=noClicks');
  await page.goto('/links/reports/shelf.to/salt-orchard');
  await expect(page.getByRole('heading', { name: 'No clicks yet' })).toBeVisible();
  await expect(page.getByText(/No clicks yet — share your link/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy shelf.to/salt-orchard' })).toBeVisible();
  await expect(page.locator('svg.recharts-surface')).toHaveCount(0);
});

test('on a phone the referrer table fits the screen, its last column in view', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // A referrer with no hyphen or space for the browser to break it at.
  const longReferrer = 'newsletter.theorchardbooksreadersclubmembers.example.com';
  await page.route('**/api/v1/links/report*', async (route) => {
    const reply = await route.fetch();
    const body = (await reply.json()) as ContractReport;
    body.byReferrer.push({ referrer: longReferrer, clicks: 5 });
    await route.fulfill({ response: reply, json: body });
  });
  await page.goto('/links/reports/shelf.to/salt-orchard');
  const section = page.getByRole('region', { name: 'Top referrers' });
  await section.scrollIntoViewIfNeeded();
  const shares = section.getByRole('cell', { name: /%$/ });
  await expect(shares.first()).toBeVisible();
  await expect(section.getByRole('cell', { name: longReferrer })).toBeVisible();

  // Nothing widens the page past the screen…
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(375);
  // …and the long referrer and every share, the table's last column, lie inside its section.
  const bounds = await section.boundingBox();
  if (!bounds) throw new Error('The referrer section is not on the page.');
  const cells = [section.getByRole('cell', { name: longReferrer }), ...(await shares.all())];
  for (const share of cells) {
    const box = await share.boundingBox();
    expect(box, 'a share cell is not laid out').not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(bounds.x + bounds.width);
  }
});

test('a report for a link the author does not have is a not-found page, not a failure to retry', async ({
  page,
}) => {
  await preferMock(page, '/v1/links/report', 'code=404', 'GET');
  await page.goto('/links/reports/shelf.to/no-such-link');

  await expect(page.getByRole('heading', { name: 'We could not find that link' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your book links' })).toHaveAttribute(
    'href',
    '/links/books',
  );
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});

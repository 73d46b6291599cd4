import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInByEmail, useRealProduct } from '../support/real-product';

// Administrators decide reported link issues against the real product, as `npm start` runs it
// (the built app, the API, a fresh embedded database, e-mail in the outbox folder), and the
// short links answer as readers will then see them.

const ADMIN_EMAIL = 'admin@demo.shelflink.app';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const product = useRealProduct('link-issues');

function signInAsAdministrator(page: Page) {
  return signInByEmail(page, product, ADMIN_EMAIL);
}

/** A reader, not signed in, reports a demo link; answers the report's reference. */
async function readerReports(request: APIRequestContext, code: string): Promise<string> {
  const reply = await request.post(`${product.origin}/api/v1/report-link-issue`, {
    data: {
      domain: 'shelf.to',
      code,
      kind: 'wrongBook',
      details: 'The link opens a cookbook, not the novel.',
      email: 'reader@example.org',
    },
  });
  expect(reply.status()).toBe(202);
  const { reference } = (await reply.json()) as { reference: string };
  return reference;
}

/** The status the short link answers a reader with, without following a redirect. */
async function shortLinkStatus(request: APIRequestContext, code: string): Promise<number> {
  const reply = await request.get(`${product.shortLinkOrigin}/${code}`, { maxRedirects: 0 });
  return reply.status();
}

async function openWaitingReport(page: Page, reference: string) {
  await page.goto(`${product.origin}/admin`);
  await expect(page.getByRole('heading', { level: 2, name: 'Reported links' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Waiting/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const report = page.getByRole('article', { name: reference });
  await expect(report).toContainText('Leads to the wrong book');
  await expect(report).toContainText('reader@example.org');
  await expect(report).toContainText('maya@demo.shelflink.app');
  return report;
}

async function expectNoAxeViolations(page: Page) {
  // Hover colours are not what the reader sees at rest.
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    results.violations.map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    })),
  ).toEqual([]);
}

test('an administrator upholds a report, and the link stops working', async ({ page, request }) => {
  const code = 'kestrel-bay';
  expect(await shortLinkStatus(request, code)).toBe(302);
  const reference = await readerReports(request, code);

  await signInAsAdministrator(page);
  const report = await openWaitingReport(page, reference);
  await expect(
    report.getByRole('link', { name: `${product.shortLinkOrigin}/${code}` }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await report.getByRole('button', { name: `Uphold and disable link for ${reference}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Uphold this report?' });
  await expect(dialog).toContainText('will see a “link disabled” page');
  await expect(dialog).toContainText('maya@demo.shelflink.app, is told by e-mail');
  await dialog.getByRole('button', { name: 'Uphold and disable link' }).click();
  await expect(page.getByText('Link disabled', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: reference })).toHaveCount(0);

  await page.getByRole('tab', { name: /^Decided/ }).click();
  const decided = page.getByRole('article', { name: reference });
  await expect(decided.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(decided).toContainText('DecisionUpheld');
  await expect(decided).toContainText(`Decided by${ADMIN_EMAIL}`);
  await expect(decided.getByRole('button')).toHaveCount(0);

  expect(await shortLinkStatus(request, code)).toBe(410);
});

test('an administrator dismisses a report, and the link keeps redirecting', async ({
  page,
  request,
}) => {
  const code = 'last-ferry';
  const reference = await readerReports(request, code);

  await signInAsAdministrator(page);
  const report = await openWaitingReport(page, reference);
  await report.getByRole('button', { name: `Dismiss ${reference}` }).click();
  await expect(page.getByText('Report dismissed', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('article', { name: reference })).toHaveCount(0);

  await page.getByRole('tab', { name: /^Decided/ }).click();
  const decided = page.getByRole('article', { name: reference });
  await expect(decided).toContainText('DecisionDismissed');
  await expect(decided.getByText('Disabled', { exact: true })).toHaveCount(0);

  expect(await shortLinkStatus(request, code)).toBe(302);
});

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures';
import { linkMailedTo, signInByEmail, storeReached, useRealProduct } from '../support/real-product';

// Journeys against the real product, as `npm start` runs it: the built app, the API and a fresh
// embedded database, with e-mail going to the outbox folder. Nothing here is mocked.

const product = useRealProduct('journey');

test('an author signs in by e-mail, makes a link, edits it, collects it and signs out for good', async ({
  page,
}) => {
  // A whole journey on the real product: more than 30 s on a busy 2-core machine.
  test.slow();
  await signInByEmail(page, product, 'journey.author@example.com');

  await page.goto(`${product.origin}/`);
  await page
    .getByRole('textbox', { name: 'Book link or ISBN' })
    .fill('https://www.amazon.com/dp/1668012340');
  await expect(page.getByRole('region', { name: 'Link preview' })).toContainText(
    'The Salt Orchard',
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Custom ending (optional)' }).fill('journey-salt');
  await expect(page.getByText(`${product.shortLinkHost}/journey-salt is available.`)).toBeVisible();
  await page.getByRole('button', { name: 'Create link', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Your short link' })).toHaveValue(
    `${product.shortLinkOrigin}/journey-salt`,
  );

  await page.goto(`${product.origin}/links/books`);
  // The card names the link by the origin it is served from, as the share step gave it.
  const shortLink = `${new URL(product.shortLinkOrigin).host}/journey-salt`;
  await page.getByRole('button', { name: `Actions for ${shortLink}` }).click();
  await page.getByRole('menuitem', { name: 'Edit link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit link' });
  await dialog
    .getByRole('textbox', { name: 'Destination' })
    .fill('https://books.apple.com/us/book/the-salt-orchard/id6447301128');
  await dialog.getByRole('button', { name: 'Save link' }).click();
  await expect(page.getByText('Link saved')).toBeVisible();
  const listed = await page.request.get(`${product.origin}/api/v1/links/list`);
  expect(await listed.json()).toMatchObject({
    results: [
      {
        code: 'journey-salt',
        url: 'https://books.apple.com/us/book/the-salt-orchard/id6447301128',
      },
    ],
  });

  await page.goto(`${product.origin}/links/collections`);
  await page.getByRole('button', { name: 'New collection' }).click();
  const form = page.getByRole('dialog', { name: 'New collection' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Journey picks');
  await form.getByRole('combobox', { name: 'Links in this collection' }).click();
  await page
    .getByRole('option', { name: `The Salt Orchard · ${product.shortLinkHost}/journey-salt` })
    .click();
  await form.getByRole('button', { name: 'Create collection' }).click();
  await expect(page.getByRole('button', { name: 'Delete Journey picks' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Journey picks' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this collection?' })
    .getByRole('button', { name: 'Delete collection' })
    .click();
  await expect(page.getByText('Collection deleted')).toBeVisible();
  const collections = await page.request.get(`${product.origin}/api/v2/collections/list`);
  expect(await collections.json()).toMatchObject({ results: [] });

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  const afterSignOut = await page.request.get(`${product.origin}/api/auth/session`);
  expect(await afterSignOut.json()).toMatchObject({ sessionId: '' });
  expect((await page.request.get(`${product.origin}/api/v1/links/count`)).status()).toBe(401);
});

test('a visitor makes a link signed out and claims it by confirming an e-mail', async ({
  page,
}) => {
  await page.goto(`${product.origin}/`);
  await page
    .getByRole('textbox', { name: 'Book link or ISBN' })
    .fill('https://www.amazon.com/dp/1250877415');
  await expect(page.getByRole('region', { name: 'Link preview' })).toContainText(
    'The Winter Orchard',
  );
  await page.getByRole('button', { name: 'Create link now' }).click();
  const shortLink = await page.getByRole('textbox', { name: 'Your short link' }).inputValue();
  expect(shortLink.startsWith(`${product.shortLinkOrigin}/`)).toBe(true);
  expect(shortLink.slice(product.shortLinkOrigin.length + 1)).toMatch(/^[a-z0-9]{7}$/);

  await page.getByRole('textbox', { name: 'E-mail address' }).fill('new.reader@example.com');
  await page.getByRole('button', { name: 'Claim my link' }).click();
  await expect(page.getByText(/Check your inbox — confirm your address/)).toBeVisible();

  await expect
    .poll(() => linkMailedTo(product, 'new.reader@example.com', '/confirm/'))
    .toContain('/confirm/');
  await page.goto(linkMailedTo(product, 'new.reader@example.com', '/confirm/'));
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  const listed = await page.request.get(`${product.origin}/api/v1/links/list`);
  expect(await listed.json()).toMatchObject({
    results: [{ shortUrl: shortLink, title: 'The Winter Orchard' }],
  });
});

test('an administrator looks up the demo author and acts as her', async ({ page }) => {
  await signInByEmail(page, product, 'admin@demo.shelflink.app');
  await page.goto(`${product.origin}/admin`);
  await page
    .getByRole('textbox', { name: "User's e-mail address" })
    .fill('maya@demo.shelflink.app');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('article', { name: 'Maya Okafor' })).toBeVisible();

  await page.getByRole('button', { name: 'Act as this user' }).click();
  await expect(page.getByText(/You are acting as maya@demo\.shelflink\.app/)).toBeVisible();
  await page.goto(`${product.origin}/links/books`);
  await expect(
    page.getByRole('button', {
      name: `Actions for ${product.shortLinkHost}/salt-orchard`,
      exact: true,
    }),
  ).toBeVisible();

  const account = await page.request.get(
    `${product.origin}/api/v1/admin/account?userEmail=maya%40demo.shelflink.app`,
  );
  const { userId } = (await account.json()) as { userId: string };
  const session = await page.request.get(`${product.origin}/api/auth/session`, {
    headers: { 'X-Impersonate': userId },
  });
  expect(await session.json()).toMatchObject({
    email: 'admin@demo.shelflink.app',
    roles: ['Administrator'],
    impersonating: { userId, email: 'maya@demo.shelflink.app' },
  });
});

const amazonAssociates = '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07';

test('a reader in GB lands on amazon.co.uk with the UK tag, and the report counts only the reader', async ({
  page,
}) => {
  // The demo's own Amazon link already sends a UK reader to the UK store with the UK tag.
  const demoLink = await page.request.get(`${product.shortLinkOrigin}/salt-orchard-amzn`, {
    maxRedirects: 0,
    headers: { 'CF-IPCountry': 'GB' },
  });
  expect(demoLink.status()).toBe(302);
  expect(demoLink.headers().location).toBe(
    'https://www.amazon.co.uk/dp/1668012340?tag=mayaokafor-21',
  );

  await signInByEmail(page, product, 'maya@demo.shelflink.app');
  const token = await page.request.post(
    `${product.origin}/api/v1/affiliate-tokens?programGuid=${amazonAssociates}`,
    { data: { parameters: { tag: 'mayareads-20', tag_GB: 'mayareads-21' } } },
  );
  expect(token.ok()).toBe(true);
  const created = await page.request.post(`${product.origin}/api/v1/links`, {
    data: { url: 'https://www.amazon.com/dp/1668012340', affiliatePrograms: [amazonAssociates] },
  });
  const link = (await created.json()) as { code: string; shortUrl: string };
  expect(link.shortUrl).toBe(`${product.shortLinkOrigin}/${link.code}`);

  const reader = await page
    .context()
    .browser()
    ?.newContext({
      extraHTTPHeaders: { 'CF-IPCountry': 'GB' },
    });
  if (!reader) throw new Error('No browser to open a reader with');
  const readerPage = await reader.newPage();
  expect(await storeReached(readerPage, () => readerPage.goto(link.shortUrl))).toBe(
    'https://www.amazon.co.uk/dp/1668012340?tag=mayareads-21',
  );
  await reader.close();

  // Neither a crawler, nor a HEAD request, nor a browser's prefetch is a click.
  const botUserAgent = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
  const noRedirect = { maxRedirects: 0 };
  await page.request.get(link.shortUrl, { ...noRedirect, headers: { 'User-Agent': botUserAgent } });
  await page.request.head(link.shortUrl, noRedirect);
  await page.request.get(link.shortUrl, { ...noRedirect, headers: { 'Sec-Purpose': 'prefetch' } });

  // Clicks are written in batches, about once a second.
  const reportUrl = `${product.origin}/api/v1/links/report?domain=shelf.to&code=${link.code}`;
  await expect
    .poll(async () => (await page.request.get(reportUrl)).json() as Promise<unknown>, {
      timeout: 15_000,
    })
    .toMatchObject({ totalClicks: 1, excludedClicks: { bots: 1, head: 1, prefetch: 1 } });
  await page.goto(`${product.origin}/links/reports/shelf.to/${link.code}`);
  const total = page.getByText('Total clicks').locator('xpath=..');
  await expect(total.getByText('1 clicks', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Not counted as clicks: 1 from bots, 1 browser prefetches, 1 link checks.'),
  ).toBeVisible();
});

test('an all-stores link shows every store and remembers the reader’s choice', async ({ page }) => {
  await signInByEmail(page, product, 'maya@demo.shelflink.app');
  const created = await page.request.post(`${product.origin}/api/v1/links`, {
    data: { url: 'https://www.amazon.com/dp/1668012340', allStores: true },
  });
  const link = (await created.json()) as { shortUrl: string };
  const reader = await page
    .context()
    .browser()
    ?.newContext({
      extraHTTPHeaders: { 'CF-IPCountry': 'GB' },
      javaScriptEnabled: false,
    });
  if (!reader) throw new Error('No browser to open a reader with');
  const readerPage = await reader.newPage();
  await readerPage.goto(link.shortUrl);
  await expect(readerPage.getByRole('heading', { level: 1 })).toHaveText('The Salt Orchard');
  for (const store of [
    'Amazon',
    'Kobo',
    'Barnes & Noble',
    'Bookshop.org',
    'Google Play',
    'Waterstones',
  ]) {
    await expect(readerPage.getByRole('button', { name: store })).toBeVisible();
  }
  await readerPage.getByLabel('Remember my store').check();
  const chosen = await storeReached(readerPage, () =>
    readerPage.getByRole('button', { name: 'Amazon' }).click(),
  );
  // The author's UK tag, saved in the journey above, goes with the reader to the store chosen.
  expect(chosen).toBe('https://www.amazon.co.uk/dp/1668012340?tag=mayareads-21');

  // Next time, the remembered store opens straight away.
  expect(await storeReached(readerPage, () => readerPage.goto(link.shortUrl))).toBe(chosen);
  await reader.close();
});

test('a page on another site cannot make the API act for anyone', async ({ page }) => {
  // A hostile page's form, posting the body a signed-out visitor would send, without asking.
  await page.setContent(
    `<form method="post" action="${product.origin}/api/v1/signup/link" enctype="text/plain">` +
      `<input type="hidden" name='{"email":"someone.else@example.com","x":"' value='"}'>` +
      '<button>Send</button></form>',
  );
  const answer = page.waitForResponse(`${product.origin}/api/v1/signup/link`);
  await page.getByRole('button', { name: 'Send' }).click();

  expect((await answer).status()).toBe(403);
  const outbox = join(product.dataDir, 'outbox');
  const mailed = existsSync(outbox) ? readdirSync(outbox) : [];
  expect(mailed.filter((name) => name.includes('someone.else@example.com'))).toEqual([]);
});

import type { Browser, Locator, Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from '../support/axe';
import { expect, test } from '../support/fixtures';
import {
  linkMailedTo,
  messageMailedTo,
  signInByEmail,
  storeReached,
  useRealProduct,
} from '../support/real-product';

// An author's affiliate income against the real product, as `npm start` runs it: what the author
// does in the app, and where readers in each country land from the short links afterwards.
// The journeys run in order on one product, so each starts from the tokens the last one left.

const AUTHOR_EMAIL = 'maya@demo.shelflink.app';
/** The demo author's Amazon link to The Salt Orchard, and her Kobo link made long ago. */
const AMAZON_LINK = 'salt-orchard-amzn';
const KOBO_LINK = 'salt-orchard-kobo';
const SALT_ORCHARD_ASIN = '1668012340';

const product = useRealProduct('affiliate-income');

/** Where a reader in the country lands from a short link, followed in a browser of their own. */
async function readerLandsOn(browser: Browser, country: string, code: string): Promise<string> {
  const reader = await browser.newContext({ extraHTTPHeaders: { 'CF-IPCountry': country } });
  try {
    const page = await reader.newPage();
    return await storeReached(page, () => page.goto(`${product.shortLinkOrigin}/${code}`));
  } finally {
    await reader.close();
  }
}

async function openAffiliateSettings(page: Page) {
  await page.goto(`${product.origin}/settings`);
  await expect(page.getByRole('heading', { name: 'Affiliate Settings', level: 1 })).toBeVisible();
}

const amazonCard = (page: Page) => page.getByRole('article', { name: 'Amazon Associates token' });

test('editing the US Amazon tag keeps the UK tag: UK readers stay tagged, US readers get the new tag', async ({
  page,
  browser,
}) => {
  test.slow();
  expect(await readerLandsOn(browser, 'US', AMAZON_LINK)).toBe(
    `https://www.amazon.com/dp/${SALT_ORCHARD_ASIN}?tag=mayaokafor-20`,
  );

  await signInByEmail(page, product, AUTHOR_EMAIL);
  await openAffiliateSettings(page);
  await page.getByRole('button', { name: 'Edit Amazon Associates token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit your Amazon Associates token' });
  await expect(
    dialog.getByRole('textbox', { name: 'Amazon.co.uk tracking ID (tag_GB)' }),
  ).toHaveValue('mayaokafor-21');
  await dialog.getByRole('textbox', { name: 'Amazon.com tracking ID (tag)' }).fill('mayareads-20');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Token updated')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(amazonCard(page).locator('#tag')).toContainText('mayareads-20');
  await expect(amazonCard(page).locator('#tag_GB')).toContainText('mayaokafor-21');
  expect(await readerLandsOn(browser, 'GB', AMAZON_LINK)).toBe(
    `https://www.amazon.co.uk/dp/${SALT_ORCHARD_ASIN}?tag=mayaokafor-21`,
  );
  // Ireland buys from amazon.co.uk, so its readers earn the UK tag too.
  expect(await readerLandsOn(browser, 'IE', AMAZON_LINK)).toBe(
    `https://www.amazon.co.uk/dp/${SALT_ORCHARD_ASIN}?tag=mayaokafor-21`,
  );
  expect(await readerLandsOn(browser, 'US', AMAZON_LINK)).toBe(
    `https://www.amazon.com/dp/${SALT_ORCHARD_ASIN}?tag=mayareads-20`,
  );
});

test('a Kobo site ID added in Settings tags a Kobo link made before it', async ({
  page,
  browser,
}) => {
  const koboStore = 'https://www.kobo.com/gb/en/ebook/the-salt-orchard';
  expect(await readerLandsOn(browser, 'GB', KOBO_LINK)).toBe(koboStore);

  await signInByEmail(page, product, AUTHOR_EMAIL);
  await openAffiliateSettings(page);
  const kobo = page.getByRole('article', { name: 'Rakuten Kobo token' });
  await expect(kobo.getByText('Not added')).toBeVisible();
  await page.getByRole('button', { name: 'Add Rakuten Kobo token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add your Rakuten Kobo token' });
  await dialog
    .getByRole('textbox', { name: 'Rakuten Advertising site ID (siteId)' })
    .fill('AbC1dEfGh2I');
  await dialog.getByRole('button', { name: 'Save token' }).click();
  await expect(page.getByText('Token saved')).toBeVisible();
  await expect(kobo.getByText('In use')).toBeVisible();
  await expect(kobo.locator('#siteId')).toContainText('AbC1dEfGh2I');

  expect(await readerLandsOn(browser, 'GB', KOBO_LINK)).toBe(`${koboStore}?siteId=AbC1dEfGh2I`);
});

test("a stranger's signup naming the author's address changes none of her tokens, and the mail says so", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  // The stranger is signed out and sends their own Amazon tags with the author's address.
  const signedUp = await request.post(`${product.origin}/api/v1/signup`, {
    data: {
      email: AUTHOR_EMAIL,
      url: `https://www.amazon.com/dp/${SALT_ORCHARD_ASIN}`,
      code: 'orchard-for-stranger',
      affiliateProgramGuid: '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07',
      affiliateParameters: { tag: 'stranger-20', tag_GB: 'stranger-21' },
    },
  });
  expect(signedUp.status()).toBe(200);

  const mail = messageMailedTo(product, AUTHOR_EMAIL);
  expect(mail).toContain('Confirm your address to keep your Shelflink link');
  expect(mail).toContain(
    'The affiliate details sent with this sign-up were not saved: your Affiliate settings are unchanged.',
  );
  expect(mail).not.toContain('stranger-2');

  // The author follows the mailed link, as she would when she did not ask for it but clicks anyway.
  await page.goto(linkMailedTo(product, AUTHOR_EMAIL, '/confirm/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Continue as ${AUTHOR_EMAIL}?`);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await openAffiliateSettings(page);
  await expect(amazonCard(page).locator('#tag')).toContainText('mayareads-20');
  await expect(amazonCard(page).locator('#tag_GB')).toContainText('mayaokafor-21');
  await expect(page.getByText(/stranger-2/)).toHaveCount(0);

  // Her old link and the one the signup gave her both earn her own tags.
  expect(await readerLandsOn(browser, 'GB', AMAZON_LINK)).toBe(
    `https://www.amazon.co.uk/dp/${SALT_ORCHARD_ASIN}?tag=mayaokafor-21`,
  );
  expect(await readerLandsOn(browser, 'GB', 'orchard-for-stranger')).toBe(
    `https://www.amazon.co.uk/dp/${SALT_ORCHARD_ASIN}?tag=mayaokafor-21`,
  );
  expect(await readerLandsOn(browser, 'US', 'orchard-for-stranger')).toBe(
    `https://www.amazon.com/dp/${SALT_ORCHARD_ASIN}?tag=mayareads-20`,
  );
});

test('"What readers get" flags the country without a tag, and its button leads to that field', async ({
  page,
  browser,
}) => {
  // A whole journey through two screens with axe in both schemes: past 30 s on a busy machine.
  test.setTimeout(180_000);
  const linkName = `${new URL(product.shortLinkOrigin).host}/${AMAZON_LINK}`;
  const openPanel = async () => {
    await page.getByRole('button', { name: `Actions for ${linkName}` }).click();
    await page.getByRole('menuitem', { name: 'What readers get' }).click();
    const panel = page.getByRole('dialog', { name: `What readers get from ${linkName}` });
    await expect(
      panel.getByRole('table', { name: 'Where readers in each country go' }),
    ).toBeVisible();
    return panel;
  };
  const rowFor = (panel: Locator, country: string) =>
    panel.getByRole('row').filter({ has: page.getByRole('rowheader', { name: country }) });

  await signInByEmail(page, product, AUTHOR_EMAIL);
  await page.goto(`${product.origin}/links/books`);
  let panel = await openPanel();
  const us = rowFor(panel, 'United States');
  await expect(us).toContainText(
    `Amazon: https://www.amazon.com/dp/${SALT_ORCHARD_ASIN}?tag=mayareads-20`,
  );
  await expect(us.locator('mark')).toHaveText('tag=mayareads-20');
  await expect(rowFor(panel, 'United Kingdom').locator('mark')).toHaveText('tag=mayaokafor-21');
  const germany = rowFor(panel, 'Germany');
  await expect(germany).toContainText(
    `Amazon: https://www.amazon.de/dp/${SALT_ORCHARD_ASIN} (untagged)`,
  );
  await expect(germany.locator('mark')).toHaveCount(0);
  const untagged = panel.getByRole('alert');
  await expect(untagged).toContainText('Some readers land untagged');
  await expect(untagged).toContainText(
    'Readers in Germany buy without your tag: add tag_DE in Affiliate settings.',
  );
  await expect(untagged).not.toContainText('Readers in United Kingdom');
  await page.mouse.move(0, 0);
  await expectNoAxeViolationsInBothSchemes(page, { include: '[role="dialog"]' });

  await panel.getByRole('link', { name: 'Add the tag for Germany' }).click();
  await expect(page).toHaveURL(`${product.origin}/settings#tag_DE`);
  const dialog = page.getByRole('dialog', { name: 'Edit your Amazon Associates token' });
  const germanTag = dialog.getByRole('textbox', { name: 'Amazon.de tracking ID (tag_DE)' });
  await expect(germanTag).toBeFocused();
  await germanTag.fill('mayaokafor01-21');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Token updated')).toBeVisible();
  await expect(amazonCard(page).locator('#tag_DE')).toContainText('mayaokafor01-21');

  // Back to the links, as the author came, and the panel asks the server again.
  await page.goBack();
  await expect(page).toHaveURL(`${product.origin}/links/books`);
  panel = await openPanel();
  await expect(rowFor(panel, 'Germany').locator('mark')).toHaveText('tag=mayaokafor01-21');
  await expect(panel).not.toContainText('Readers in Germany');
  await expect(panel).toContainText('Readers in France buy without your tag: add tag_FR');
  // Austria buys from amazon.de, so the new tag reaches its readers too.
  expect(await readerLandsOn(browser, 'AT', AMAZON_LINK)).toBe(
    `https://www.amazon.de/dp/${SALT_ORCHARD_ASIN}?tag=mayaokafor01-21`,
  );
});

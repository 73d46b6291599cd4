import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolationsInBothSchemes } from '../support/axe';
import { expect, isApiCall, preferMock, test } from '../support/fixtures';
import { signInByEmail, useRealProduct } from '../support/real-product';

// An author gives a new collection a cover uploaded from their device, against the real product
// as `npm start` runs it; the card and the collection's page on the short-link host show it.

const AUTHOR_EMAIL = 'maya@demo.shelflink.app';
const TITLE = 'The Harbour Quartet';
const ALIAS = 'harbour-quartet';
const COVER_DESCRIPTION = 'The Harbour Quartet box set';
/** What the server says of bytes that are not the image they were sent as. */
const NOT_AN_IMAGE = 'This file could not be read as an image. Choose a PNG, JPEG or WebP image.';

const product = useRealProduct('collection-cover-upload');

/** A small picture with some detail, as an author's PNG. */
function coverPng(): Promise<Buffer> {
  return sharp({
    create: { width: 240, height: 360, channels: 3, background: { r: 11, g: 114, b: 133 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="360"><circle cx="120" cy="180" r="80" fill="#f08c00"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

/** The image's own pixels arrived and were decoded: not a broken image, not one a policy blocked. */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

test('an uploaded cover is refused at its field when it is no image, then shows on the card and the collection’s page', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInByEmail(page, product, AUTHOR_EMAIL);
  await page.goto(`${product.origin}/links/collections`);
  await page.getByRole('button', { name: 'New collection' }).click();
  const dialog = page.getByRole('dialog', { name: 'New collection' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await dialog.getByRole('textbox', { name: 'Alias' }).fill(ALIAS);
  await expect(dialog.getByText(`/c/${ALIAS} is available.`)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Cover description' }).fill(COVER_DESCRIPTION);
  const coverFile = dialog.locator('input[type="file"]');

  // A text file renamed .png: the browser calls it a PNG, the server reads it and refuses it.
  await coverFile.setInputFiles({
    name: 'harbour-notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('Chapter list for the box set, not a picture.'),
  });
  await dialog.getByRole('button', { name: 'Create collection' }).click();
  await expect(dialog.getByText(NOT_AN_IMAGE)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cover image file' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(TITLE);
  await expect(dialog.getByRole('textbox', { name: 'Alias' })).toHaveValue(ALIAS);
  await expect(dialog.getByRole('textbox', { name: 'Cover description' })).toHaveValue(
    COVER_DESCRIPTION,
  );

  await coverFile.setInputFiles({
    name: 'harbour-quartet.png',
    mimeType: 'image/png',
    buffer: await coverPng(),
  });
  await expect(dialog.getByText(NOT_AN_IMAGE)).toHaveCount(0);
  await expectLoaded(dialog.getByRole('img', { name: 'Preview of the new cover' }));
  await page.mouse.move(0, 0);
  await expectNoAxeViolationsInBothSchemes(page, { include: '[role="dialog"]' });

  // The upload is held on its way, to see the form wait for it.
  let releaseUpload = () => {};
  const uploadHeld = new Promise<void>((resolve) => {
    releaseUpload = resolve;
  });
  await page.route('**/api/v2/images/uploads**', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  const save = dialog.getByRole('button', { name: 'Create collection' });
  await save.click();
  await expect(
    dialog.getByRole('status').filter({ hasText: 'Uploading the cover…' }),
  ).toBeVisible();
  await expect(save).toHaveAttribute('data-loading', 'true');
  releaseUpload();
  await expect(page.getByText('Collection created')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: TITLE }) });
  const cardCover = card.getByRole('img', { name: COVER_DESCRIPTION });
  await expectLoaded(cardCover);
  await expect(cardCover).toHaveAttribute(
    'src',
    new RegExp(`^${product.origin}/api/v2/images/img_[^/]+/file$`),
  );

  // A reader's browser keeps to the page's own policy.
  const reader = await browser.newContext({ bypassCSP: false });
  try {
    const readerPage = await reader.newPage();
    const blocked: string[] = [];
    readerPage.on('console', (message) => {
      if (message.type() === 'error') blocked.push(message.text());
    });
    const reply = await readerPage.goto(`${product.shortLinkOrigin}/c/${ALIAS}`);
    expect(reply?.status()).toBe(200);
    expect(reply?.headers()['content-security-policy']).toContain(
      `img-src https: data: ${product.origin}/api/v2/images/;`,
    );
    await expect(readerPage.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    await expectLoaded(readerPage.getByRole('img', { name: COVER_DESCRIPTION }));
    expect(blocked).toEqual([]);
  } finally {
    await reader.close();
  }
});

test.describe('against the mock', () => {
  test.use({ visitor: 'author' });

  test('the file goes as its own bytes and type, with its description, and the collection names it', async ({
    page,
  }) => {
    await preferMock(page, '/v1/vanity-codes/availability', 'example=aliasAvailable');
    const png = await coverPng();
    await page.goto('/links/collections');
    await page.getByRole('button', { name: 'New collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'New collection' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('The Orchard Trilogy');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'orchard-box.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await dialog
      .getByRole('textbox', { name: 'Cover description' })
      .fill('The Orchard Trilogy box set');

    const upload = page.waitForRequest((request) =>
      isApiCall(request, 'POST', '/v2/images/uploads'),
    );
    const create = page.waitForRequest((request) => isApiCall(request, 'POST', '/v2/collections'));
    await dialog.getByRole('button', { name: 'Create collection' }).click();

    const sent = await upload;
    expect(new URL(sent.url()).searchParams.get('alt')).toBe('The Orchard Trilogy box set');
    expect(await sent.headerValue('content-type')).toBe('image/png');
    expect(sent.postDataBuffer()?.equals(png)).toBe(true);
    // The contract's example of an uploaded image.
    expect((await create).postDataJSON()).toMatchObject({ imageId: 'img_8Hq2Rt' });
    await expect(page.getByText('Collection created')).toBeVisible();
  });
});

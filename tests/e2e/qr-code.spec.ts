import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { BLANK_PNG } from '../../scripts/support/third-party-receiver';
import { expectNoAxeViolations, expectNoAxeViolationsInBothSchemes } from '../support/axe';
import { expect, isApiCall, test } from '../support/fixtures';

const SHORT_URL = 'https://shelf.to/salt-orchard';
const DIALOG_NAME = 'QR code for shelf.to/salt-orchard';
const SALT_ORCHARD_URL = 'https://books.apple.com/us/book/the-salt-orchard/id1623456789';
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function openFromBooksPage(page: Page): Promise<Locator> {
  await page.goto('/links/books');
  await page.getByRole('button', { name: 'Actions for shelf.to/salt-orchard' }).click();
  await page.getByRole('menuitem', { name: 'QR code' }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG_NAME });
  await expect(dialog.getByRole('img', { name: `QR code for ${SHORT_URL}` })).toBeVisible();
  return dialog;
}

async function openFromReportPage(page: Page): Promise<Locator> {
  await page.goto('/links/reports/shelf.to/salt-orchard');
  await page.getByRole('button', { name: 'QR code' }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG_NAME });
  await expect(dialog.getByRole('img', { name: `QR code for ${SHORT_URL}` })).toBeVisible();
  return dialog;
}

async function download(page: Page, button: Locator): Promise<{ file: Download; body: Buffer }> {
  const started = page.waitForEvent('download');
  await button.click();
  const file = await started;
  return { file, body: await readFile(await file.path()) };
}

/** A PNG's width and height, from its signature and the header chunk that must follow it. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(body.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

/** Creates the Salt Orchard link in the editor on Home and returns the editor at its created step. */
async function createLinkInEditor(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Book link or ISBN' }).fill(SALT_ORCHARD_URL);
  await expect(page.getByRole('region', { name: 'Link preview' })).toContainText(
    'The Salt Orchard',
  );
  const created = page.waitForResponse(
    (response) => isApiCall(response.request(), 'POST', '/v1/links') && response.status() === 201,
  );
  await page.getByRole('button', { name: 'Create link now' }).click();
  await created;
  const editor = page.getByRole('region', { name: 'Your link is ready' });
  await expect(editor.getByRole('heading', { name: 'Your link is ready' })).toBeFocused();
  await expect(editor.getByRole('textbox', { name: 'Your short link' })).toHaveValue(SHORT_URL);
  return editor;
}

/** A downloaded SVG as the browser's XML parser reads it. */
function parseSvg(page: Page, text: string) {
  return page.evaluate((source) => {
    const parsed = new DOMParser().parseFromString(source, 'image/svg+xml');
    const root = parsed.documentElement;
    return {
      wellFormed: parsed.getElementsByTagName('parsererror').length === 0,
      root: root.localName,
      namespace: root.namespaceURI,
      width: root.getAttribute('width'),
      height: root.getAttribute('height'),
      viewBox: root.getAttribute('viewBox') ?? '',
      paths: Array.from(root.querySelectorAll('path'), (path) => ({
        fill: path.getAttribute('fill'),
        drawsSomething: (path.getAttribute('d') ?? '').length > 0,
      })),
    };
  }, text);
}

/**
 * A downloaded image as the browser draws it: its size, and the colour in the middle of modules
 * every code has, for a code `cells` modules wide with its quiet zone of two. The top-left finder
 * pattern starts at module 2: a dark ring, a light ring, a dark centre.
 */
function drawnModules(page: Page, body: Buffer, type: string, cells: number) {
  return page.evaluate(
    async ({ base64, type, cells }) => {
      const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type }));
      const image = new Image();
      image.src = url;
      await image.decode();
      URL.revokeObjectURL(url);
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('No 2D canvas.');
      context.drawImage(image, 0, 0);
      const colourAt = (module: number) => {
        const offset = Math.floor(((module + 0.5) * canvas.width) / cells);
        const [red = 0, green = 0, blue = 0] = context.getImageData(offset, offset, 1, 1).data;
        return `#${[red, green, blue].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
      };
      return {
        width: image.naturalWidth,
        height: image.naturalHeight,
        quietZone: colourAt(0),
        finderRing: colourAt(2),
        finderGap: colourAt(3),
        finderCentre: colourAt(4),
      };
    },
    { base64: body.toString('base64'), type, cells },
  );
}

test('from a link’s menu: a coloured code in three sizes, as SVG and PNG', async ({
  page,
  consoleErrors,
}) => {
  const dialog = await openFromBooksPage(page);
  await expect(dialog.getByRole('radio', { name: /^Medium/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^Small/ })).toHaveAccessibleDescription('256 px');

  await expectNoAxeViolationsInBothSchemes(page, { include: '[role="dialog"]' });

  await dialog.getByRole('radio', { name: /^Large/ }).check();
  await expect(dialog.getByText(/1024 × 1024 px/)).toBeVisible();
  const codeColour = dialog.getByRole('textbox', { name: 'Code colour' });
  await codeColour.fill('#1d3557');

  const svg = await download(page, dialog.getByRole('button', { name: 'Download SVG' }));
  expect(svg.file.suggestedFilename()).toBe('salt-orchard-1024px.svg');
  const text = svg.body.toString('utf8');
  expect(text).toMatch(/^<\?xml[^>]*>\s*<svg[\s>]/);
  expect(text).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(text).toContain('fill="#1d3557"');
  expect(text).toContain('width="1024"');

  const png = await download(page, dialog.getByRole('button', { name: 'Download PNG' }));
  expect(png.file.suggestedFilename()).toBe('salt-orchard-1024px.png');
  expect(pngSize(png.body)).toEqual({ width: 1024, height: 1024 });

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('button', { name: 'Actions for shelf.to/salt-orchard' }),
  ).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test('a colour picked from a field’s swatches, which open above the dialog', async ({ page }) => {
  const dialog = await openFromBooksPage(page);
  const codeColour = dialog.getByRole('textbox', { name: 'Code colour' });
  await codeColour.click();
  // The picker is portalled out of the dialog; a click that the dialog covered would not land.
  await page.getByRole('button', { name: '#14532d' }).click();
  await expect(codeColour).toHaveValue('#14532d');
});

test('refuses a colour scanners cannot read, at its field', async ({ page }) => {
  const dialog = await openFromBooksPage(page);
  const codeColour = dialog.getByRole('textbox', { name: 'Code colour' });
  const downloads = dialog.getByRole('button', { name: /^Download (PNG|SVG)$/ });

  await codeColour.fill('#bbbbbb');
  await expect(codeColour).toHaveAttribute('aria-invalid', 'true');
  await expect(codeColour).toHaveAccessibleDescription(
    /Too little contrast \(1\.9:1\): scanners need at least 4\.5:1/,
  );
  await expect(downloads.first()).toBeDisabled();
  await expect(downloads.last()).toBeDisabled();

  const background = dialog.getByRole('textbox', { name: 'Background' });
  await codeColour.fill('#ffffff');
  await background.fill('#14532d');
  await expect(background).toHaveAccessibleDescription(/darker than its background/);
  await expect(downloads.first()).toBeDisabled();

  await expectNoAxeViolations(page, { include: '[role="dialog"]' });

  await background.fill('#ffffff');
  await codeColour.fill('#14532d');
  await expect(codeColour).not.toHaveAttribute('aria-invalid', 'true');
  await expect(downloads.first()).toBeEnabled();
  await expect(downloads.last()).toBeEnabled();
});

test('from the report: a cover its host keeps to itself is refused, a logo is used instead', async ({
  page,
  consoleErrors,
}) => {
  await page.route('https://images.shelflink.app/**', (route) =>
    route.fulfill({
      contentType: 'image/png',
      headers: { 'access-control-allow-origin': 'https://elsewhere.example' },
      body: BLANK_PNG,
    }),
  );
  const dialog = await openFromReportPage(page);
  await dialog.getByRole('radio', { name: 'The book’s cover' }).check();
  await expect(dialog.getByText(/The book’s cover cannot be used in the code/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Download PNG' })).toBeDisabled();

  await dialog.getByRole('button', { name: 'Upload a logo instead' }).click();
  await expect(dialog.getByRole('radio', { name: 'Your logo' })).toBeChecked();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: BLANK_PNG });
  await expect(dialog.getByText(/error correction high, for the image/)).toBeVisible();

  const svg = await download(page, dialog.getByRole('button', { name: 'Download SVG' }));
  expect(svg.file.suggestedFilename()).toBe('salt-orchard-512px.svg');
  expect(svg.body.toString('utf8')).toMatch(/<image[^>]+href="data:image\/png;base64,/);
  const png = await download(page, dialog.getByRole('button', { name: 'Download PNG' }));
  expect(pngSize(png.body)).toEqual({ width: 512, height: 512 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'QR code' })).toBeFocused();

  // The cover was refused with a message; the browser's own CORS line is all the console holds.
  expect(consoleErrors.filter((error) => !/CORS|ERR_FAILED/.test(error))).toEqual([]);
});

test.describe('on a screen of twice the pixel density', () => {
  test.use({ deviceScaleFactor: 2 });

  test('a cover its host shares goes in the middle, the PNG at the size chosen', async ({
    page,
  }) => {
    await page.route('https://images.shelflink.app/**', (route) =>
      route.fulfill({
        contentType: 'image/png',
        headers: { 'access-control-allow-origin': '*' },
        body: BLANK_PNG,
      }),
    );
    const dialog = await openFromReportPage(page);
    await dialog.getByRole('radio', { name: 'The book’s cover' }).check();
    await expect(dialog.getByText(/error correction high, for the image/)).toBeVisible();
    const png = await download(page, dialog.getByRole('button', { name: 'Download PNG' }));
    expect(png.file.suggestedFilename()).toBe('salt-orchard-512px.png');
    expect(pngSize(png.body)).toEqual({ width: 512, height: 512 });
    await dialog.getByRole('radio', { name: /^Small/ }).check();
    const small = await download(page, dialog.getByRole('button', { name: 'Download PNG' }));
    expect(small.file.suggestedFilename()).toBe('salt-orchard-256px.png');
    expect(pngSize(small.body)).toEqual({ width: 256, height: 256 });

    await dialog.getByRole('radio', { name: 'Your logo' }).check();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024),
    });
    await expect(
      dialog.getByText('This image is 2.0 MB; choose one of 1 MB or less.'),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Download PNG' })).toBeDisabled();
  });
});

test.describe('from a new link in the editor', () => {
  const codeColour = '#2b4a6f';
  const backgroundColour = '#fdf6e3';

  test('“More QR options” saves an SVG and a PNG at the size and in the colours chosen', async ({
    page,
    consoleErrors,
  }) => {
    const editor = await createLinkInEditor(page);
    const moreOptions = editor.getByRole('button', { name: 'More QR options' });
    await moreOptions.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: DIALOG_NAME });
    await expect(dialog.getByRole('img', { name: `QR code for ${SHORT_URL}` })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /^Medium/ })).toBeChecked();
    // The new link's cover is offered for the code's middle.
    await expect(dialog.getByRole('radio', { name: 'The book’s cover' })).toBeVisible();

    await expectNoAxeViolationsInBothSchemes(page, { include: '[role="dialog"]' });

    await dialog.getByRole('radio', { name: /^Small/ }).check();
    await expect(dialog.getByText(/256 × 256 px/)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Background' }).fill(backgroundColour);
    await dialog.getByRole('textbox', { name: 'Code colour' }).fill(codeColour);

    const svg = await download(page, dialog.getByRole('button', { name: 'Download SVG' }));
    expect(svg.file.suggestedFilename()).toBe('salt-orchard-256px.svg');
    const svgText = svg.body.toString('utf8');
    expect(svgText).toMatch(/^<\?xml[^>]*\?>/);
    const parsed = await parseSvg(page, svgText);
    expect(parsed).toMatchObject({
      wellFormed: true,
      root: 'svg',
      namespace: SVG_NAMESPACE,
      width: '256',
      height: '256',
    });
    // A background square, then every dark module in one path of the chosen colour.
    expect(parsed.paths).toEqual([
      { fill: backgroundColour, drawsSomething: true },
      { fill: codeColour, drawsSomething: true },
    ]);
    const cells = Number(/^0 0 (\d+) \1$/.exec(parsed.viewBox)?.[1]);
    expect(cells).toBeGreaterThanOrEqual(21 + 4);
    const expectedModules = {
      width: 256,
      height: 256,
      quietZone: backgroundColour,
      finderRing: codeColour,
      finderGap: backgroundColour,
      finderCentre: codeColour,
    };
    expect(await drawnModules(page, svg.body, 'image/svg+xml', cells)).toEqual(expectedModules);

    const png = await download(page, dialog.getByRole('button', { name: 'Download PNG' }));
    expect(png.file.suggestedFilename()).toBe('salt-orchard-256px.png');
    expect(pngSize(png.body)).toEqual({ width: 256, height: 256 });
    expect(await drawnModules(page, png.body, 'image/png', cells)).toEqual(expectedModules);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(moreOptions).toBeFocused();
    // Escape closed the dialog only: the editor still shows the new link.
    await expect(editor.getByRole('textbox', { name: 'Your short link' })).toHaveValue(SHORT_URL);
    expect(consoleErrors).toEqual([]);
  });

  test('the new link’s cover goes in the middle; Close gives the focus back', async ({ page }) => {
    await page.route('https://images.shelflink.app/**', (route) =>
      route.fulfill({
        contentType: 'image/png',
        headers: { 'access-control-allow-origin': '*' },
        body: BLANK_PNG,
      }),
    );
    const editor = await createLinkInEditor(page);
    const moreOptions = editor.getByRole('button', { name: 'More QR options' });
    await moreOptions.click();
    const dialog = page.getByRole('dialog', { name: DIALOG_NAME });
    await dialog.getByRole('radio', { name: 'The book’s cover' }).check();
    await expect(
      dialog.getByText(/512 × 512 px · error correction high, for the image/),
    ).toBeVisible();

    const svg = await download(page, dialog.getByRole('button', { name: 'Download SVG' }));
    expect(svg.file.suggestedFilename()).toBe('salt-orchard-512px.svg');
    expect(svg.body.toString('utf8')).toMatch(/<image[^>]+href="data:image\/png;base64,/);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(moreOptions).toBeFocused();
    await expect(editor.getByRole('heading', { name: 'Your link is ready' })).toBeVisible();
  });
});

import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Locator, Page } from '@playwright/test';
import { BLANK_PNG } from '../../scripts/support/third-party-receiver';
import { expect, test } from '../support/fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SHORT_URL = 'https://shelf.to/salt-orchard';
const DIALOG_NAME = 'QR code for shelf.to/salt-orchard';

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

/** A PNG's width and height, from its header. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

test('from a link’s menu: a coloured code in three sizes, as SVG and PNG', async ({
  page,
  consoleErrors,
}) => {
  const dialog = await openFromBooksPage(page);
  await expect(dialog.getByRole('radio', { name: /^Medium/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^Small/ })).toHaveAccessibleDescription('256 px');

  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(WCAG_TAGS)
    .analyze();
  expect(axe.violations).toEqual([]);

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

  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(WCAG_TAGS)
    .analyze();
  expect(axe.violations).toEqual([]);

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

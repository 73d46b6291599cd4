import type { Page } from '@playwright/test';
import { expect, isApiCall, preferMock, test } from '../support/fixtures';

const TAKEN_MESSAGE = 'Sorry, that url is already taken. Please try another one.';

/** Every API call the page makes, in order, as 'METHOD /path?query'. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v')) {
      calls.push(`${request.method()} ${url.pathname.slice(4)}${url.search}`);
    }
  });
  return calls;
}

/** Answers the alias check with the chosen example, and records what the app asked. */
async function mockAliasAvailability(
  page: Page,
  example: 'available' | 'taken',
): Promise<URLSearchParams[]> {
  const sent: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/vanity-codes/availability') sent.push(url.searchParams);
  });
  await preferMock(page, '/v1/vanity-codes/availability', `example=${example}`);
  return sent;
}

async function openCreateForm(page: Page) {
  await page.goto('/links/collections');
  await page.getByRole('button', { name: 'New collection' }).click();
  return page.getByRole('dialog', { name: 'New collection' });
}

test('shows each collection with its cover, alias and number of links', async ({
  page,
  consoleErrors,
}) => {
  const list = page.waitForRequest((request) => isApiCall(request, 'GET', '/v2/collections/list'));
  await page.goto('/links/collections');
  const query = new URL((await list).url()).searchParams;
  expect(query.get('offset')).toBe('0');
  expect(query.get('limit')).toBe('20');

  await expect(page.getByText('2 collections')).toBeVisible();
  const trilogy = page.getByRole('listitem').filter({ hasText: 'The Orchard Trilogy' });
  await expect(trilogy.getByRole('img', { name: 'The Orchard Trilogy box set' })).toHaveAttribute(
    'src',
    'https://images.shelflink.app/cloudinary/shelflink/covers/orchard-trilogy-box.jpg',
  );
  await expect(trilogy.getByRole('link', { name: 'shelf.to/c/orchard-trilogy' })).toHaveAttribute(
    'href',
    'https://shelf.to/c/orchard-trilogy',
  );
  await expect(
    trilogy.getByRole('button', { name: 'Copy shelf.to/c/orchard-trilogy' }),
  ).toBeVisible();
  await expect(trilogy.getByText('2 links')).toBeVisible();
  const audiobooks = page.getByRole('listitem').filter({ hasText: 'Audiobooks' });
  await expect(audiobooks.getByText('shelf.to/c/maya-audio')).toBeVisible();
  await expect(audiobooks.locator('img')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('a later page asks for the collections after the first twenty', async ({ page }) => {
  const list = page.waitForRequest((request) => isApiCall(request, 'GET', '/v2/collections/list'));
  await page.goto('/links/collections?page=2');
  const query = new URL((await list).url()).searchParams;
  expect(query.get('offset')).toBe('20');
  expect(query.get('limit')).toBe('20');
});

test('creates a collection with a cover: alias checked first, then the image, then the collection', async ({
  page,
}) => {
  const availabilityChecks = await mockAliasAvailability(page, 'available');
  const calls = recordApiCalls(page);
  const dialog = await openCreateForm(page);
  await dialog.getByRole('textbox', { name: 'Title' }).fill('The Orchard Trilogy');
  const links = dialog.getByRole('combobox', { name: 'Links in this collection' });
  await links.click();
  await page.getByRole('option', { name: 'The Salt Orchard · shelf.to/salt-orchard' }).click();
  await page.getByRole('option', { name: 'The Winter Ledger · shelf.to/winter-ledger' }).click();
  await dialog.getByRole('textbox', { name: 'Alias' }).fill('orchard trilogy');
  await dialog.getByRole('textbox', { name: 'Alias' }).fill('orchard-trilogy');
  await dialog
    .getByRole('textbox', { name: 'Image id on your image host' })
    .fill('shelflink/covers/orchard-trilogy-box');
  await dialog
    .getByRole('textbox', { name: 'Cover description' })
    .fill('The Orchard Trilogy box set');

  const image = page.waitForRequest((request) => isApiCall(request, 'POST', '/v2/images'));
  const create = page.waitForRequest((request) => isApiCall(request, 'POST', '/v2/collections'));
  await dialog.getByRole('button', { name: 'Create collection' }).click();

  expect((await image).postDataJSON()).toEqual({
    provider: 'cloudinary',
    providerImageId: 'shelflink/covers/orchard-trilogy-box',
    attributes: { alt: 'The Orchard Trilogy box set' },
  });
  expect((await create).postDataJSON()).toEqual({
    title: 'The Orchard Trilogy',
    linkIds: ['lnk_01HZX00000', 'lnk_01HZX00001'],
    aliasCode: 'orchard-trilogy',
    imageId: 'img_4Kd9Lx',
  });
  expect(availabilityChecks.map((query) => query.toString())).toEqual([
    'domain=&code=orchard-trilogy',
  ]);
  await expect(page.getByText('Collection created')).toBeVisible();
  await expect(dialog).toBeHidden();

  const writes = calls.filter(
    (call) => call.startsWith('POST') || call.includes('/v1/vanity-codes/availability'),
  );
  expect(writes).toEqual([
    'GET /v1/vanity-codes/availability?domain=&code=orchard-trilogy',
    'POST /v2/images',
    'POST /v2/collections',
  ]);
});

test('a collection without a cover sends no image', async ({ page }) => {
  await mockAliasAvailability(page, 'available');
  const dialog = await openCreateForm(page);
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Audiobooks');
  await dialog.getByRole('textbox', { name: 'Alias' }).fill('maya audio');
  const create = page.waitForRequest((request) => isApiCall(request, 'POST', '/v2/collections'));
  await dialog.getByRole('button', { name: 'Create collection' }).click();
  // Spaces are removed from the alias before it is checked and sent.
  expect((await create).postDataJSON()).toEqual({
    title: 'Audiobooks',
    linkIds: [],
    aliasCode: 'mayaaudio',
  });
});

test('a taken alias is reported at the alias field and nothing is created', async ({ page }) => {
  await mockAliasAvailability(page, 'taken');
  const calls = recordApiCalls(page);
  const dialog = await openCreateForm(page);
  await dialog.getByRole('textbox', { name: 'Title' }).fill('The Orchard Trilogy');
  const alias = dialog.getByRole('textbox', { name: 'Alias' });
  await alias.fill('orchard-trilogy');
  await dialog.getByRole('button', { name: 'Create collection' }).click();

  await expect(alias).toHaveAttribute('aria-invalid', 'true');
  await expect(alias).toHaveAccessibleDescription(new RegExp(`^${TAKEN_MESSAGE}`));
  await expect(dialog.getByText(TAKEN_MESSAGE, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('The Orchard Trilogy');
  expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  expect(calls).toContain('GET /v1/vanity-codes/availability?domain=&code=orchard-trilogy');
});

test('an alias taken by the time the collection is saved gets the same message', async ({
  page,
}) => {
  await mockAliasAvailability(page, 'available');
  await preferMock(page, '/v2/collections', 'code=409, example=vanityCodeTaken', 'POST');
  const dialog = await openCreateForm(page);
  await dialog.getByRole('textbox', { name: 'Title' }).fill('The Orchard Trilogy');
  const alias = dialog.getByRole('textbox', { name: 'Alias' });
  await alias.fill('orchard-trilogy');
  await dialog.getByRole('button', { name: 'Create collection' }).click();
  await expect(alias).toHaveAccessibleDescription(new RegExp(`^${TAKEN_MESSAGE}`));
  await expect(dialog).toBeVisible();
});

test('edits a collection’s title and links', async ({ page }) => {
  await page.goto('/links/collections');
  await page.getByRole('button', { name: 'Edit The Orchard Trilogy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit collection' });
  const title = dialog.getByRole('textbox', { name: 'Title' });
  await expect(title).toHaveValue('The Orchard Trilogy');
  await expect(dialog.getByText('The Salt Orchard · shelf.to/salt-orchard')).toBeVisible();
  await expect(dialog.getByText('The Winter Ledger · shelf.to/winter-ledger')).toBeVisible();

  await title.fill('The Orchard Books');
  await dialog.getByRole('combobox', { name: 'Links in this collection' }).click();
  await page.getByRole('option', { name: 'A Quiet Harbour · shelf.to/quiet-harbour' }).click();
  await title.click(); // closes the list of links
  const update = page.waitForRequest((request) =>
    isApiCall(request, 'PUT', '/v2/collections/col_7Hq2Wd'),
  );
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  expect((await update).postDataJSON()).toEqual({
    title: 'The Orchard Books',
    linkIds: ['lnk_01HZX00000', 'lnk_01HZX00001', 'lnk_01HZX00004'],
  });
  await expect(page.getByText('Collection saved')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('deletes a collection only after it is confirmed', async ({ page }) => {
  const calls = recordApiCalls(page);
  await page.goto('/links/collections');
  await page.getByRole('button', { name: 'Delete The Orchard Trilogy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this collection?' });
  await expect(dialog.getByText('shelf.to/c/orchard-trilogy')).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  expect(calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);

  await page.getByRole('button', { name: 'Delete The Orchard Trilogy' }).click();
  const remove = page.waitForRequest((request) =>
    isApiCall(request, 'DELETE', '/v2/collections/col_7Hq2Wd'),
  );
  await dialog.getByRole('button', { name: 'Delete collection' }).click();
  await remove;
  await expect(page.getByText('Collection deleted')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('an author without collections is invited to make one', async ({ page }) => {
  await preferMock(page, '/v2/collections/list', 'example=empty');
  await page.goto('/links/collections');
  await expect(page.getByRole('heading', { name: 'No collections yet' })).toBeVisible();
  await page.getByRole('button', { name: 'New collection' }).click();
  await expect(page.getByRole('dialog', { name: 'New collection' })).toBeVisible();
});

import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, expectVerbatimField, isApiCall, preferMock, test } from '../support/fixtures';

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
  example: 'aliasAvailable' | 'aliasTaken',
): Promise<URLSearchParams[]> {
  const sent: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/vanity-codes/availability') sent.push(url.searchParams);
  });
  await preferMock(page, '/v1/vanity-codes/availability', `example=${example}`);
  return sent;
}

/** The rows of the form's list that puts the collection's links in order. */
function orderOf(dialog: Locator) {
  return dialog.getByRole('list', { name: 'Order readers see' }).getByRole('listitem');
}

async function openEditForm(page: Page, title: string) {
  await page.goto('/links/collections');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  return page.getByRole('dialog', { name: 'Edit collection' });
}

async function openCreateForm(page: Page) {
  await page.goto('/links/collections');
  await page.getByRole('button', { name: 'New collection' }).click();
  return page.getByRole('dialog', { name: 'New collection' });
}

test('the alias and the image id are taken as typed', async ({ page }) => {
  const dialog = await openCreateForm(page);
  await expectVerbatimField(dialog.getByRole('textbox', { name: 'Alias' }));
  await dialog.getByRole('button', { name: 'Use a hosted image id' }).click();
  await expectVerbatimField(dialog.getByRole('textbox', { name: 'Image id on your image host' }));
});

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
  // Without a cover of its own, a collection shows its books' covers.
  await expect(audiobooks.getByRole('img', { name: /^Covers? of / })).toBeVisible();
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
  const availabilityChecks = await mockAliasAvailability(page, 'aliasAvailable');
  const calls = recordApiCalls(page);
  const dialog = await openCreateForm(page);
  await dialog.getByRole('textbox', { name: 'Title' }).fill('The Orchard Trilogy');
  const links = dialog.getByRole('combobox', { name: 'Links in this collection' });
  await links.click();
  await page.getByRole('option', { name: 'The Salt Orchard · shelf.to/salt-orchard' }).click();
  await page.getByRole('option', { name: 'The Winter Ledger · shelf.to/winter-ledger' }).click();
  await dialog.getByRole('textbox', { name: 'Alias' }).fill('orchard trilogy');
  await dialog.getByRole('textbox', { name: 'Alias' }).fill('orchard-trilogy');
  await dialog.getByRole('button', { name: 'Use a hosted image id' }).click();
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
    'domain=',
    'domain=&code=orchard-trilogy',
  ]);
  await expect(page.getByText('Collection created')).toBeVisible();
  await expect(dialog).toBeHidden();

  const writes = calls.filter(
    (call) => call.startsWith('POST') || call.includes('/v1/vanity-codes/availability'),
  );
  expect(writes).toEqual([
    // The prefix aliases are written after, asked as the form opens.
    'GET /v1/vanity-codes/availability?domain=',
    'GET /v1/vanity-codes/availability?domain=&code=orchard-trilogy',
    'POST /v2/images',
    'POST /v2/collections',
  ]);
});

test('a collection without a cover sends no image', async ({ page }) => {
  await mockAliasAvailability(page, 'aliasAvailable');
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
  await mockAliasAvailability(page, 'aliasTaken');
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
  await mockAliasAvailability(page, 'aliasAvailable');
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
  await expect(orderOf(dialog)).toHaveText([
    /The Salt Orchard · shelf\.to\/salt-orchard/,
    /The Winter Ledger · shelf\.to\/winter-ledger/,
  ]);

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

test('cards without a cover of their own show their first four books, fetched in one call', async ({
  page,
  consoleErrors,
}) => {
  // Two more collections beside the mock's: one of five books and an empty one.
  await page.route('**/api/v2/collections/list*', async (route) => {
    const reply = await route.fetch();
    const body = (await reply.json()) as { results: object[]; page: { total: number } };
    body.results.push(
      {
        id: 'col_5Bk0x',
        title: 'Every format',
        linkIds: [
          'lnk_01HZX00000',
          'lnk_01HZX00001',
          'lnk_01HZX00003',
          'lnk_01HZX00005',
          'lnk_01HZX00004',
        ],
        aliasCode: 'every-format',
        shortUrl: 'https://shelf.to/c/every-format',
        imageId: null,
        createdAt: '2026-10-01T12:00:00Z',
        updatedAt: '2026-10-01T12:00:00Z',
      },
      {
        id: 'col_0Empty',
        title: 'Coming soon',
        linkIds: [],
        aliasCode: 'coming-soon',
        shortUrl: 'https://shelf.to/c/coming-soon',
        imageId: null,
        createdAt: '2026-09-01T12:00:00Z',
        updatedAt: '2026-09-01T12:00:00Z',
      },
    );
    body.page.total += 2;
    await route.fulfill({ response: reply, json: body });
  });
  const calls = recordApiCalls(page);
  await page.goto('/links/collections');

  const everyFormat = page.getByRole('listitem').filter({ hasText: 'Every format' });
  const mosaic = everyFormat.getByRole('img', { name: /^Covers of / });
  await expect(mosaic).toHaveAccessibleName(
    'Covers of The Salt Orchard, The Winter Ledger, The Winter Ledger, A Quiet Harbour (Audiobook) and 1 more book',
  );
  await expect(mosaic.locator('img')).toHaveCount(4);
  const empty = page.getByRole('listitem').filter({ hasText: 'Coming soon' });
  await expect(empty.getByText('No books in this collection yet')).toBeVisible();
  await expect(empty.getByText('0 links')).toBeVisible();
  // A collection's own cover still wins over its books'.
  const trilogy = page.getByRole('listitem').filter({ hasText: 'The Orchard Trilogy' });
  await expect(trilogy.getByRole('img', { name: 'The Orchard Trilogy box set' })).toBeVisible();
  await expect(trilogy.getByRole('img', { name: /^Covers? of / })).toHaveCount(0);

  const linkCalls = calls.filter((call) => call.startsWith('GET /v1/links/list'));
  expect(linkCalls).toHaveLength(1);
  const asked = new URLSearchParams(linkCalls[0]?.split('?')[1])
    .getAll('ids')
    .flatMap((ids) => ids.split(','));
  expect(asked.sort()).toEqual(
    [
      'lnk_01HZX00000',
      'lnk_01HZX00001',
      'lnk_01HZX00003',
      'lnk_01HZX00005',
      'lnk_01HZX00021',
    ].sort(),
  );
  expect(consoleErrors).toEqual([]);
});

test('the alias is checked as it is typed: a taken one is told at once, a free one too', async ({
  page,
}) => {
  const checks = await mockAliasAvailability(page, 'aliasTaken');
  const dialog = await openEditForm(page, 'The Orchard Trilogy');
  const alias = dialog.getByRole('textbox', { name: 'Alias' });
  await expect(alias).toHaveValue('orchard-trilogy');
  // The collection's own alias needs no check.
  await alias.fill('Orchard-Trilogy');
  await expect(alias).not.toHaveAttribute('aria-invalid', 'true');

  await alias.fill('orchard-books');
  await expect(dialog.getByRole('alert')).toHaveText(TAKEN_MESSAGE);
  await expect(alias).toHaveAttribute('aria-invalid', 'true');

  await mockAliasAvailability(page, 'aliasAvailable');
  await alias.fill('orchard-books-2');
  await expect(dialog.getByText('shelf.to/c/orchard-books-2 is available.')).toBeVisible();
  await expect(alias).not.toHaveAttribute('aria-invalid', 'true');
  // The collection's own alias, in any letter case, was never asked about; the check without a
  // code gives the prefix aliases are written after.
  expect(checks.filter((query) => query.has('code')).map((query) => query.get('code'))).toEqual([
    'orchard-books',
    'orchard-books-2',
  ]);
  expect(checks.every((query) => query.get('domain') === '')).toBe(true);
});

test('edits title, alias, cover and the order of the links, by keyboard and by dragging', async ({
  page,
  consoleErrors,
}) => {
  await mockAliasAvailability(page, 'aliasAvailable');
  const calls = recordApiCalls(page);
  const dialog = await openEditForm(page, 'The Orchard Trilogy');
  await expect(dialog.getByRole('img', { name: 'The Orchard Trilogy box set' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill('The Orchard Books');
  await dialog.getByRole('textbox', { name: 'Alias' }).fill('orchard-books');
  await expect(dialog.getByText('shelf.to/c/orchard-books is available.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Use a hosted image id' }).click();
  await dialog
    .getByRole('textbox', { name: 'New image id on your image host' })
    .fill('shelflink/covers/orchard-books');
  await dialog.getByRole('textbox', { name: 'Cover description' }).fill('The Orchard Books');

  await dialog.getByRole('combobox', { name: 'Links in this collection' }).click();
  await page.getByRole('option', { name: 'A Quiet Harbour · shelf.to/quiet-harbour' }).click();
  await dialog.getByRole('textbox', { name: 'Title' }).click(); // closes the list of links
  const rows = orderOf(dialog);
  await expect(rows).toHaveText([/The Salt Orchard/, /The Winter Ledger/, /A Quiet Harbour/]);

  // By keyboard: the moved row keeps the focus, and the move is announced.
  const saltDown = dialog.getByRole('button', {
    name: 'Move The Salt Orchard · shelf.to/salt-orchard down',
  });
  await saltDown.focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveText([/The Winter Ledger/, /The Salt Orchard/, /A Quiet Harbour/]);
  await expect(saltDown).toBeFocused();
  await expect(dialog.getByRole('status').filter({ hasText: 'moved' })).toHaveText(
    'The Salt Orchard · shelf.to/salt-orchard moved to position 2 of 3.',
  );
  await page.keyboard.press('Enter');
  await expect(rows).toHaveText([/The Winter Ledger/, /A Quiet Harbour/, /The Salt Orchard/]);
  // At the bottom it can only go up, so that button takes the focus.
  await expect(saltDown).toBeDisabled();
  await expect(
    dialog.getByRole('button', { name: 'Move The Salt Orchard · shelf.to/salt-orchard up' }),
  ).toBeFocused();

  // By dragging: A Quiet Harbour to the top.
  await rows.nth(1).dragTo(rows.nth(0));
  await expect(rows).toHaveText([/A Quiet Harbour/, /The Winter Ledger/, /The Salt Orchard/]);

  const update = page.waitForRequest((request) =>
    isApiCall(request, 'PUT', '/v2/collections/col_7Hq2Wd'),
  );
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  expect((await update).postDataJSON()).toEqual({
    title: 'The Orchard Books',
    linkIds: ['lnk_01HZX00004', 'lnk_01HZX00001', 'lnk_01HZX00000'],
    aliasCode: 'orchard-books',
    imageId: 'img_4Kd9Lx',
  });
  await expect(page.getByText('Collection saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(
    calls.filter((call) => !call.startsWith('GET') || call.includes('vanity-codes')).at(-3),
  ).toBe('GET /v1/vanity-codes/availability?domain=&code=orchard-books');
  expect(calls.filter((call) => !call.startsWith('GET')).slice(-2)).toEqual([
    'POST /v2/images',
    'PUT /v2/collections/col_7Hq2Wd',
  ]);
  expect(consoleErrors).toEqual([]);
});

test('an alias taken by the time the changes are saved is told at the alias field', async ({
  page,
}) => {
  await mockAliasAvailability(page, 'aliasAvailable');
  await preferMock(page, '/v2/collections/col_7Hq2Wd', 'code=409, example=vanityCodeTaken', 'PUT');
  const dialog = await openEditForm(page, 'The Orchard Trilogy');
  const alias = dialog.getByRole('textbox', { name: 'Alias' });
  await alias.fill('orchard-books');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(alias).toHaveAccessibleDescription(new RegExp(`^${TAKEN_MESSAGE}`));
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('The Orchard Trilogy');
  await expect(dialog).toBeVisible();
});

test('a card opens its collection’s report', async ({ page, consoleErrors }) => {
  await page.goto('/links/collections');
  const report = page.waitForRequest((request) =>
    isApiCall(request, 'GET', '/v2/collections/col_7Hq2Wd/report'),
  );
  await page.getByRole('link', { name: 'View report for The Orchard Trilogy' }).click();
  await report;
  await expect(page).toHaveURL(/\/links\/collections\/col_7Hq2Wd\/report$/);
  await expect(page).toHaveTitle(/^Report for The Orchard Trilogy/);
  await expect(page.getByRole('heading', { name: 'Report for The Orchard Trilogy' })).toBeVisible();
  // The mock's report has no clicks.
  await expect(page.getByRole('heading', { name: 'No clicks yet' })).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await page.getByRole('link', { name: 'All collections' }).click();
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the report of a collection that is not the author’s is not found', async ({ page }) => {
  await preferMock(page, '/v2/collections/col_gone', 'code=404');
  await page.goto('/links/collections/col_gone/report');
  await expect(
    page.getByRole('heading', { name: 'We could not find that collection' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your collections' })).toBeVisible();
});

import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import {
  expect,
  expectVerbatimField,
  isApiCall,
  preferMock,
  readWebStorage,
  test,
} from '../support/fixtures';

const SALT_ORCHARD_URL = 'https://books.apple.com/us/book/the-salt-orchard/id1623456789';
const SHORT_URL = 'https://shelf.to/salt-orchard';
const TAKEN_MESSAGE = 'Sorry, that url is already taken. Please try another one.';
const AMAZON_ASSOCIATES = '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07';
const APPLE_SERVICES = '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10';
const UNSUPPORTED = '00000000-0000-0000-0000-000000000000';
/** The claim key in the contract's example of a new unclaimed link, which the mock answers with. */
const CLAIM_KEY = 'Jq3vX0b8kR2mT5wY7zA1cD4fG6hJ9lN0pQ2sU4vW6xY';
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const destinationField = (page: Page) => page.getByRole('textbox', { name: 'Book link or ISBN' });
const codeField = (page: Page) => page.getByRole('textbox', { name: 'Custom ending (optional)' });

/** Types a destination on Home and waits for its preview. */
async function enterDestination(page: Page, destination = SALT_ORCHARD_URL) {
  await page.goto('/');
  await destinationField(page).fill(destination);
  await expect(page.getByRole('region', { name: 'Link preview' })).toContainText(
    'The Salt Orchard',
  );
}

async function continueToCustomize(page: Page) {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(codeField(page)).toBeFocused();
}

test.describe('a signed-in author', () => {
  test('the destination, the custom ending and the parameters are taken as typed', async ({
    page,
  }) => {
    await enterDestination(page);
    await expectVerbatimField(destinationField(page));
    await continueToCustomize(page);
    await expectVerbatimField(codeField(page));
    await page.getByRole('button', { name: 'Add parameter' }).click();
    await expectVerbatimField(page.getByRole('textbox', { name: 'Parameter 1 name' }));
    await expectVerbatimField(page.getByRole('textbox', { name: 'Parameter 1 value' }));
  });

  test('creates a customized link and gets its short link and QR code', async ({
    page,
    context,
    consoleErrors,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.route('https://images.shelflink.app/**', (route) =>
      route.fulfill({ contentType: 'image/png', body: Buffer.from(ONE_PIXEL_PNG, 'base64') }),
    );
    await enterDestination(page);
    await expect(page.getByRole('img', { name: 'Cover of The Salt Orchard' })).toBeVisible();
    await continueToCustomize(page);
    // The book is known by its ISBN, so every store can be listed; readers go to one by default.
    await expect(page.getByRole('radiogroup', { name: 'Where readers go' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'One store' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Every store' })).toBeEnabled();
    await expect(
      page.getByRole('switch', { name: /^Send readers to their own country's store/ }),
    ).toBeChecked();

    await codeField(page).fill('salt-orchard');
    await expect(page.getByText('shelf.to/salt-orchard is available.')).toBeVisible();
    // Every program the author saved a token for is ticked by default.
    await expect(page.getByRole('checkbox', { name: 'Amazon Associates' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Apple Services' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Amazon Associates' }).uncheck();

    await page.getByRole('button', { name: 'Add parameter' }).click();
    await expect(page.getByRole('textbox', { name: 'Parameter 1 name' })).toBeFocused();
    await page.getByRole('textbox', { name: 'Parameter 1 name' }).fill('utm_campaign');
    await page.getByRole('textbox', { name: 'Parameter 1 value' }).fill('autumn-tour');
    await page.getByRole('button', { name: 'Add parameter' }).click();
    await page.getByRole('textbox', { name: 'Parameter 2 name' }).fill('ref');
    await page.getByRole('button', { name: 'Remove parameter 2' }).click();

    const createRequest = page.waitForRequest((request) => isApiCall(request, 'POST', '/v1/links'));
    await page.getByRole('button', { name: 'Create link', exact: true }).click();
    expect((await createRequest).postDataJSON()).toEqual({
      url: SALT_ORCHARD_URL,
      code: 'salt-orchard',
      parameterKeyValues: { utm_campaign: 'autumn-tour' },
      programsOff: [AMAZON_ASSOCIATES],
      localise: true,
      allStores: false,
    });

    const heading = page.getByRole('heading', { name: 'Your link is ready' });
    await expect(heading).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Your short link' })).toHaveValue(SHORT_URL);
    await expect(page.getByRole('img', { name: `QR code for ${SHORT_URL}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open' })).toHaveAttribute('href', SHORT_URL);

    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SHORT_URL);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download QR code' }).click();
    expect((await download).suggestedFilename()).toBe('salt-orchard.png');

    await expect(
      page.getByRole('region', { name: 'Your link is ready' }).getByRole('link', {
        name: 'Your links',
      }),
    ).toHaveAttribute('href', '/links/books');
    await page.getByRole('button', { name: 'Create another' }).click();
    await expect(destinationField(page)).toBeFocused();
    await expect(destinationField(page)).toHaveValue('');
    expect(consoleErrors).toEqual([]);
  });

  test('creates a link straight from the destination step with every saved program', async ({
    page,
  }) => {
    await enterDestination(page);
    const createRequest = page.waitForRequest((request) => isApiCall(request, 'POST', '/v1/links'));
    await page.getByRole('button', { name: 'Create link now' }).click();
    expect((await createRequest).postDataJSON()).toEqual({
      url: SALT_ORCHARD_URL,
      parameterKeyValues: {},
      programsOff: [],
      localise: true,
      allStores: false,
    });
    await expect(page.getByRole('textbox', { name: 'Your short link' })).toHaveValue(SHORT_URL);
  });

  test('opens the editor from Your links with "New link"', async ({ page }) => {
    await page.goto('/links/books');
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('button', { name: 'New link' }).click();
    await expect(destinationField(page)).toBeFocused();
    await expect(page.getByRole('banner')).toBeHidden();
    // The editor sits above the links to the books and the collections.
    await expect(
      page.getByRole('navigation', { name: 'Your links' }).getByRole('link', { name: 'Books' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New link' })).toBeFocused();
  });
});

test.describe('a signed-out visitor', () => {
  test.use({ visitor: 'signed-out' });

  test('creates an unclaimed link and claims it with an Apple Services token', async ({ page }) => {
    await enterDestination(page);
    await continueToCustomize(page);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await codeField(page).fill('salt-orchard');

    const createRequest = page.waitForRequest((request) =>
      isApiCall(request, 'POST', '/v1/links/unclaimed'),
    );
    await page.getByRole('button', { name: 'Create link', exact: true }).click();
    expect((await createRequest).postDataJSON()).toEqual({
      url: SALT_ORCHARD_URL,
      code: 'salt-orchard',
      parameterKeyValues: {},
      programsOff: [],
      localise: true,
      allStores: false,
    });
    await expect(page.getByRole('textbox', { name: 'Your short link' })).toHaveValue(SHORT_URL);
    await expect(page.getByRole('img', { name: `QR code for ${SHORT_URL}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create another' })).toHaveCount(0);

    const signups: Request[] = [];
    page.on('request', (request) => {
      if (isApiCall(request, 'POST', '/v1/signup')) signups.push(request);
    });
    await page.getByRole('textbox', { name: 'E-mail address' }).fill('maya.okafor@example.com');
    const token = page.getByRole('textbox', { name: 'Apple Services token (at)' });
    await token.fill('2010lqW7');
    await page.getByRole('button', { name: 'Claim my link' }).click();
    await expect(token).toHaveAccessibleDescription(
      /Apple Services tokens start with 1\. Copy yours from the partner dashboard\./,
    );
    expect(signups).toHaveLength(0);

    await token.fill('1010lqW7');
    const signupRequest = page.waitForRequest((request) =>
      isApiCall(request, 'POST', '/v1/signup'),
    );
    await page.getByRole('button', { name: 'Claim my link' }).click();
    expect((await signupRequest).postDataJSON()).toEqual({
      email: 'maya.okafor@example.com',
      url: SALT_ORCHARD_URL,
      code: 'salt-orchard',
      claimKey: CLAIM_KEY,
      affiliateProgramGuid: APPLE_SERVICES,
      affiliateParameters: { at: '1010lqW7' },
    });
    await expect(
      page.getByText('Check your inbox — confirm your address to claim shelf.to/salt-orchard'),
    ).toBeVisible();
  });

  test('claims a link without a token: no `at` and the Unsupported program', async ({ page }) => {
    await enterDestination(page);
    await page.getByRole('button', { name: 'Create link now' }).click();
    await page.getByRole('textbox', { name: 'E-mail address' }).fill('maya.okafor@example.com');
    const signupRequest = page.waitForRequest((request) =>
      isApiCall(request, 'POST', '/v1/signup'),
    );
    await page.getByRole('button', { name: 'Claim my link' }).click();
    const body = (await signupRequest).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({
      email: 'maya.okafor@example.com',
      url: SALT_ORCHARD_URL,
      code: 'salt-orchard',
      claimKey: CLAIM_KEY,
      affiliateProgramGuid: UNSUPPORTED,
      affiliateParameters: {},
    });
    await expect(page.getByText(/Check your inbox — confirm your address/)).toBeVisible();
  });

  test('looks a book up by ISBN and links to the page it found', async ({ page }) => {
    await page.goto('/');
    const isbnLookup = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return (
        url.pathname === '/api/v1/product/metadata/isbn' &&
        url.searchParams.get('isbn') === '9781668012345'
      );
    });
    const productLookup = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return (
        url.pathname === '/api/v1/product/metadata' &&
        url.searchParams.get('url') === SALT_ORCHARD_URL
      );
    });
    await destinationField(page).fill('978-1-66801-234-5');
    await isbnLookup;
    await productLookup;
    const preview = page.getByRole('region', { name: 'Link preview' });
    await expect(preview).toContainText('The Salt Orchard');
    await expect(preview).toContainText('Maya Okafor');
    await expect(preview).toContainText('Apple Books');

    const createRequest = page.waitForRequest((request) =>
      isApiCall(request, 'POST', '/v1/links/unclaimed'),
    );
    await page.getByRole('button', { name: 'Create link now' }).click();
    expect((await createRequest).postDataJSON()).toMatchObject({ url: SALT_ORCHARD_URL });
  });

  test('an ISBN that finds no book is refused at the field', async ({ page }) => {
    await preferMock(page, '/v1/product/metadata/isbn', 'code=404');
    await page.goto('/');
    await destinationField(page).fill('9780306406157');
    await expect(page.getByText(/We could not find a book with that ISBN/)).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(destinationField(page)).toHaveAccessibleDescription(
      /We could not find a book with that ISBN\. Check the number, or paste a link to the book's page instead\./,
    );
    await expect(destinationField(page)).toBeFocused();
    await expect(codeField(page)).toHaveCount(0);
  });

  test('an unreadable page does not block the link', async ({ page }) => {
    await preferMock(page, '/v1/product/metadata', 'code=404');
    await page.goto('/');
    await destinationField(page).fill('shop.example.com/books/salt-orchard');
    await expect(
      page.getByText('We could not read that page; you can still create the link.'),
    ).toBeVisible();
    await continueToCustomize(page);
    const createRequest = page.waitForRequest((request) =>
      isApiCall(request, 'POST', '/v1/links/unclaimed'),
    );
    await page.getByRole('button', { name: 'Create link', exact: true }).click();
    expect((await createRequest).postDataJSON()).toMatchObject({
      url: 'https://shop.example.com/books/salt-orchard',
    });
  });

  test('hides the header while the editor is open and shows it again after closing', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await destinationField(page).fill('b');
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(destinationField(page)).toBeFocused();
    await destinationField(page).fill(SALT_ORCHARD_URL);
    await continueToCustomize(page);
    await expect(page.getByRole('banner')).toBeHidden();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(destinationField(page)).toHaveValue('');
    await expect(destinationField(page)).toBeFocused();
  });

  test('Enter in the destination field submits the destination step once', async ({ page }) => {
    const creates: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/v1/links')) {
        creates.push(request);
      }
    });
    await enterDestination(page);
    await destinationField(page).press('Enter');
    await expect(codeField(page)).toBeFocused();
    await expect(page.getByRole('button', { name: 'Create link', exact: true })).toBeVisible();

    // Enter in the code field submits the customizing step: the link is created, once.
    await codeField(page).fill('salt-orchard');
    const createRequest = page.waitForRequest((request) =>
      isApiCall(request, 'POST', '/v1/links/unclaimed'),
    );
    await codeField(page).press('Enter');
    await createRequest;
    await expect(page.getByRole('heading', { name: 'Your link is ready' })).toBeVisible();
    expect(creates).toHaveLength(1);
  });

  test('refuses a javascript: destination with a clear message', async ({ page }) => {
    const previews: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/product/')) previews.push(request.url());
    });
    await page.goto('/');
    await destinationField(page).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(destinationField(page)).toHaveAccessibleDescription(
      /A link must lead to a web page: use an http:\/\/ or https:\/\/ address\./,
    );
    await expect(destinationField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(destinationField(page)).toBeFocused();
    await expect(codeField(page)).toHaveCount(0);
    expect(previews).toEqual([]);
  });
});

test.describe('vanity code conflicts', () => {
  test('a taken code is reported at the code field as the author types', async ({ page }) => {
    await preferMock(page, '/v1/vanity-codes/availability', 'example=taken');
    await enterDestination(page);
    await continueToCustomize(page);
    const availability = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return (
        url.pathname === '/api/v1/vanity-codes/availability' &&
        url.searchParams.get('domain') === 'shelf.to' &&
        url.searchParams.get('code') === 'salt-orchard'
      );
    });
    await codeField(page).fill('salt-orchard');
    await availability;
    await expect(codeField(page)).toHaveAccessibleDescription(new RegExp(TAKEN_MESSAGE));
    await expect(page.getByText(TAKEN_MESSAGE, { exact: true })).toBeVisible();

    // A taken code is not sent.
    const creates: Request[] = [];
    page.on('request', (request) => {
      if (isApiCall(request, 'POST', '/v1/links')) creates.push(request);
    });
    await page.getByRole('button', { name: 'Create link', exact: true }).click();
    await expect(codeField(page)).toBeFocused();
    expect(creates).toHaveLength(0);
  });

  test('a 409 on create puts the taken message at the code field', async ({ page }) => {
    await preferMock(page, '/v1/links', 'code=409, example=vanityCodeTaken', 'POST');
    await enterDestination(page);
    await continueToCustomize(page);
    await codeField(page).fill('salt-orchard');
    await expect(page.getByText('shelf.to/salt-orchard is available.')).toBeVisible();
    await page.getByRole('button', { name: 'Create link', exact: true }).click();
    await expect(page.getByText(TAKEN_MESSAGE, { exact: true })).toBeVisible();
    await expect(codeField(page)).toBeFocused();
    await expect(codeField(page)).toHaveValue('salt-orchard');
    await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
  });

  test('field errors from the server land at their fields and keep what was typed', async ({
    page,
  }) => {
    await preferMock(page, '/v1/links', 'code=400, example=fieldErrors', 'POST');
    await enterDestination(page);
    await continueToCustomize(page);
    await codeField(page).fill('salt-orchard');
    await page.getByRole('button', { name: 'Create link', exact: true }).click();

    // The first field in error is the destination, so the editor goes back to that step.
    await expect(destinationField(page)).toHaveAccessibleDescription(
      /That address does not lead to a product page we can link to\./,
    );
    await expect(destinationField(page)).toHaveValue(SALT_ORCHARD_URL);
    await expect(destinationField(page)).toBeFocused();

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(codeField(page)).toHaveAccessibleDescription(
      /A vanity code is 3 to 22 characters long\./,
    );
    await expect(codeField(page)).toHaveValue('salt-orchard');
  });

  test('a server failure shows an alert with a retry and keeps the form', async ({ page }) => {
    await preferMock(page, '/v1/links', 'code=500, example=serverError', 'POST');
    await enterDestination(page);
    await continueToCustomize(page);
    await codeField(page).fill('salt-orchard');
    await page.getByRole('button', { name: 'Create link', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'We could not create your link' });
    await expect(alert).toContainText(
      'Something went wrong on our side. We have been told about it.',
    );
    await expect(codeField(page)).toHaveValue('salt-orchard');
    const retry = page.waitForRequest((request) => isApiCall(request, 'POST', '/v1/links'));
    await alert.getByRole('button', { name: 'Try again' }).click();
    expect((await retry).postDataJSON()).toMatchObject({ code: 'salt-orchard' });
  });
});

test.describe('accessibility', () => {
  test.use({ visitor: 'signed-out' });

  async function expectNoAxeViolations(page: Page, editorName: string) {
    await expect(page.getByRole('region', { name: editorName })).toBeVisible();
    // Checked at rest: the theme's hover shade of the primary colour is a separate matter.
    await page.mouse.move(0, 0);
    const results = await new AxeBuilder({ page }).include('main section').analyze();
    expect(
      results.violations.map((violation) => [
        violation.id,
        violation.nodes.map((node) => [node.target.join(' '), node.failureSummary]),
      ]),
    ).toEqual([]);
  }

  test('every step of the editor passes axe', async ({ page }) => {
    const check = (name: string) => expectNoAxeViolations(page, name);
    await page.goto('/');
    await check('Create a short link');
    await destinationField(page).fill(SALT_ORCHARD_URL);
    await expect(page.getByRole('region', { name: 'Link preview' })).toContainText(
      'The Salt Orchard',
    );
    await check('Create a short link');
    await continueToCustomize(page);
    await page.getByRole('button', { name: 'Add parameter' }).click();
    await codeField(page).fill('salt-orchard');
    await expect(page.getByText('shelf.to/salt-orchard is available.')).toBeVisible();
    await check('Create a short link');
    await page.getByRole('button', { name: 'Create link', exact: true }).click();
    await check('Your link is ready');
  });

  test('errors at the fields pass axe', async ({ page }) => {
    await preferMock(page, '/v1/vanity-codes/availability', 'example=taken');
    await page.goto('/');
    await destinationField(page).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(destinationField(page)).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'Create a short link');
    await destinationField(page).fill(SALT_ORCHARD_URL);
    await continueToCustomize(page);
    await codeField(page).fill('salt-orchard');
    await expect(page.getByText(TAKEN_MESSAGE, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'Create a short link');
  });
});

/** Holds the editor's code until `release` is called: the page paints without it. */
async function holdEditorCode(page: Page) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/link-editor-[^/]+\.js$/, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

test.describe('on Your links, before the editor has loaded', () => {
  test('the list is up without its code, which loads on heading for "New link"', async ({
    page,
  }) => {
    const release = await holdEditorCode(page);
    const editorCodeRequested = () =>
      page.waitForRequest(/\/assets\/link-editor-[^/]+\.js$/, { timeout: 5_000 });
    await page.goto('/links/books');
    await expect(page.getByRole('heading', { name: 'Book links' })).toBeVisible();
    await expect(page.getByRole('listitem').first()).toBeVisible();
    await expect(editorCodeRequested()).rejects.toThrow();

    const requested = editorCodeRequested();
    await page.getByRole('button', { name: 'New link' }).hover();
    await requested;
    await page.getByRole('button', { name: 'New link' }).click();
    await expect(page.getByRole('status').getByLabel('Loading')).toBeVisible();
    await expect(destinationField(page)).toHaveCount(0);

    release();
    await expect(destinationField(page)).toBeVisible();
    await expect(page.getByRole('status').getByLabel('Loading')).toHaveCount(0);
  });
});

test.describe('on Home, before the editor has loaded', () => {
  test.use({ visitor: 'signed-out' });

  test('a stand-in of the editor’s size holds its place, passes axe, and nothing moves when it arrives', async ({
    page,
  }) => {
    const release = await holdEditorCode(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const editor = page.getByRole('region', { name: 'Create a short link' });
    await expect(editor).toHaveAttribute('aria-busy', 'true');
    await expect(destinationField(page)).toHaveCount(0);
    await page.mouse.move(0, 0);
    // Checked at rest: the theme's hover shade of the primary colour is a separate matter.
    await page.mouse.move(0, 0);
    const axe = await new AxeBuilder({ page }).include('main section').analyze();
    expect(
      axe.violations.map((violation) => [violation.id, violation.nodes.map((node) => node.html)]),
    ).toEqual([]);
    const features = page.getByRole('heading', { name: 'One link, every store' });
    const editorBefore = await editor.boundingBox();
    const featuresBefore = await features.boundingBox();

    release();
    await expect(destinationField(page)).toBeVisible();
    await expect(editor).not.toHaveAttribute('aria-busy');
    expect(await editor.boundingBox()).toEqual(editorBefore);
    expect(await features.boundingBox()).toEqual(featuresBefore);
    const layoutShift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((entries) => {
            for (const entry of entries.getEntries()) {
              total += (entry as PerformanceEntry & { value: number }).value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => {
            resolve(total);
          }, 200);
        }),
    );
    expect(layoutShift).toBe(0);
  });

  test('a button pressed on the stand-in is pressed again by the editor', async ({ page }) => {
    const release = await holdEditorCode(page);
    await page.goto('/');
    const editor = page.getByRole('region', { name: 'Create a short link' });
    await expect(editor).toHaveAttribute('aria-busy', 'true');
    await editor.getByRole('button', { name: 'Continue' }).click();

    release();
    // Continue without a destination: the editor asks for one at the field.
    await expect(destinationField(page)).toBeFocused();
    await expect(destinationField(page)).toHaveAccessibleDescription(
      /Paste a link to your book's page at a store, or type its ISBN\./,
    );
  });
});

test.describe('a session that ends while the editor is open', () => {
  const SESSION_ENDED = 'Your session has ended';
  const AUTH_CHECK = /^\/api\/auth(\/session)?$/;

  test('asks to sign in again, sends no unclaimed link and keeps the input through sign-in', async ({
    page,
  }) => {
    await enterDestination(page);
    await continueToCustomize(page);
    await codeField(page).fill('salt-orchard');
    await expect(page.getByText('shelf.to/salt-orchard is available.')).toBeVisible();
    await page.getByRole('button', { name: 'Add parameter' }).click();
    await page.getByRole('textbox', { name: 'Parameter 1 name' }).fill('utm_campaign');
    await page.getByRole('textbox', { name: 'Parameter 1 value' }).fill('autumn-tour');

    const unclaimed: Request[] = [];
    page.on('request', (request) => {
      if (isApiCall(request, 'POST', '/v1/links/unclaimed')) unclaimed.push(request);
    });
    // The session ends: the server refuses it from now on.
    await preferMock(page, '/v1/links', 'code=401', 'POST');
    await preferMock(page, AUTH_CHECK, 'example=signedOut');
    const refused = page.waitForResponse(
      (response) => isApiCall(response.request(), 'POST', '/v1/links') && response.status() === 401,
    );
    await page.getByRole('button', { name: 'Create link', exact: true }).click();
    await refused;

    const alert = page.getByRole('alert').filter({ hasText: SESSION_ENDED });
    await expect(alert).toContainText('Everything you typed is kept');
    const signIn = alert.getByRole('link', { name: 'Sign in again' });
    await expect(signIn).toBeFocused();
    await expect(signIn).toHaveAttribute('href', '/login?redirect=%2F');
    await expect(codeField(page)).toHaveValue('salt-orchard');
    await expect(page.getByRole('textbox', { name: 'Parameter 1 value' })).toHaveValue(
      'autumn-tour',
    );
    // Signed out now, pressing create again does not quietly make an unclaimed link.
    await page.getByRole('button', { name: 'Create link', exact: true }).click();
    await expect(signIn).toBeFocused();
    expect(unclaimed).toHaveLength(0);
    // The draft holds the input only.
    expect(await readWebStorage(page)).not.toMatch(/e2e-author|sessionId/);
    // Checked at rest: the theme's hover shade of the primary colour is a separate matter.
    await page.mouse.move(0, 0);
    const axe = await new AxeBuilder({ page }).include('main section').analyze();
    expect(
      axe.violations.map((violation) => [violation.id, violation.nodes.map((node) => node.html)]),
    ).toEqual([]);

    await signIn.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    // Back from signing in, in a new page load: the editor opens with the input.
    await preferMock(page, AUTH_CHECK, 'example=signedInAuthor');
    await page.goto('/');
    await expect(codeField(page)).toHaveValue('salt-orchard');
    await expect(destinationField(page)).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Parameter 1 name' })).toHaveValue(
      'utm_campaign',
    );
    await expect(page.getByRole('alert').filter({ hasText: SESSION_ENDED })).toHaveCount(0);

    await preferMock(page, '/v1/links', 'code=201', 'POST');
    const createRequest = page.waitForRequest((request) => isApiCall(request, 'POST', '/v1/links'));
    await page.getByRole('button', { name: 'Create link', exact: true }).click();
    expect((await createRequest).postDataJSON()).toMatchObject({
      url: SALT_ORCHARD_URL,
      code: 'salt-orchard',
      parameterKeyValues: { utm_campaign: 'autumn-tour' },
    });
    await expect(page.getByRole('heading', { name: 'Your link is ready' })).toBeFocused();
    expect(await readWebStorage(page)).not.toContain('salt-orchard');
    expect(unclaimed).toHaveLength(0);
  });
});

test.describe('checks while typing', () => {
  test('a custom ending that is too short or badly formed is told before sending', async ({
    page,
  }) => {
    await enterDestination(page);
    await continueToCustomize(page);
    await codeField(page).fill('ab');
    await expect(codeField(page)).toHaveAccessibleDescription(
      /A custom link needs at least 3 characters, or leave it empty\./,
    );
    await codeField(page).fill('salt/orchard');
    await expect(codeField(page)).toHaveAccessibleDescription(
      /Use only letters, digits, hyphens \(-\) and underscores \(_\) in a custom link\./,
    );
    await codeField(page).fill('a'.repeat(23));
    await expect(codeField(page)).toHaveAccessibleDescription(
      /A custom link can be at most 22 characters long\./,
    );
    await codeField(page).fill('salt-orchard');
    await expect(page.getByText('shelf.to/salt-orchard is available.')).toBeVisible();
    await expect(codeField(page)).not.toHaveAccessibleDescription(/custom link (needs|can be)/);
  });

  test('a number that is not 10 or 13 digits long is told it is not an ISBN', async ({ page }) => {
    await page.goto('/');
    await destinationField(page).fill('978-1-66801-234');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(destinationField(page)).toHaveAccessibleDescription(
      /An ISBN has 10 or 13 digits\./,
    );
    await expect(destinationField(page)).not.toHaveAccessibleDescription(/web address/);
  });
});

test.describe('the Apple Services hint, signed out', () => {
  test.use({ visitor: 'signed-out' });

  test('shows for an Apple Books link only', async ({ page }) => {
    const hint = page.getByText(/Earn commission from Apple Books/);
    await enterDestination(page);
    await continueToCustomize(page);
    await expect(hint).toBeVisible();

    await preferMock(page, '/v1/product/metadata', 'code=404');
    await page.getByRole('button', { name: 'Back' }).click();
    await destinationField(page).fill('shop.example.com/books/salt-orchard');
    await expect(
      page.getByText('We could not read that page; you can still create the link.'),
    ).toBeVisible();
    await continueToCustomize(page);
    await expect(codeField(page)).toBeVisible();
    await expect(hint).toHaveCount(0);
  });
});

import type { Request } from '@playwright/test';
import {
  apiCall,
  expect,
  expectVerbatimField,
  isApiCall,
  preferMock,
  test,
} from '../support/fixtures';

test('lists the author’s links with abbreviated counts and pages through them', async ({
  page,
  consoleErrors,
}) => {
  const firstPage = page.waitForRequest((request) => isApiCall(request, 'GET', '/v1/links/list'));
  await page.goto('/links/books');
  const firstQuery = new URL((await firstPage).url()).searchParams;
  expect(firstQuery.get('skip')).toBe('0');
  expect(firstQuery.get('take')).toBe('20');

  await expect(page.getByText('23 links', { exact: true })).toBeVisible();
  const saltOrchard = page.getByRole('listitem').filter({ hasText: 'shelf.to/salt-orchard' });
  await expect(saltOrchard.getByRole('heading', { name: 'The Salt Orchard' })).toBeVisible();
  await expect(saltOrchard.getByText('18.4k clicks')).toBeVisible();
  await expect(saltOrchard.getByText('Maya Okafor · Apple Books US')).toBeVisible();
  await expect(saltOrchard.getByText(/^Created Nov \d+, 2026$/)).toBeVisible();
  await expect(
    saltOrchard.getByRole('link', {
      name: 'https://books.apple.com/us/book/the-salt-orchard/id1623456789',
    }),
  ).toHaveAttribute('href', 'https://books.apple.com/us/book/the-salt-orchard/id1623456789');
  await expect(
    saltOrchard.getByRole('button', { name: 'Copy shelf.to/salt-orchard' }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: 'shelf.to/winter-ledger' })
      .getByText('7.4k clicks'),
  ).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(20);

  await preferMock(page, '/v1/links/list', 'example=secondPage');
  const secondPage = page.waitForRequest((request) => isApiCall(request, 'GET', '/v1/links/list'));
  await page.getByRole('button', { name: 'Page 2' }).click();
  const secondQuery = new URL((await secondPage).url()).searchParams;
  expect(secondQuery.get('skip')).toBe('20');
  expect(secondQuery.get('take')).toBe('20');

  await expect(page).toHaveURL(/\/links\/books\?page=2$/);
  await expect(page.getByRole('heading', { name: 'Paper Moths (Audiobook)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The Orchard Trilogy Box Set' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('Showing 21–23 of 23')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a card’s copy button copies its short link, with a tooltip that says so', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/links/books');
  const saltOrchard = page.getByRole('listitem').filter({ hasText: 'shelf.to/salt-orchard' });
  const copyButton = saltOrchard.getByRole('button', { name: 'Copy shelf.to/salt-orchard' });
  const tooltip = saltOrchard.getByText('Copy', { exact: true });
  await expect(tooltip).toBeHidden();

  await copyButton.hover();
  await expect(tooltip).toBeVisible();
  await copyButton.click();
  await expect(
    saltOrchard.getByRole('button', { name: 'Copied shelf.to/salt-orchard' }),
  ).toBeVisible();
  await expect(saltOrchard.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    'https://shelf.to/salt-orchard',
  );
  await page.mouse.move(0, 0);
  await expect(saltOrchard.getByText(/^Cop(y|ied)$/)).toBeHidden();

  // From the keyboard: the tooltip shows with the focus, and Escape puts it away.
  await saltOrchard.getByRole('link', { name: 'shelf.to/salt-orchard' }).focus();
  await page.keyboard.press('Tab');
  await expect(
    saltOrchard.getByRole('button', { name: /^Cop(y|ied) shelf\.to\/salt-orchard$/ }),
  ).toBeFocused();
  await expect(saltOrchard.getByText(/^Cop(y|ied)$/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(saltOrchard.getByText(/^Cop(y|ied)$/)).toBeHidden();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(saltOrchard.getByText(/^Cop(y|ied)$/)).toBeVisible();
});

test('shows each cover once the page is painted, and a placeholder where one fails', async ({
  page,
}) => {
  await page.route('https://images.shelflink.app/covers/9781668012420.jpg', (route) =>
    route.fulfill({ status: 404 }),
  );
  await page.goto('/links/books');

  const saltOrchard = page.getByRole('listitem').filter({ hasText: 'shelf.to/salt-orchard' });
  const cover = saltOrchard.locator('img');
  await expect(cover).toHaveAttribute(
    'src',
    'https://images.shelflink.app/covers/9781668012345.jpg',
  );
  await expect
    .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  const lowTide = page.getByRole('listitem').filter({ hasText: 'shelf.to/low-tide' });
  await expect(lowTide.getByRole('heading')).toBeVisible();
  await expect(lowTide.locator('img')).toHaveCount(0);

  // The image host waits for the first screen: no cover starts loading before it is painted.
  const { firstPaint, firstCover } = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    firstCover: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.startsWith('https://images.shelflink.app/'))
        .map((entry) => entry.startTime),
    ),
  }));
  expect(firstPaint).toBeLessThan(Infinity);
  expect(firstCover).toBeGreaterThan(firstPaint);
});

test('the new destination is taken as typed', async ({ page }) => {
  await page.goto('/links/books');
  await page.getByRole('button', { name: 'Actions for shelf.to/salt-orchard' }).click();
  await page.getByRole('menuitem', { name: 'Edit link' }).click();

  const dialog = page.getByRole('dialog', { name: 'Edit link' });
  await expectVerbatimField(dialog.getByRole('textbox', { name: 'Destination' }));
});

test('changes where a link leads', async ({ page }) => {
  await page.goto('/links/books');
  await page.getByRole('button', { name: 'Actions for shelf.to/salt-orchard' }).click();
  await page.getByRole('menuitem', { name: 'Edit link' }).click();

  const dialog = page.getByRole('dialog', { name: 'Edit link' });
  const destination = dialog.getByRole('textbox', { name: 'Destination' });
  await expect(destination).toHaveValue(
    'https://books.apple.com/us/book/the-salt-orchard/id1623456789',
  );

  const sent: Request[] = [];
  page.on('request', (request) => {
    if (isApiCall(request, 'PUT', '/v1/links')) sent.push(request);
  });
  await destination.fill('https://reader:secret@example.com/book');
  await dialog.getByRole('button', { name: 'Save link' }).click();
  await expect(destination).toHaveAttribute('aria-invalid', 'true');
  await expect(destination).toHaveAccessibleDescription(
    /Remove the user name or password from the web address \(the part before @\)\./,
  );
  expect(sent).toHaveLength(0);

  await destination.fill('www.amazon.com/dp/1668012340');
  const update = page.waitForRequest((request) => isApiCall(request, 'PUT', '/v1/links'));
  await dialog.getByRole('button', { name: 'Save link' }).click();
  const body = (await update).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    domain: 'shelf.to',
    code: 'salt-orchard',
    baseCode: 'salt-orchard',
    url: 'https://www.amazon.com/dp/1668012340',
  });
  // An expiry the author did not touch is left out, so it keeps its value.
  expect(body).not.toHaveProperty('expiry');
  expect(body).not.toHaveProperty('archived');
  await expect(page.getByText('Link saved')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('shows the server’s objection at the destination field and keeps what was typed', async ({
  page,
}) => {
  await preferMock(page, '/v1/links', 'code=400, example=fieldErrors', 'PUT');
  await page.goto('/links/books');
  await page.getByRole('button', { name: 'Actions for shelf.to/winter-ledger' }).click();
  await page.getByRole('menuitem', { name: 'Edit link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit link' });
  const destination = dialog.getByRole('textbox', { name: 'Destination' });
  await destination.fill('https://example.com/not-a-book');
  await dialog.getByRole('button', { name: 'Save link' }).click();
  await expect(destination).toHaveAttribute('aria-invalid', 'true');
  await expect(destination).toHaveAccessibleDescription(
    /That address does not lead to a product page we can link to\./,
  );
  await expect(destination).toHaveValue('https://example.com/not-a-book');
});

test('adds a link to a collection, starting from the collection as it is now', async ({ page }) => {
  await page.goto('/links/books');
  await page.getByRole('button', { name: 'Actions for shelf.to/salt-orchard' }).click();
  await page.getByRole('menuitem', { name: 'Add to a collection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to a collection' });
  // The Orchard Trilogy already holds this link.
  await expect(dialog.getByRole('radio', { name: /The Orchard Trilogy/ })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Actions for shelf.to/ledger-kobo' }).click();
  await page.getByRole('menuitem', { name: 'Add to a collection' }).click();
  await dialog.getByRole('radio', { name: /The Orchard Trilogy/ }).click();
  const current = page.waitForRequest((request) =>
    isApiCall(request, 'GET', '/v2/collections/col_7Hq2Wd'),
  );
  const update = page.waitForRequest((request) =>
    isApiCall(request, 'PUT', '/v2/collections/col_7Hq2Wd'),
  );
  await dialog.getByRole('button', { name: 'Add to collection' }).click();
  await current;
  expect((await update).postDataJSON()).toEqual({
    title: 'The Orchard Trilogy',
    linkIds: ['lnk_01HZX00000', 'lnk_01HZX00001', 'lnk_01HZX00003'],
  });
  await expect(page.getByText('shelf.to/ledger-kobo is now in The Orchard Trilogy.')).toBeVisible();
});

test('opens a link’s report and its issue form from the menu', async ({ page }) => {
  await page.goto('/links/books');
  await page.getByRole('button', { name: 'Actions for shelf.to/salt-orchard' }).click();
  await page.getByRole('menuitem', { name: 'View report' }).click();
  await expect(page).toHaveURL(/\/links\/reports\/shelf\.to\/salt-orchard$/);

  await page.goto('/links/books');
  await page.getByRole('button', { name: 'Actions for shelf.to/salt-orchard' }).click();
  await page.getByRole('menuitem', { name: 'Report an issue' }).click();
  await expect(page).toHaveURL(/\/report-link\/shelf\.to\/salt-orchard$/);
});

test('a link’s actions menu works from the keyboard, the first time and after', async ({
  page,
}) => {
  await page.goto('/links/books');
  const actions = page.getByRole('button', { name: 'Actions for shelf.to/salt-orchard' });
  await actions.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit link' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'View report' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(actions).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit link' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Edit link' })).toBeVisible();
});

test.describe('a link’s menu and dialogs, before their first use', () => {
  const menuCode = /\/assets\/link-actions-menu-[^/]+\.js$/;
  const dialogCode = /\/assets\/link-dialogs-[^/]+\.js$/;

  test('load their code only when an author heads for them', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (menuCode.test(pathname)) requested.push('menu');
      if (dialogCode.test(pathname)) requested.push('dialogs');
    });
    await page.goto('/links/books');
    await expect(page.getByRole('listitem').first()).toBeVisible();
    await page.waitForTimeout(500);
    expect(requested).toEqual([]);

    const actions = page.getByRole('button', { name: 'Actions for shelf.to/salt-orchard' });
    await actions.hover();
    await expect.poll(() => requested).toEqual(['menu']);
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(actions).toHaveAttribute('aria-expanded', 'false');

    await actions.click();
    await expect(page.getByRole('menuitem', { name: 'Edit link' })).toBeFocused();
    await expect.poll(() => requested).toEqual(['menu', 'dialogs']);
    await page.getByRole('menuitem', { name: 'Add to a collection' }).click();
    await expect(page.getByRole('dialog', { name: 'Add to a collection' })).toBeVisible();
  });

  test('bring their styles with their code: the page’s own style sheets have none of them', async ({
    page,
  }) => {
    await page.goto('/links/books');
    await expect(page.getByRole('listitem').first()).toBeVisible();
    const pageStyleSheets = await page.evaluate(() =>
      [...document.styleSheets].map((sheet) => sheet.href),
    );

    await page.getByRole('button', { name: 'Actions for shelf.to/salt-orchard' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    // Drawn as a dropdown, with Mantine's padding for menus.
    await expect(menu).toHaveCSS('position', 'absolute');
    await expect(menu).toHaveCSS('padding-top', '4px');

    const menuClasses = await menu.evaluate((element) => [...element.classList]);
    const styledByPageSheets = await page.evaluate(
      ({ sheets, classes }) =>
        [...document.styleSheets]
          .filter((sheet) => sheets.includes(sheet.href))
          .flatMap((sheet) => [...sheet.cssRules])
          .some((rule) => classes.some((name) => rule.cssText.includes(`.${name}`))),
      { sheets: pageStyleSheets, classes: menuClasses },
    );
    expect(menuClasses.length).toBeGreaterThan(0);
    expect(styledByPageSheets).toBe(false);
  });

  test('a dialog whose code does not arrive says so, and opens on the next try', async ({
    page,
  }) => {
    let offline = true;
    await page.route(dialogCode, (route) => (offline ? route.abort() : route.fallback()));
    await page.goto('/links/books');
    const actions = page.getByRole('button', { name: 'Actions for shelf.to/salt-orchard' });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Edit link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'That did not open' })).toContainText(
      'Check your connection and try again.',
    );
    const dialog = page.getByRole('dialog', { name: 'Edit link' });
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Book links' })).toBeVisible();

    offline = false;
    await actions.click();
    await page.getByRole('menuitem', { name: 'Edit link' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Destination' })).toHaveValue(
      'https://books.apple.com/us/book/the-salt-orchard/id1623456789',
    );
  });
});

test('an author without links is shown how to make the first one', async ({ page }) => {
  await preferMock(page, '/v1/links/list', 'example=empty');
  await preferMock(page, '/v1/links/count', 'example=none');
  await page.goto('/links/books');
  await expect(page.getByRole('heading', { name: 'No links yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create your first link' })).toHaveAttribute(
    'href',
    '/',
  );
});

test('Books and Collections are links in a navigation, the current one marked', async ({
  page,
}) => {
  await page.goto('/links/books?page=2');
  const sections = page.getByRole('navigation', { name: 'Your links' });
  const books = sections.getByRole('link', { name: 'Books' });
  const collections = sections.getByRole('link', { name: 'Collections' });
  await expect(books).toHaveAttribute('aria-current', 'page');
  await expect(collections).not.toHaveAttribute('aria-current');
  await expect(page.getByRole('tablist')).toHaveCount(0);

  // Both are reached with Tab, one after the other.
  await books.focus();
  await page.keyboard.press('Tab');
  await expect(collections).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/links/collections');
  await expect(collections).toHaveAttribute('aria-current', 'page');
  await expect(books).not.toHaveAttribute('aria-current');
});

test.describe('finding a link', () => {
  const listQuery = (request: Request) => new URL(request.url()).searchParams;

  test('searches as the author types: one call after a pause, the address replaced', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/links/books?page=2');
    await expect(page.getByRole('heading', { name: 'Book links' })).toBeVisible();
    const historyLength = await page.evaluate(() => history.length);
    const searches: Request[] = [];
    page.on('request', (request) => {
      if (isApiCall(request, 'GET', '/v1/links/list') && listQuery(request).has('q')) {
        searches.push(request);
      }
    });

    const box = page.getByRole('searchbox', { name: 'Search links' });
    await box.focus();
    // The page's clock, stopped: what a pause is does not depend on how busy the machine is.
    await page.clock.install({ time: new Date('2026-11-24T09:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-24T09:00:01Z'));
    await page.keyboard.type('sal', { delay: 20 });
    await page.clock.runFor(200);
    await page.keyboard.type('t');
    await page.clock.runFor(240);
    expect(searches).toHaveLength(0);
    await page.clock.runFor(20);
    await expect.poll(() => searches.map((search) => listQuery(search).get('q'))).toEqual(['salt']);
    const query = listQuery(searches[0] as Request);
    expect(Object.fromEntries(query)).toEqual({ skip: '0', take: '20', q: 'salt' });
    // A new search starts on the first page; the typing took no history entries.
    await expect(page).toHaveURL(/\/links\/books\?q=salt$/);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('salt');
    await expect(page.getByText('23 of 23 links')).toBeVisible();

    // Typing on while the page follows keeps every character.
    await page.keyboard.type(' orchard');
    await page.clock.runFor(300);
    await expect(page).toHaveURL(/\/links\/books\?q=salt\+orchard$/);
    await expect(box).toHaveValue('salt orchard');
    await expect(box).toBeFocused();
    expect(searches).toHaveLength(2);

    await page.getByRole('button', { name: 'Clear the search box' }).click();
    await page.clock.runFor(300);
    await expect(page).toHaveURL(/\/links\/books$/);
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });

  test('"/" puts the focus in the search box', async ({ page }) => {
    await page.goto('/links/books');
    await expect(page.getByRole('heading', { name: 'Book links' })).toBeVisible();
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search links' })).toBeFocused();
    await expect(page.getByRole('searchbox', { name: 'Search links' })).toHaveValue('');
  });

  test('sorts and filters by retailer through the address', async ({ page }) => {
    await page.goto('/links/books');
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    const retailer = page.getByRole('combobox', { name: 'Retailer' });
    await expect(sort).toHaveValue('newest');
    // The retailers the contract knows, after "All".
    await expect(retailer.getByRole('option')).toHaveText([
      'All retailers',
      'Amazon',
      'Apple Books',
      'Barnes & Noble',
      'Bookshop.org',
      'Google Play',
      'Kobo',
    ]);

    let next = page.waitForRequest(apiCall('GET', '/v1/links/list'));
    await sort.selectOption({ label: 'Most clicks' });
    expect(listQuery(await next).get('sort')).toBe('clicks');
    await expect(page).toHaveURL(/\/links\/books\?sort=clicks$/);

    next = page.waitForRequest(apiCall('GET', '/v1/links/list'));
    await retailer.selectOption('Kobo');
    expect(Object.fromEntries(listQuery(await next))).toEqual({
      skip: '0',
      take: '20',
      sort: 'clicks',
      retailer: 'Kobo',
    });
    await expect(page).toHaveURL(/\/links\/books\?sort=clicks&retailer=Kobo$/);

    // Each choice is a step back.
    await page.goBack();
    await expect(page).toHaveURL(/\/links\/books\?sort=clicks$/);
    await expect(retailer).toHaveValue('');
  });

  test('opens a search from its address, and reads a broken one as the defaults', async ({
    page,
    consoleErrors,
  }) => {
    let request = page.waitForRequest(apiCall('GET', '/v1/links/list'));
    await page.goto('/links/books?q=salt&sort=title&retailer=Kobo');
    expect(Object.fromEntries(listQuery(await request))).toEqual({
      skip: '0',
      take: '20',
      q: 'salt',
      sort: 'title',
      retailer: 'Kobo',
    });
    await expect(page.getByRole('searchbox', { name: 'Search links' })).toHaveValue('salt');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('title');
    await expect(page.getByRole('combobox', { name: 'Retailer' })).toHaveValue('Kobo');

    request = page.waitForRequest(apiCall('GET', '/v1/links/list'));
    await page.goto('/links/books?sort=oldest&retailer=Waterstones&page=-4&q=%7B%7D');
    expect(Object.fromEntries(listQuery(await request))).toEqual({ skip: '0', take: '20' });
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    await expect(page.getByRole('combobox', { name: 'Retailer' })).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'The Salt Orchard' }).first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('says what found nothing, and clears the search in one press', async ({ page }) => {
    await preferMock(page, '/v1/links/list', 'example=empty');
    await page.goto('/links/books?q=salt&retailer=Kobo&sort=clicks');
    await expect(page.getByText('No links match “salt” at Kobo')).toBeVisible();
    await expect(page.getByText('0 of 23 links')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No links yet' })).toHaveCount(0);

    await preferMock(page, '/v1/links/list', 'example=fullPage');
    await page.getByRole('button', { name: 'Clear search', exact: true }).click();
    await expect(page).toHaveURL(/\/links\/books\?sort=clicks$/);
    await expect(page.getByRole('searchbox', { name: 'Search links' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Retailer' })).toHaveValue('');
    await expect(page.getByText('23 links', { exact: true })).toBeVisible();
  });

  test('draws each link’s last 30 days of clicks, with the total for screen readers', async ({
    page,
  }) => {
    await page.goto('/links/books');
    const saltOrchard = page.getByRole('listitem').filter({ hasText: 'shelf.to/salt-orchard' });
    const sparkline = saltOrchard.getByRole('img', { name: '116 clicks in the last 30 days' });
    await expect(sparkline).toBeVisible();
    expect((await sparkline.locator('polyline').getAttribute('points'))?.split(' ')).toHaveLength(
      30,
    );
  });

  test('shows a link without click days as a flat line', async ({ page }) => {
    await page.route('**/api/v1/links/list?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { recentClicks: Record<string, number[]> };
      await route.fulfill({ response, json: { ...body, recentClicks: {} } });
    });
    await page.goto('/links/books');
    const saltOrchard = page.getByRole('listitem').filter({ hasText: 'shelf.to/salt-orchard' });
    const sparkline = saltOrchard.getByRole('img', { name: '0 clicks in the last 30 days' });
    await expect(sparkline).toBeVisible();
    const heights = await sparkline
      .locator('polyline')
      .evaluate((line) => [
        ...new Set((line.getAttribute('points') ?? '').split(' ').map((p) => p.split(',')[1])),
      ]);
    expect(heights).toHaveLength(1);
  });

  test('a compact list beside the cards, remembered by the browser', async ({ page }) => {
    await page.goto('/links/books');
    const view = page.getByRole('group', { name: 'View' });
    await expect(view.getByRole('button', { name: 'Cards' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await view.getByRole('button', { name: 'List' }).click();
    await expect(view.getByRole('button', { name: 'List' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const table = page.getByRole('table', { name: 'Book links' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Book',
      'Short link',
      'Clicks',
      'Last 30 days',
      'Actions',
    ]);
    const saltOrchard = table.getByRole('row').filter({ hasText: 'shelf.to/salt-orchard' });
    await expect(saltOrchard.getByRole('rowheader')).toContainText('The Salt Orchard');
    await expect(saltOrchard.getByRole('rowheader')).toContainText('Maya Okafor · Apple Books US');
    await expect(saltOrchard.getByRole('cell', { name: '18.4k clicks' })).toBeVisible();
    await expect(
      saltOrchard.getByRole('img', { name: '116 clicks in the last 30 days' }),
    ).toBeVisible();
    await expect(
      saltOrchard.getByRole('button', { name: 'Copy shelf.to/salt-orchard' }),
    ).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(21);

    await saltOrchard.getByRole('button', { name: 'Actions for shelf.to/salt-orchard' }).click();
    await page.getByRole('menuitem', { name: 'Edit link' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit link' })).toBeVisible();

    // Kept as a preference of this browser, and drawn at once on the next visit.
    expect(await page.evaluate(() => localStorage.getItem('shelflink.books-view'))).toBe('list');
    await page.reload();
    await expect(page.getByRole('table', { name: 'Book links' })).toBeVisible();
    await expect(page.locator('ul > li')).toHaveCount(0);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDirectory, scriptsHoldingPackage } from '../support/build-output';
import { expect, test } from '../support/fixtures';

// A page comes with the preload tags of the route it opens (src/server/web-app/route-preloads.ts), so the
// browser fetches the route's code with the entry. The table behind them is unit-tested in
// tests/unit/scripts/route-preloads.test.ts; here it is the built one, served by the preview.

const manifest = JSON.parse(
  readFileSync(join(buildDirectory, '.vite/manifest.json'), 'utf8'),
) as Record<string, { file: string; imports?: string[] }>;

/** The chunk files the router loads for routes' components, as paths from the site's root. */
const routeChunks = new Set(
  Object.entries(manifest)
    .filter(([source]) => source.includes('?tsr-split='))
    .map(([, chunk]) => `/${chunk.file}`),
);

function chunkOf(source: string): string {
  const chunk = manifest[source];
  if (!chunk) throw new Error(`No chunk for ${source}`);
  return `/${chunk.file}`;
}

function componentChunk(routeFile: string): string {
  const chunk = manifest[`src/routes/${routeFile}?tsr-split=component---pendingComponent`];
  if (!chunk) throw new Error(`No component chunk for ${routeFile}`);
  return `/${chunk.file}`;
}

function preloadedScripts(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
}

test.describe('route preloads', () => {
  test('the page for an address lists the code of the route it opens, and only that', async ({
    request,
  }) => {
    const books = preloadedScripts(await (await request.get('/links/books?page=2')).text());
    expect(books).toContain(componentChunk('_authenticated/links.books.tsx'));
    expect(books).toContain(componentChunk('_authenticated/links.tsx'));
    expect(books).toContain(componentChunk('_authenticated.tsx'));
    expect(books).not.toContain(componentChunk('_authenticated/links.collections.tsx'));

    const faq = preloadedScripts(await (await request.get('/faq')).text());
    expect(faq).toContain(componentChunk('faq.tsx'));
    expect(faq).not.toContain(componentChunk('_authenticated/links.books.tsx'));

    const report = preloadedScripts(
      await (await request.get('/report-link/shelf.to/salt-orchard')).text(),
    );
    expect(report).toContain(componentChunk('report-link.$domain.$code.tsx'));

    // An address no page has opens the not-found page; the home page's code is in the entry.
    const unknown = preloadedScripts(await (await request.get('/no/such/page')).text());
    expect(unknown).toContain(componentChunk('$.tsx'));
    const home = await (await request.get('/')).text();
    expect(preloadedScripts(home).filter((file) => routeChunks.has(file))).toEqual([]);
  });

  test('every file a page lists is in the build', async ({ request }) => {
    for (const path of ['/links/books', '/account', '/settings', '/links/reports/shelf.to/a']) {
      const html = await (await request.get(path)).text();
      const listed = [
        ...html.matchAll(/<link rel="(?:modulepreload|stylesheet)"[^>]* href="([^"]+)"/g),
      ];
      expect(listed.length).toBeGreaterThan(0);
      for (const [, file = ''] of listed) {
        expect(existsSync(join(buildDirectory, file)), `${path} lists ${file}`).toBe(true);
      }
    }
  });

  test('the pages measured for speed load no menu positioning code with their first screen', async ({
    request,
  }) => {
    // floating-ui places menus, popovers and tooltips; it loads with the first menu.
    const positioningCode = scriptsHoldingPackage('@floating-ui/');
    expect(positioningCode.size).toBeGreaterThan(0);
    for (const path of ['/', '/faq', '/links/books']) {
      const scripts = preloadedScripts(await (await request.get(path)).text());
      expect(scripts.length).toBeGreaterThan(0);
      expect(
        scripts.filter((file) => positioningCode.has(file)),
        path,
      ).toEqual([]);
    }
  });

  test('the notification layer, loaded on every page, brings no menu positioning code', () => {
    const loaded = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || loaded.has(`/${chunk.file}`)) return;
      loaded.add(`/${chunk.file}`);
      chunk.imports?.forEach(visit);
    };
    visit('src/app/notification-layer.tsx');
    expect(loaded.size).toBeGreaterThan(1);
    const positioningCode = scriptsHoldingPackage('@floating-ui/');
    expect([...loaded].filter((file) => positioningCode.has(file))).toEqual([]);
  });

  test('opening a page asks for no route code that its page did not list, and lists it once', async ({
    page,
    request,
  }) => {
    const listed = preloadedScripts(await (await request.get('/links/books')).text());
    const requested: string[] = [];
    page.on('request', (sent) => {
      const path = new URL(sent.url()).pathname;
      if (routeChunks.has(path)) requested.push(path);
    });
    await page.goto('/links/books');
    await expect(page.getByRole('heading', { name: 'Book links' })).toBeVisible();

    expect(requested).toContain(componentChunk('_authenticated/links.books.tsx'));
    expect(requested.filter((path) => !listed.includes(path))).toEqual([]);
    // The app's own preloading found the tags and added none of its own.
    const copies = await page.evaluate(
      (hrefs) =>
        hrefs.map(
          (href) => document.querySelectorAll(`link[rel="modulepreload"][href="${href}"]`).length,
        ),
      listed,
    );
    expect(copies.every((count) => count === 1)).toBe(true);
  });

  test('code loaded in the background adds no preload tags; code opened on request does', async ({
    page,
    request,
  }) => {
    const modulePreloads = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
          (link) => new URL(link.href).pathname,
        ),
      );

    // The home page's editor loads once the page is painted, with its imports, and adds no tags
    // to those the page came with.
    const listed = preloadedScripts(await (await request.get('/')).text());
    const editorLoaded = page.waitForResponse((response) =>
      response.url().endsWith(chunkOf('src/features/link-editor/link-editor.tsx')),
    );
    await page.goto('/');
    await editorLoaded;
    await expect(page.getByRole('textbox', { name: 'Book link or ISBN' })).toBeVisible();
    expect(await modulePreloads()).toEqual(listed);

    // A card's menu loads when an author heads for it, its imports preloaded alongside.
    await page.goto('/links/books');
    await page.getByRole('button', { name: 'Actions for shelf.to/salt-orchard' }).hover();
    const menuChunk = chunkOf('src/features/links/link-actions-menu.tsx');
    await expect.poll(modulePreloads).toContain(menuChunk);
  });
});

import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, test } from 'vitest';
import {
  matchRoutePreload,
  parentRouteId,
  routeIdOf,
  routePathOf,
  withRoutePreloads,
  type RoutePreload,
} from '../../../src/server/web-app/route-preloads';
import { routePreloadsFromBundle } from '../../../scripts/route-preloads-plugin';

describe('route ids and paths from route files', () => {
  test.each([
    ['__root.tsx', '/__root', '/'],
    ['index.tsx', '/index', '/'],
    ['faq.tsx', '/faq', '/faq'],
    ['login.index.tsx', '/login/index', '/login'],
    ['login.$token.tsx', '/login/$token', '/login/$token'],
    ['$.tsx', '/$', '/$'],
    ['_authenticated.tsx', '/_authenticated', '/'],
    ['_authenticated/links.tsx', '/_authenticated/links', '/links'],
    ['_authenticated/links.books.tsx', '/_authenticated/links/books', '/links/books'],
    [
      '_authenticated/links_.reports.$domain.$code.tsx',
      '/_authenticated/links_/reports/$domain/$code',
      '/links/reports/$domain/$code',
    ],
  ])('%s is %s at %s', (file, id, path) => {
    expect(routeIdOf(file)).toBe(id);
    expect(routePathOf(id)).toBe(path);
  });

  test('a route nests under the longest route id its own begins with', () => {
    const ids = [
      '/__root',
      '/_authenticated',
      '/_authenticated/links',
      '/_authenticated/links/books',
      '/_authenticated/links_/reports/$domain/$code',
      '/login/$token',
    ];
    expect(parentRouteId('/_authenticated/links/books', ids)).toBe('/_authenticated/links');
    expect(parentRouteId('/_authenticated/links', ids)).toBe('/_authenticated');
    // A trailing underscore leaves the `links` layout out.
    expect(parentRouteId('/_authenticated/links_/reports/$domain/$code', ids)).toBe(
      '/_authenticated',
    );
    expect(parentRouteId('/login/$token', ids)).toBe('/__root');
    expect(parentRouteId('/__root', ids)).toBeUndefined();
  });
});

describe('the route an address opens', () => {
  const route = (path: string): RoutePreload => ({
    path,
    scripts: [`/assets${path}.js`],
    styles: [],
  });
  const routes = [
    route('/'),
    route('/$'),
    route('/faq'),
    route('/login'),
    route('/login/$token'),
    route('/links'),
    route('/links/books'),
    route('/links/reports/$domain/$code'),
  ];
  test.each([
    ['/', '/'],
    ['/faq', '/faq'],
    ['/FAQ/', '/faq'],
    ['/login', '/login'],
    ['/login/abc123', '/login/$token'],
    ['/links', '/links'],
    ['/links/books', '/links/books'],
    ['/links/reports/shelf.ink/ab12', '/links/reports/$domain/$code'],
    ['/links/nowhere', '/$'],
    ['/login/abc123/extra', '/$'],
    ['/login.php', '/$'],
  ])('%s opens %s', (pathname, path) => {
    expect(matchRoutePreload(routes, pathname)?.path).toBe(path);
  });

  test('without a splat route, an address no route matches opens none', () => {
    expect(matchRoutePreload([route('/faq')], '/about')).toBeUndefined();
  });
});

describe('the page with its route preloads', () => {
  const html = '<html><head>\n    <title>Shelflink</title>\n  </head><body></body></html>';
  const routes: RoutePreload[] = [
    {
      path: '/links/books',
      scripts: ['/assets/books-1.js', '/assets/vendor-2.js'],
      styles: ['/assets/links-3.css'],
    },
    { path: '/', scripts: [], styles: [] },
  ];

  test('lists the scripts as module preloads and the styles as style sheets, before </head>', () => {
    const page = withRoutePreloads(html, routes, '/links/books', 'nonce="N"');
    expect(page).toContain(
      [
        '<link rel="modulepreload" crossorigin href="/assets/books-1.js" nonce="N">',
        '<link rel="modulepreload" crossorigin href="/assets/vendor-2.js" nonce="N">',
        '<link rel="stylesheet" crossorigin href="/assets/links-3.css" nonce="N">',
      ].join('\n    '),
    );
    expect(page.indexOf('links-3.css')).toBeLessThan(page.indexOf('</head>'));
    expect(page.indexOf('<title>')).toBeLessThan(page.indexOf('books-1.js'));
  });

  test('leaves the page as it is when the route loads nothing of its own or none matches', () => {
    expect(withRoutePreloads(html, routes, '/', 'nonce="N"')).toBe(html);
    expect(withRoutePreloads(html, routes, '/faq', 'nonce="N"')).toBe(html);
  });

  test('escapes what it writes into attributes', () => {
    const odd: RoutePreload[] = [{ path: '/$', scripts: ['/assets/a"b<c&.js'], styles: [] }];
    expect(withRoutePreloads(html, odd, '/x', '')).toContain(
      'href="/assets/a&quot;b&lt;c&amp;.js"',
    );
  });
});

describe('the table built from the bundle', () => {
  const routesDir = '/app/src/routes';
  const chunk = (
    fileName: string,
    options: Partial<Pick<OutputChunk, 'imports' | 'moduleIds' | 'facadeModuleId' | 'isEntry'>> & {
      css?: string[];
    } = {},
  ) =>
    ({
      type: 'chunk',
      fileName,
      imports: options.imports ?? [],
      moduleIds: options.moduleIds ?? [],
      facadeModuleId: options.facadeModuleId ?? null,
      isEntry: options.isEntry ?? false,
      viteMetadata: { importedCss: new Set(options.css ?? []), importedAssets: new Set() },
    }) as unknown as OutputChunk;
  const split = (file: string, group = 'component---pendingComponent') =>
    `${routesDir}/${file}?tsr-split=${group}`;

  const chunks = [
    chunk('assets/index.js', {
      isEntry: true,
      imports: ['assets/runtime.js'],
      css: ['assets/index.css'],
      moduleIds: [
        '/app/src/main.tsx',
        `${routesDir}/__root.tsx`,
        `${routesDir}/index.tsx`,
        `${routesDir}/faq.tsx`,
        `${routesDir}/_authenticated.tsx`,
        `${routesDir}/_authenticated/links.tsx`,
        `${routesDir}/_authenticated/links.books.tsx`,
        `${routesDir}/$.tsx`,
      ],
    }),
    chunk('assets/runtime.js'),
    chunk('assets/faq.js', {
      facadeModuleId: split('faq.tsx'),
      imports: ['assets/static-page.js'],
    }),
    chunk('assets/static-page.js', { imports: ['assets/runtime.js'] }),
    chunk('assets/authenticated.js', { facadeModuleId: split('_authenticated.tsx') }),
    chunk('assets/links.js', {
      facadeModuleId: split('_authenticated/links.tsx'),
      imports: ['assets/vendor-a.js'],
    }),
    chunk('assets/books.js', {
      facadeModuleId: split('_authenticated/links.books.tsx'),
      imports: ['assets/vendor-a.js', 'assets/vendor-b.js', 'assets/index.js'],
      css: ['assets/books.css', 'assets/index.css'],
    }),
    chunk('assets/vendor-a.js'),
    chunk('assets/vendor-b.js', { imports: ['assets/vendor-c.js'] }),
    chunk('assets/vendor-c.js'),
    chunk('assets/not-found.js', { facadeModuleId: split('$.tsx', 'notFoundComponent') }),
    chunk('assets/sentry.js', { moduleIds: ['/app/node_modules/@sentry/browser/index.js'] }),
  ];
  const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c])) as OutputBundle;
  const table = routePreloadsFromBundle(bundle, routesDir);

  test('has one row per page route, layouts left out', () => {
    expect(table.map((row) => row.path).sort()).toEqual(['/', '/$', '/faq', '/links/books']);
  });

  test("a page loads its layouts' chunks, its own and what they import, but nothing of the entry", () => {
    expect(table.find((row) => row.path === '/links/books')).toEqual({
      path: '/links/books',
      scripts: [
        '/assets/authenticated.js',
        '/assets/links.js',
        '/assets/vendor-a.js',
        '/assets/books.js',
        '/assets/vendor-b.js',
        '/assets/vendor-c.js',
      ],
      styles: ['/assets/books.css'],
    });
    expect(table.find((row) => row.path === '/faq')?.scripts).toEqual([
      '/assets/faq.js',
      '/assets/static-page.js',
    ]);
  });

  test('a route whose code is all in the entry preloads nothing', () => {
    expect(table.find((row) => row.path === '/')).toEqual({ path: '/', scripts: [], styles: [] });
  });
});

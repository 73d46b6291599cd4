import { expect, test } from '../support/fixtures';

const publicPages = [
  { path: '/', heading: 'Smart links that send readers to your books' },
  { path: '/faq', heading: /questions/i },
  { path: '/about', heading: /.+/ },
  { path: '/privacy', heading: /privacy/i },
  { path: '/terms', heading: /terms/i },
  { path: '/feature-collections', heading: /collections/i },
  { path: '/affiliate-disclosure', heading: /affiliate/i },
  { path: '/upgrade', heading: /Upgrade/ },
  { path: '/report-link/shelf.to/salt-orchard', heading: /report/i },
];

const signInPages = [
  { path: '/links/books', heading: 'Your links', title: /Your links/ },
  { path: '/links/collections', heading: 'Your links', title: /Collections/ },
  {
    path: '/links/reports/shelf.to/salt-orchard',
    heading: /Report for shelf\.to\/salt-orchard/,
    title: /Report/,
  },
  { path: '/settings', heading: 'Affiliate Settings', title: /Affiliate Settings/ },
  { path: '/account', heading: 'Account', title: /Account/ },
];

for (const visitor of ['signed-out', 'author', 'administrator'] as const) {
  test.describe(`as ${visitor}`, () => {
    test.use({ visitor });

    test('every public page opens', async ({ page }) => {
      for (const { path, heading } of publicPages) {
        await page.goto(path);
        await expect(page).toHaveURL(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      }
    });
  });
}

test.describe('sign-in-required pages', () => {
  test.describe('signed out', () => {
    test.use({ visitor: 'signed-out' });

    test('send the visitor to /login with a way back', async ({ page }) => {
      for (const { path } of [...signInPages, { path: '/links' }]) {
        await page.goto(path);
        await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Shelflink');
      }
    });

    test('/admin sends the visitor to /login', async ({ page }) => {
      await page.goto('/admin');
      await expect(page).toHaveURL('/login?redirect=%2Fadmin');
    });
  });

  for (const visitor of ['author', 'administrator'] as const) {
    test.describe(visitor, () => {
      test.use({ visitor });

      test('open with their titles', async ({ page }) => {
        for (const { path, heading, title } of signInPages) {
          await page.goto(path);
          await expect(page).toHaveURL(path);
          await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
          await expect(page).toHaveTitle(title);
        }
      });

      test('/links goes to /links/books', async ({ page }) => {
        await page.goto('/links');
        await expect(page).toHaveURL('/links/books');
        await expect(page).toHaveTitle(/Your links/);
      });

      test('/login sends a signed-in user home', async ({ page }) => {
        await page.goto('/login');
        await expect(page).toHaveURL('/');
      });
    });
  }
});

test.describe('/admin', () => {
  test.describe('author', () => {
    test('is sent home', async ({ page }) => {
      await page.goto('/admin');
      await expect(page).toHaveURL('/');
    });
  });

  test.describe('administrator', () => {
    test.use({ visitor: 'administrator' });

    test('sees the dashboard', async ({ page }) => {
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin dashboard');
      await expect(page).toHaveTitle(/Admin dashboard/);
    });

    test('is sent home when the auth check fails', async ({ page }) => {
      await page.route('**/api/auth', (route) => route.fulfill({ status: 500, body: 'down' }));
      await page.goto('/admin');
      await expect(page).toHaveURL('/');
    });
  });
});

test.describe('addresses of the previous site', () => {
  test.use({ visitor: 'signed-out' });

  const legacy: [string, string][] = [
    ['/login.php', '/login'],
    ['/help.php', '/faq'],
    ['/faq.php', '/faq'],
    ['/upgrade.php', '/upgrade'],
    ['/terms.php', '/terms'],
    ...[
      'author-links',
      'book-links',
      'createlink',
      'createlink2',
      'createlink3',
      'error',
      'index',
      'myaccount',
      'mylinks',
      'passrecovery',
    ].map((page): [string, string] => [`/${page}.php`, '/']),
  ];

  for (const [from, to] of legacy) {
    test(`${from} goes to ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(to);
    });
  }
});

test.describe('other addresses', () => {
  test.use({ visitor: 'signed-out' });

  test('/blog sends the browser to the configured blog', async ({ page, receiver }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Blog' })
      .click();
    await expect(page).toHaveURL(`${receiver.origin}/blog`);
  });

  test('an unknown path shows the not-found page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page).toHaveTitle(/Page not found/);
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
  });

  test('the sitemap lists the public pages and leaves out /login', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of [
      '/',
      '/faq',
      '/about',
      '/privacy',
      '/terms',
      '/feature-collections',
      '/affiliate-disclosure',
      '/upgrade',
    ]) {
      expect(sitemap).toContain(`<loc>https://shelflink.app${path}</loc>`);
    }
    expect(sitemap).not.toContain('/login');
    expect(sitemap).not.toContain('/links');
    expect(sitemap).not.toContain('/admin');
  });

  test('robots.txt keeps crawlers away from one-time sign-in links only', async ({ request }) => {
    const rules = (await (await request.get('/robots.txt')).text())
      .split('\n')
      .filter((line) => /^(dis)?allow:/i.test(line))
      .map((line) => line.trim());
    expect(rules).toEqual(['Disallow: /login/', 'Disallow: /confirm/']);
  });
});

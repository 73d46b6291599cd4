type LegacyTarget = '/' | '/login' | '/faq' | '/upgrade' | '/terms';

const legacyPages: Record<string, LegacyTarget> = {
  '/login.php': '/login',
  '/help.php': '/faq',
  '/faq.php': '/faq',
  '/upgrade.php': '/upgrade',
  '/terms.php': '/terms',
};

const retiredPages = [
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
];
for (const page of retiredPages) legacyPages[`/${page}.php`] = '/';

/** Where a page of the previous site now lives, if it had one. */
export function legacyRedirectTarget(pathname: string): LegacyTarget | undefined {
  return legacyPages[pathname];
}

export const legacyRedirects: Readonly<Record<string, LegacyTarget>> = legacyPages;

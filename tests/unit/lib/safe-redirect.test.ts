import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import { safeRedirectTarget } from '@/lib/safe-redirect';

const FALLBACK = '/fallback';
// eslint-disable-next-line no-control-regex -- checking that no control characters get through
const ASCII_CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

describe('safeRedirectTarget', () => {
  test.each([
    ['/', '/'],
    ['/links', '/links'],
    ['/links/books?page=2#top', '/links/books?page=2#top'],
    ['/links/../settings', '/settings'],
    ['/search?q=a b', '/search?q=a%20b'],
  ])('passes the same-origin path %j through as %j', (value, expected) => {
    expect(safeRedirectTarget(value, FALLBACK)).toBe(expected);
  });

  test.each([
    '//evil.com',
    '/\\evil.com',
    '\\/evil.com',
    '\\\\evil.com',
    'https://evil.com',
    'http:/evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r/evil.com',
    '/links\u0000',
    '/links\u007f',
    '/links\\books',
    '/.//evil.com',
    'javascript:alert(1)',
    'links',
    ' /links',
    '',
  ])('refuses %j', (value) => {
    expect(safeRedirectTarget(value, FALLBACK)).toBe(FALLBACK);
  });

  test.each([undefined, null, 42, ['/links'], { path: '/links' }])(
    'refuses the non-string %j',
    (value) => {
      expect(safeRedirectTarget(value, FALLBACK)).toBe(FALLBACK);
    },
  );

  test('falls back to / by default', () => {
    expect(safeRedirectTarget('//evil.com')).toBe('/');
    expect(safeRedirectTarget(undefined)).toBe('/');
  });

  test('only ever returns the fallback or a plain same-origin path', () => {
    const pathLike = fc
      .array(fc.constantFrom('/', '\\', '.', ':', '@', '?', '#', '%', '\t', '\n', 'a', 'evil.com'))
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), pathLike), (value) => {
        const result = safeRedirectTarget(value, FALLBACK);
        if (result === FALLBACK) return;
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(result).not.toContain('\\');
        expect(result).not.toMatch(ASCII_CONTROL_CHARACTER);
        expect(new URL(result, 'https://shelflink.invalid').origin).toBe(
          'https://shelflink.invalid',
        );
      }),
      { numRuns: 500 },
    );
  });
});

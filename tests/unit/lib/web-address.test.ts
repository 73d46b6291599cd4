import { describe, expect, test } from 'vitest';
import { isWebAddress } from '@/lib/web-address';

describe('isWebAddress', () => {
  test.each([
    'https://books.apple.com/us/book/the-salt-orchard/id1623456789',
    'http://example.com',
    'HTTPS://EXAMPLE.COM/',
  ])('%s is a web address', (url) => {
    expect(isWebAddress(url)).toBe(true);
  });

  test.each([
    'javascript:alert(1)',
    'ftp://files.example.com/book.epub',
    'data:text/html,<b>hi</b>',
    'example.com',
    '',
  ])('%s is not rendered as a link', (url) => {
    expect(isWebAddress(url)).toBe(false);
  });

  test('is true only for http and https', () => {
    expect(isWebAddress('https://shelf.to/x')).toBe(true);
    expect(isWebAddress('http://shelf.to/x')).toBe(true);
    expect(isWebAddress('ftp://shelf.to/x')).toBe(false);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('not a url')).toBe(false);
  });
});

import { describe, expect, test } from 'vitest';
import { shortLinkLabel, shortLinkPrefix } from '@/lib/short-link';

describe('shortLinkLabel', () => {
  test('reads the short URL without its scheme', () => {
    expect(shortLinkLabel({ shortUrl: 'https://shelf.to/salt-orchard' })).toBe(
      'shelf.to/salt-orchard',
    );
  });

  test('names the origin the link is really served from, as copying it gives', () => {
    expect(shortLinkLabel({ shortUrl: 'http://127.0.0.1:3001/salt-orchard' })).toBe(
      '127.0.0.1:3001/salt-orchard',
    );
  });
});

describe('shortLinkPrefix', () => {
  test('is what codes are written after, for a code or for the empty one', () => {
    expect(shortLinkPrefix('https://shelf.to/salt-orchard')).toBe('shelf.to/');
    expect(shortLinkPrefix('https://shelf.to/')).toBe('shelf.to/');
  });

  test("keeps a collection's path and the origin links are really served from", () => {
    expect(shortLinkPrefix('https://shelf.to/c/orchard-trilogy')).toBe('shelf.to/c/');
    expect(shortLinkPrefix('http://127.0.0.1:3001/c/')).toBe('127.0.0.1:3001/c/');
  });
});

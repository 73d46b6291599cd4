import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  BOOKS_SEARCH_DEFAULTS,
  booksSearchSchema,
  isNarrowed,
  KNOWN_RETAILERS,
  linksListQuery,
  noMatchMessage,
  SEARCH_MAX_LENGTH,
} from '@/features/links/books-search';

const parse = (search: Record<string, unknown>) => v.parse(booksSearchSchema, search);

describe('booksSearchSchema', () => {
  test('keeps a full search', () => {
    expect(parse({ page: 2, q: 'salt', sort: 'clicks', retailer: 'Kobo', archived: true })).toEqual(
      {
        page: 2,
        q: 'salt',
        sort: 'clicks',
        retailer: 'Kobo',
        archived: true,
      },
    );
  });

  test('fills in the defaults for an empty address: all links, newest first', () => {
    expect(parse({})).toEqual({ page: 1, q: '', sort: 'newest', retailer: '', archived: false });
    expect(parse({})).toEqual(BOOKS_SEARCH_DEFAULTS);
  });

  test('keeps the words as typed, spaces and case included', () => {
    expect(parse({ q: ' Salt Orchard ' }).q).toBe(' Salt Orchard ');
  });

  test('searches a number the router read from the address as the digits typed', () => {
    expect(parse({ q: 1984 }).q).toBe('1984');
  });

  test('cuts a search longer than the server takes', () => {
    expect(parse({ q: 'x'.repeat(SEARCH_MAX_LENGTH + 50) }).q).toHaveLength(SEARCH_MAX_LENGTH);
  });

  test.each([
    ['a search that is no text', { q: { words: 'salt' } }, { q: '' }],
    ['an unknown order', { sort: 'oldest' }, { sort: 'newest' }],
    ['an order in the wrong case', { sort: 'Title' }, { sort: 'newest' }],
    ['a retailer the product does not know', { retailer: 'Waterstones' }, { retailer: '' }],
    ['a retailer that is no text', { retailer: 7 }, { retailer: '' }],
    ['a page below the first', { page: 0 }, { page: 1 }],
    ['an archived flag that is no boolean', { archived: 'maybe' }, { archived: false }],
  ])('falls back to the default for %s, keeping the rest', (_, given, fallback) => {
    expect(parse({ q: 'salt', sort: 'title', retailer: 'Amazon', page: 3, ...given })).toEqual({
      q: 'salt',
      sort: 'title',
      retailer: 'Amazon',
      page: 3,
      archived: false,
      ...fallback,
    });
  });
});

test('offers each retailer the contract knows once, in alphabetical order', () => {
  expect(KNOWN_RETAILERS).toEqual([
    'Amazon',
    'Apple Books',
    'Barnes & Noble',
    'Bookshop.org',
    'Google Play',
    'Kobo',
  ]);
});

describe('linksListQuery', () => {
  test('asks for the plain first page when nothing is searched', () => {
    expect(linksListQuery(BOOKS_SEARCH_DEFAULTS)).toEqual({ skip: 0, take: 20 });
  });

  test('passes the trimmed words, the order and the retailer for a page', () => {
    expect(
      linksListQuery({ page: 3, q: '  salt ', sort: 'title', retailer: 'Kobo', archived: false }),
    ).toEqual({
      skip: 40,
      take: 20,
      q: 'salt',
      sort: 'title',
      retailer: 'Kobo',
    });
  });

  test('asks for the archived links only when the archived ones are shown', () => {
    expect(linksListQuery({ ...BOOKS_SEARCH_DEFAULTS, archived: true })).toEqual({
      skip: 0,
      take: 20,
      archived: true,
    });
  });

  test('leaves out words that are only spaces', () => {
    expect(linksListQuery({ ...BOOKS_SEARCH_DEFAULTS, q: '   ' })).toEqual({ skip: 0, take: 20 });
  });
});

describe('isNarrowed and noMatchMessage', () => {
  test('a search by words, retailer or both narrows the list; an order alone does not', () => {
    expect(isNarrowed({ q: 'salt', retailer: '' })).toBe(true);
    expect(isNarrowed({ q: '', retailer: 'Kobo' })).toBe(true);
    expect(isNarrowed({ q: '  ', retailer: '' })).toBe(false);
  });

  test('says what was searched', () => {
    const inUse = { archived: false };
    expect(noMatchMessage({ ...inUse, q: ' salt ', retailer: 'Kobo' })).toBe(
      'No links match “salt” at Kobo',
    );
    expect(noMatchMessage({ ...inUse, q: 'salt', retailer: '' })).toBe('No links match “salt”');
    expect(noMatchMessage({ ...inUse, q: '', retailer: 'Google Play' })).toBe(
      'No links at Google Play',
    );
  });

  test('says when no archived link matches', () => {
    expect(noMatchMessage({ q: '', retailer: '', archived: true })).toBe('No archived links');
    expect(noMatchMessage({ q: 'salt', retailer: '', archived: true })).toBe(
      'No archived links match “salt”',
    );
  });
});

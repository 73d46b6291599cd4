import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import {
  clickCountLabel,
  linkCountLabel,
  linksPageQuery,
  pageCount,
  withLinkAdded,
} from '@/features/links/link-display';

describe('linksPageQuery', () => {
  test.each([
    [1, { skip: 0, take: 20 }],
    [2, { skip: 20, take: 20 }],
    [5, { skip: 80, take: 20 }],
  ])('page %d asks for %o', (page, expected) => {
    expect(linksPageQuery(page)).toEqual(expected);
  });

  test('a page below 1 is read as the first page', () => {
    expect(linksPageQuery(0)).toEqual({ skip: 0, take: 20 });
  });
});

describe('pageCount', () => {
  test.each([
    [0, 1],
    [1, 1],
    [20, 1],
    [21, 2],
    [23, 2],
    [41, 3],
  ])('%d links make %d pages of 20', (total, pages) => {
    expect(pageCount(total, 20)).toBe(pages);
  });

  test('every link is on exactly one page', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: 1, max: 100 }), (total, perPage) => {
        const pages = pageCount(total, perPage);
        expect(pages * perPage).toBeGreaterThanOrEqual(total);
        expect(pages === 1 || (pages - 1) * perPage < total).toBe(true);
      }),
    );
  });
});

describe('count labels', () => {
  test.each([
    [0, '0 links'],
    [1, '1 link'],
    [23, '23 links'],
    [1250, '1.3k links'],
  ])('%d → %s', (count, label) => {
    expect(linkCountLabel(count)).toBe(label);
  });

  test.each([
    [1, '1 click'],
    [12, '12 clicks'],
    [18_423, '18.4k clicks'],
    [2_500_000, '2.5M clicks'],
  ])('%d → %s', (count, label) => {
    expect(clickCountLabel(count)).toBe(label);
  });
});

describe('withLinkAdded', () => {
  test('appends a new link at the end', () => {
    expect(withLinkAdded(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
  });

  test('keeps a link that is already there once, in place', () => {
    expect(withLinkAdded(['a', 'b'], 'a')).toEqual(['a', 'b']);
  });

  test('does not change the list it is given', () => {
    const ids = ['a'];
    withLinkAdded(ids, 'b');
    expect(ids).toEqual(['a']);
  });
});

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import { abbreviateNumber } from '@/lib/format-number';

describe('abbreviateNumber', () => {
  test.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [12.34, '12.3'],
    [1000, '1k'],
    [1150, '1.2k'],
    [1250, '1.3k'],
    [18_423, '18.4k'],
    [999_949, '999.9k'],
    [999_950, '1M'],
    [1_500_000, '1.5M'],
    [2_000_000_000, '2G'],
    [3.25e12, '3.3T'],
    [4e15, '4P'],
    [5.5e18, '5.5E'],
    [2e21, '2000E'],
    [-999, '-999'],
    [-1250, '-1.3k'],
    [-1_500_000, '-1.5M'],
    [-0.01, '0'],
  ])('%d → %s', (value, expected) => {
    expect(abbreviateNumber(value)).toBe(expected);
  });

  test.each([
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    [Number.NEGATIVE_INFINITY, '-Infinity'],
  ])('%d is printed as is', (value, expected) => {
    expect(abbreviateNumber(value)).toBe(expected);
  });

  test('never prints 1000 of a unit below E, nor a trailing .0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (n) => {
          const text = abbreviateNumber(n);
          expect(text).toMatch(/^-?\d{1,3}(\.\d)?[kMGTP]?$/);
          expect(text).not.toMatch(/\.0/);
        },
      ),
    );
  });

  test('keeps the sign of negative numbers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(abbreviateNumber(-n)).toBe(`-${abbreviateNumber(n)}`);
      }),
    );
  });
});

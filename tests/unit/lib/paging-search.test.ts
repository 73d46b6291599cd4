import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { FIRST_PAGE, pagingSearchSchema } from '@/lib/paging-search';

describe('pagingSearchSchema', () => {
  test('keeps a whole page number from 1', () => {
    expect(v.parse(pagingSearchSchema, { page: 3 })).toEqual({ page: 3 });
  });

  test('starts at the first page when none is given', () => {
    expect(v.parse(pagingSearchSchema, {})).toEqual({ page: FIRST_PAGE });
  });

  test.each([0, -2, 1.5, 'two', null])('reads page %o as the first page', (page) => {
    expect(v.parse(pagingSearchSchema, { page })).toEqual({ page: FIRST_PAGE });
  });
});

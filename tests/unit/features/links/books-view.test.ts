import { act } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  BOOKS_VIEW_STORAGE_KEY,
  keepBooksView,
  readBooksView,
  useBooksView,
} from '@/features/links/books-view';
import { renderHook } from '../../support/render';

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('readBooksView', () => {
  test('reads the kept view', () => {
    window.localStorage.setItem(BOOKS_VIEW_STORAGE_KEY, 'list');
    expect(readBooksView(window.localStorage)).toBe('list');
  });

  test.each([null, 'table', ''])('starts with cards when the kept view is %o', (kept) => {
    const storage = { getItem: () => kept };
    expect(readBooksView(storage)).toBe('cards');
  });

  test('starts with cards when storage is switched off', () => {
    const storage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(readBooksView(storage)).toBe('cards');
    expect(readBooksView(undefined)).toBe('cards');
  });
});

test('keepBooksView keeps the choice, and does not fail where storage is full', () => {
  keepBooksView(window.localStorage, 'list');
  expect(window.localStorage.getItem(BOOKS_VIEW_STORAGE_KEY)).toBe('list');
  const full = {
    setItem: () => {
      throw new DOMException('full', 'QuotaExceededError');
    },
  };
  expect(() => {
    keepBooksView(full, 'cards');
  }).not.toThrow();
});

describe('useBooksView', () => {
  test('renders the kept view from the first render on', () => {
    window.localStorage.setItem(BOOKS_VIEW_STORAGE_KEY, 'list');
    const renders: string[] = [];
    renderHook(() => {
      const [view] = useBooksView();
      renders.push(view);
      return view;
    });
    expect(renders[0]).toBe('list');
    expect(new Set(renders)).toEqual(new Set(['list']));
  });

  test('switches the view and remembers it for the next visit', () => {
    const { result, unmount } = renderHook(() => useBooksView());
    expect(result.current[0]).toBe('cards');
    act(() => {
      result.current[1]('list');
    });
    expect(result.current[0]).toBe('list');
    unmount();
    expect(renderHook(() => useBooksView()).result.current[0]).toBe('list');
  });
});

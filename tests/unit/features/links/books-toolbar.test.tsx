import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { BOOKS_SEARCH_DEFAULTS, type BooksSearch } from '@/features/links/books-search';
import { BooksToolbar, SEARCH_DEBOUNCE_MS } from '@/features/links/books-toolbar';
import { render } from '../../support/render';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function renderToolbar(search: BooksSearch = BOOKS_SEARCH_DEFAULTS) {
  const onSearchChange = vi.fn();
  const onViewChange = vi.fn();
  const view = render(
    <BooksToolbar
      search={search}
      onSearchChange={onSearchChange}
      view="cards"
      onViewChange={onViewChange}
    />,
  );
  const rerender = (next: BooksSearch) => {
    view.rerender(
      <BooksToolbar
        search={next}
        onSearchChange={onSearchChange}
        view="cards"
        onViewChange={onViewChange}
      />,
    );
  };
  return { onSearchChange, onViewChange, rerender };
}

/** Lets `ms` of the page's time go by. */
function pass(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function type(words: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search links' }), {
    target: { value: words },
  });
}

test('searches once the typing pauses, marked as typing so the address is replaced', () => {
  const { onSearchChange } = renderToolbar();
  type('s');
  pass(SEARCH_DEBOUNCE_MS - 50);
  type('sa');
  pass(SEARCH_DEBOUNCE_MS - 1);
  expect(onSearchChange).not.toHaveBeenCalled();
  pass(1);
  expect(onSearchChange).toHaveBeenCalledExactlyOnceWith({ q: 'sa' }, true);
});

test('Enter searches at once', () => {
  const { onSearchChange } = renderToolbar();
  type('salt');
  fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search links' }), { key: 'Enter' });
  expect(onSearchChange).toHaveBeenCalledExactlyOnceWith({ q: 'salt' }, true);
});

test('keeps what is being typed when the address catches up with an earlier part', () => {
  const { onSearchChange, rerender } = renderToolbar();
  type('salt');
  pass(SEARCH_DEBOUNCE_MS);
  type('salt orch');
  // The address now holds the first search, while the author types on.
  rerender({ ...BOOKS_SEARCH_DEFAULTS, q: 'salt' });
  expect(screen.getByRole('searchbox', { name: 'Search links' })).toHaveValue('salt orch');
  pass(SEARCH_DEBOUNCE_MS);
  expect(onSearchChange).toHaveBeenLastCalledWith({ q: 'salt orch' }, true);
});

test('shows a search changed elsewhere, such as a reset or going back', () => {
  const { rerender } = renderToolbar({ ...BOOKS_SEARCH_DEFAULTS, q: 'salt' });
  expect(screen.getByRole('searchbox', { name: 'Search links' })).toHaveValue('salt');
  rerender(BOOKS_SEARCH_DEFAULTS);
  expect(screen.getByRole('searchbox', { name: 'Search links' })).toHaveValue('');
});

test('sort and retailer changes are steps of their own, and the view is a pressed button', () => {
  const { onSearchChange, onViewChange } = renderToolbar();
  fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), {
    target: { value: 'title' },
  });
  expect(onSearchChange).toHaveBeenLastCalledWith({ sort: 'title' });
  fireEvent.change(screen.getByRole('combobox', { name: 'Retailer' }), {
    target: { value: 'Kobo' },
  });
  expect(onSearchChange).toHaveBeenLastCalledWith({ retailer: 'Kobo' });
  expect(screen.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
  fireEvent.click(screen.getByRole('button', { name: 'List' }));
  expect(onViewChange).toHaveBeenCalledWith('list');
});

import { useCallback, useState } from 'react';

/** How the Books screen draws links: roomy cards, or a dense list of rows. */
export type BooksView = 'cards' | 'list';

export const DEFAULT_BOOKS_VIEW: BooksView = 'cards';

/** A display preference kept per browser; it holds nothing about the account. */
export const BOOKS_VIEW_STORAGE_KEY = 'shelflink.books-view';

/** The view kept in `storage`, or the default when none is kept, it is unknown or unreadable. */
export function readBooksView(storage: Pick<Storage, 'getItem'> | undefined): BooksView {
  try {
    const kept = storage?.getItem(BOOKS_VIEW_STORAGE_KEY);
    return kept === 'cards' || kept === 'list' ? kept : DEFAULT_BOOKS_VIEW;
  } catch {
    // Storage can be switched off; the page then simply starts with the default.
    return DEFAULT_BOOKS_VIEW;
  }
}

/** Keeps `view` in `storage`; where storage is full or switched off, the choice lasts the visit. */
export function keepBooksView(storage: Pick<Storage, 'setItem'> | undefined, view: BooksView) {
  try {
    storage?.setItem(BOOKS_VIEW_STORAGE_KEY, view);
  } catch {
    // Nothing to do: the preference is only a convenience.
  }
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The author's view of the Books screen, read from storage as the page first renders, so a list
 * view never flashes as cards first.
 */
export function useBooksView(): [BooksView, (view: BooksView) => void] {
  const [view, setView] = useState(() => readBooksView(browserStorage()));
  const choose = useCallback((next: BooksView) => {
    setView(next);
    keepBooksView(browserStorage(), next);
  }, []);
  return [view, choose];
}

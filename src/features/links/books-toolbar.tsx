// NativeSelect's chevron: the one on-demand style the toolbar draws. The rest of
// on-demand-mantine-styles loads with the card menus, not with the page.
import '@mantine/core/styles/Combobox.css';
import { Button, CloseButton, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconLayoutList, IconLayoutGrid, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import {
  KNOWN_RETAILERS,
  SEARCH_MAX_LENGTH,
  type BooksSearch,
  type LinkSort,
} from './books-search';
import type { BooksView } from './books-view';
import classes from './books-toolbar.module.css';

/** Long enough to skip the pauses within a word, short enough to feel like it follows typing. */
export const SEARCH_DEBOUNCE_MS = 250;

const SORT_CHOICES: { value: LinkSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'clicks', label: 'Most clicks' },
  { value: 'title', label: 'Title A–Z' },
];

const RETAILER_CHOICES = [
  { value: '', label: 'All retailers' },
  ...KNOWN_RETAILERS.map((retailer) => ({ value: retailer, label: retailer })),
];

const SHOW_CHOICES = [
  { value: 'inUse', label: 'Links in use' },
  { value: 'archived', label: 'Archived' },
];

const VIEWS: { value: BooksView; label: string; icon: typeof IconLayoutGrid }[] = [
  { value: 'cards', label: 'Cards', icon: IconLayoutGrid },
  { value: 'list', label: 'List', icon: IconLayoutList },
];

export interface BooksToolbarProps {
  search: BooksSearch;
  /** `typing` marks a search sent while the author types: it replaces the history entry. */
  onSearchChange: (change: Partial<BooksSearch>, typing?: boolean) => void;
  view: BooksView;
  onViewChange: (view: BooksView) => void;
}

/** Search, order, retailer, archived or not, and view of the Books screen. */
export function BooksToolbar({ search, onSearchChange, view, onViewChange }: BooksToolbarProps) {
  return (
    <Group gap="sm" align="flex-end" className={classes.toolbar}>
      <SearchBox
        q={search.q}
        onSearch={(q) => {
          onSearchChange({ q }, true);
        }}
      />
      <NativeSelect
        label="Sort by"
        data={SORT_CHOICES}
        value={search.sort}
        onChange={(event) => {
          onSearchChange({ sort: event.currentTarget.value as LinkSort });
        }}
      />
      <NativeSelect
        label="Retailer"
        data={RETAILER_CHOICES}
        value={search.retailer}
        onChange={(event) => {
          onSearchChange({ retailer: event.currentTarget.value as BooksSearch['retailer'] });
        }}
      />
      <NativeSelect
        label="Show"
        data={SHOW_CHOICES}
        value={search.archived ? 'archived' : 'inUse'}
        onChange={(event) => {
          onSearchChange({ archived: event.currentTarget.value === 'archived' });
        }}
      />
      <Button.Group aria-label="View" className={classes.views}>
        {VIEWS.map(({ value, label, icon: Icon }) => (
          <Button
            key={value}
            variant={view === value ? 'filled' : 'default'}
            aria-pressed={view === value}
            leftSection={<Icon size={16} aria-hidden="true" />}
            onClick={() => {
              onViewChange(value);
            }}
          >
            {label}
          </Button>
        ))}
      </Button.Group>
    </Group>
  );
}

/**
 * Searches as the author types, once a pause of {@link SEARCH_DEBOUNCE_MS} says a word is done
 * (Enter searches at once). The box keeps what was typed while the address catches up; a search
 * changed elsewhere (a reset, going back) is shown once the author is not typing.
 */
function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const [typing, setTyping] = useState(false);
  const [shownSearch, setShownSearch] = useState(q);
  if (q !== shownSearch) {
    setShownSearch(q);
    if (!typing) setText(q);
  }
  const send = useDebouncedCallback((words: string) => {
    setTyping(false);
    onSearch(words);
  }, SEARCH_DEBOUNCE_MS);
  const type = (words: string) => {
    setText(words);
    setTyping(true);
    send(words);
  };
  const input = useSearchShortcut();

  return (
    <TextInput
      ref={input}
      type="search"
      label="Search links"
      placeholder="Title, author, code or destination"
      maxLength={SEARCH_MAX_LENGTH}
      value={text}
      className={classes.search}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={
        text && (
          <CloseButton
            aria-label="Clear the search box"
            onClick={() => {
              type('');
              send.flush();
              input.current?.focus();
            }}
          />
        )
      }
      onChange={(event) => {
        type(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') send.flush();
      }}
    />
  );
}

/** "/" anywhere on the page but in a field puts the focus in the search box. */
function useSearchShortcut() {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const focusSearch = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', focusSearch);
    return () => {
      document.removeEventListener('keydown', focusSearch);
    };
  }, []);
  return input;
}

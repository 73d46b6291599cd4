import { Box, Center, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { BookCover } from '@/components/book-cover';
import type { MosaicBook } from './collection-types';
import classes from './collection-mosaic.module.css';

/** How many books a collection's card shows. */
export const MOSAIC_SIZE = 4;
export const COVER_BAND_HEIGHT = 180;

/** Wider covers for fewer books, so one book does not sit alone as a thumbnail. */
const COVER_WIDTHS = [96, 96, 84, 70, 60] as const;

interface CollectionMosaicProps {
  /** How many links the collection holds. */
  linkCount: number;
  /** Its first books, in its order; undefined while they load. */
  books: MosaicBook[] | undefined;
}

/** The covers of a collection's first books, side by side; their own tile for those without. */
export function CollectionMosaic({ linkCount, books }: CollectionMosaicProps) {
  if (linkCount === 0) return <EmptyMosaic />;
  if (books === undefined) {
    return <Skeleton h={COVER_BAND_HEIGHT} radius={0} aria-hidden="true" />;
  }
  if (books.length === 0) return <MosaicPlaceholder />;
  const shown = books.slice(0, MOSAIC_SIZE);
  const width = COVER_WIDTHS[shown.length] ?? COVER_WIDTHS[MOSAIC_SIZE];
  const more = linkCount - shown.length;
  return (
    <Center
      h={COVER_BAND_HEIGHT}
      bg="var(--mantine-color-default-hover)"
      role="img"
      aria-label={mosaicLabel(shown, more)}
    >
      <Group gap={8} wrap="nowrap" className={classes.covers}>
        {shown.map((book) => (
          <BookCover
            key={book.id}
            src={book.coverImageUrl}
            title={book.title}
            author={book.author}
            width={width}
          />
        ))}
      </Group>
    </Center>
  );
}

/** 'Covers of The Salt Orchard, The Winter Ledger and 3 more books'. */
export function mosaicLabel(books: readonly MosaicBook[], more: number): string {
  const titles = books.map((book) => book.title.trim() || 'an untitled book');
  if (more > 0)
    return `Covers of ${titles.join(', ')} and ${more} more ${more === 1 ? 'book' : 'books'}`;
  const last = titles.pop();
  return titles.length === 0 ? `Cover of ${last}` : `Covers of ${titles.join(', ')} and ${last}`;
}

function EmptyMosaic() {
  return (
    <Stack
      h={COVER_BAND_HEIGHT}
      align="center"
      justify="center"
      gap="xs"
      bg="var(--mantine-color-default-hover)"
    >
      <Group gap={8} wrap="nowrap" aria-hidden="true">
        {Array.from({ length: MOSAIC_SIZE }, (_, slot) => (
          <Box key={slot} className={classes.emptySlot} />
        ))}
      </Group>
      <Text size="sm">No books in this collection yet</Text>
    </Stack>
  );
}

/** The collection's books could not be shown (they failed to load, or are gone). */
function MosaicPlaceholder() {
  return (
    <Center h={COVER_BAND_HEIGHT} bg="var(--mantine-color-default-hover)" c="dimmed">
      <IconStack2 size={48} aria-hidden="true" />
    </Center>
  );
}

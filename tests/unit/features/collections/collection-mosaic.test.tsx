import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { CollectionMosaic, mosaicLabel } from '@/features/collections/collection-mosaic';
import { render } from '../../support/render';

const book = (id: string, title: string) => ({
  id,
  title,
  author: 'Maya Okafor',
  coverImageUrl: null,
});

describe('mosaicLabel', () => {
  test('names the books shown, and how many more the collection holds', () => {
    expect(mosaicLabel([book('a', 'The Salt Orchard')], 0)).toBe('Cover of The Salt Orchard');
    expect(mosaicLabel([book('a', 'The Salt Orchard'), book('b', 'The Winter Ledger')], 0)).toBe(
      'Covers of The Salt Orchard and The Winter Ledger',
    );
    expect(mosaicLabel([book('a', 'The Salt Orchard'), book('b', '')], 1)).toBe(
      'Covers of The Salt Orchard, an untitled book and 1 more book',
    );
  });
});

describe('CollectionMosaic', () => {
  test('says so when the collection holds no books', () => {
    render(<CollectionMosaic linkCount={0} books={[]} />);
    expect(screen.getByText('No books in this collection yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  test('holds the place of books still loading, and shows a plain tile for books gone', () => {
    const { container, unmount } = render(<CollectionMosaic linkCount={2} books={undefined} />);
    expect(container.querySelector('.mantine-Skeleton-root')).not.toBeNull();
    unmount();
    render(<CollectionMosaic linkCount={2} books={[]} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText('No books in this collection yet')).not.toBeInTheDocument();
  });
});

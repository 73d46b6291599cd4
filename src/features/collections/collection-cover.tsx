import { Image, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { COVER_BAND_HEIGHT, CollectionMosaic } from './collection-mosaic';
import { collectionImageQueryOptions } from './collections-queries';
import type { MosaicBook } from './collection-types';

interface CollectionCoverProps {
  imageId: string | null;
  linkCount: number;
  /** The collection's first books, in its order; undefined while they load. */
  books: MosaicBook[] | undefined;
}

/** The collection's own cover image when it has one, else a mosaic of its books' covers. */
export function CollectionCover({ imageId, linkCount, books }: CollectionCoverProps) {
  const mosaic = <CollectionMosaic linkCount={linkCount} books={books} />;
  if (!imageId) return mosaic;
  return <RegisteredCover imageId={imageId} fallback={mosaic} />;
}

function RegisteredCover({ imageId, fallback }: { imageId: string; fallback: ReactNode }) {
  const image = useQuery(collectionImageQueryOptions(imageId));
  const [failedUrl, setFailedUrl] = useState<string>();
  if (image.isPending) return <Skeleton h={COVER_BAND_HEIGHT} radius={0} />;
  if (image.isError || failedUrl === image.data.url) return fallback;
  return (
    <Image
      src={image.data.url}
      alt={image.data.attributes.alt}
      h={COVER_BAND_HEIGHT}
      fit="contain"
      bg="var(--mantine-color-default-hover)"
      onError={() => {
        setFailedUrl(image.data.url);
      }}
    />
  );
}

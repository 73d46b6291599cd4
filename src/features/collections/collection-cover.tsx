import { Center, Image, Skeleton } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { collectionImageQueryOptions } from './collections-queries';

const COVER_HEIGHT = 180;

export function CollectionCover({ imageId }: { imageId: string | null }) {
  if (!imageId) return <CoverPlaceholder />;
  return <RegisteredCover imageId={imageId} />;
}

function RegisteredCover({ imageId }: { imageId: string }) {
  const image = useQuery(collectionImageQueryOptions(imageId));
  const [failedUrl, setFailedUrl] = useState<string>();
  if (image.isPending) return <Skeleton h={COVER_HEIGHT} radius={0} />;
  if (image.isError || failedUrl === image.data.url) return <CoverPlaceholder />;
  return (
    <Image
      src={image.data.url}
      alt={image.data.attributes.alt}
      h={COVER_HEIGHT}
      fit="contain"
      bg="gray.1"
      onError={() => {
        setFailedUrl(image.data.url);
      }}
    />
  );
}

function CoverPlaceholder() {
  return (
    <Center h={COVER_HEIGHT} bg="gray.1" c="gray.5">
      <IconStack2 size={48} aria-hidden="true" />
    </Center>
  );
}

import { Center, Image } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useFirstScreenPainted } from '@/shell/use-first-screen-painted';
import { isWebAddress } from './link-display';

const COVER_ASPECT = 1.5;

/**
 * A book cover, or a neutral placeholder of the same size when there is none, it is not a web
 * address or it fails to load. Covers come from the image host, a connection of their own: on
 * the first screen they start loading once it is painted, so a page of twenty covers does not
 * hold up the page's own code and calls on a slow connection.
 */
export function BookCover({ src, width = 56 }: { src: string | null; width?: number }) {
  const [failedSrc, setFailedSrc] = useState<string>();
  const firstScreenPainted = useFirstScreenPainted(useRouter());
  const height = Math.round(width * COVER_ASPECT);
  if (!src || !isWebAddress(src) || failedSrc === src || !firstScreenPainted) {
    return (
      <Center
        w={width}
        h={height}
        bg="gray.1"
        c="gray.6"
        style={{ borderRadius: 4, flexShrink: 0 }}
      >
        <IconBook2 size={width / 2} aria-hidden="true" />
      </Center>
    );
  }
  return (
    <Image
      src={src}
      alt=""
      w={width}
      h={height}
      fit="cover"
      radius="sm"
      bg="gray.1"
      style={{ flexShrink: 0 }}
      onError={() => {
        setFailedSrc(src);
      }}
    />
  );
}

import { Center, Image } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useState } from 'react';

const COVER_ASPECT = 1.5;

/** A book cover, or a neutral placeholder when there is none or it fails to load. */
export function BookCover({ src, width = 56 }: { src: string | null; width?: number }) {
  const [failedSrc, setFailedSrc] = useState<string>();
  const height = Math.round(width * COVER_ASPECT);
  if (!src || failedSrc === src) {
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
      style={{ flexShrink: 0 }}
      onError={() => {
        setFailedSrc(src);
      }}
    />
  );
}

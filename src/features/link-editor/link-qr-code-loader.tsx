import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { loadOnce } from '@/lib/load-once';
import { QR_CODE_DISPLAY_SIZE } from './link-qr-code-size';

/** A size "sm" button's height: the download button under the code. */
const DOWNLOAD_BUTTON_HEIGHT = 36;

// The QR code library is needed only once a link exists, so it is a chunk of its own.
const loadLinkQrCode = loadOnce(() => import('./link-qr-code'));

const LinkQrCode = lazy(() => loadLinkQrCode().then(({ LinkQrCode }) => ({ default: LinkQrCode })));

/** Starts loading the QR code ahead of need, e.g. while the author is still on the form. */
export function preloadLinkQrCode(): void {
  loadLinkQrCode().catch(() => undefined);
}

/** The created link's QR code; while its code loads, a placeholder of the same size. */
export function LazyLinkQrCode({ value, code }: { value: string; code: string }) {
  return (
    <Suspense
      fallback={
        <Stack gap="xs" align="center" role="status" aria-label="Loading the QR code">
          <Skeleton w={QR_CODE_DISPLAY_SIZE} h={QR_CODE_DISPLAY_SIZE} radius={8} />
          <Skeleton w={QR_CODE_DISPLAY_SIZE} h={DOWNLOAD_BUTTON_HEIGHT} />
        </Stack>
      }
    >
      <LinkQrCode value={value} code={code} />
    </Suspense>
  );
}

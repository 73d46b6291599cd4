import { Skeleton, Stack } from '@mantine/core';
import { lazyModule } from '@/lib/later/lazy-module';
import { QR_CODE_DISPLAY_SIZE } from './link-qr-code-size';

/** A size "sm" button's height: the download button under the code. */
const DOWNLOAD_BUTTON_HEIGHT = 36;

/**
 * The QR code library is needed only once a link exists, so it is a chunk of its own; the editor
 * preloads it while the author is still on the form.
 */
export const linkQrCode = lazyModule(() => import('./link-qr-code'));

/** The created link's QR code; while its code loads, a placeholder of the same size. */
export const LazyLinkQrCode = linkQrCode.component(
  ({ LinkQrCode }) => LinkQrCode,
  <Stack gap="xs" align="center" role="status" aria-label="Loading the QR code">
    <Skeleton w={QR_CODE_DISPLAY_SIZE} h={QR_CODE_DISPLAY_SIZE} radius={8} />
    <Skeleton w={QR_CODE_DISPLAY_SIZE} h={DOWNLOAD_BUTTON_HEIGHT} />
  </Stack>,
);

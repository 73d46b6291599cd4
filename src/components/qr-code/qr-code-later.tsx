import { Skeleton, Stack } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { lazyModule } from '@/lib/later/lazy-module';
import { useModuleOnDemand } from '@/lib/later/use-module-on-demand';
import { QR_CODE_DISPLAY_SIZE } from './qr-code-style';

/** A size "sm" button's height: the download button under the code. */
const DOWNLOAD_BUTTON_HEIGHT = 36;

/**
 * The QR code library is needed only once a link exists, so it is a chunk of its own; the link
 * editor preloads it while the author is still on the form.
 */
export const qrCode = lazyModule(() => import('./qr-code'));

/** A short link's QR code; while its code loads, a placeholder of the same size. */
export const LazyQrCode = qrCode.component(
  ({ QrCode }) => QrCode,
  <Stack gap="xs" align="center" role="status" aria-label="Loading the QR code">
    <Skeleton w={QR_CODE_DISPLAY_SIZE} h={QR_CODE_DISPLAY_SIZE} radius={8} />
    <Skeleton w={QR_CODE_DISPLAY_SIZE} h={DOWNLOAD_BUTTON_HEIGHT} />
  </Stack>,
);

/** The dialog with every QR code option: sizes, colours, an image, PNG and SVG. */
export const qrCodeDialog = lazyModule(() => import('./qr-code-dialog'));

/**
 * A QR code dialog whose code loads when it is first opened (or warmed up, from a pointer over
 * what opens it). Render `QrCodeDialog` once it is there, with `opened` and `close`.
 */
export function useQrCodeDialog() {
  const { loaded, warmUp, request } = useModuleOnDemand(qrCodeDialog.load);
  const [wanted, setWanted] = useState(false);
  const [opened, setOpened] = useState(false);
  const open = useCallback(() => {
    request(() => {
      setWanted(true);
    });
  }, [request]);
  // The dialog is mounted closed, then opened on the next frame: Mantine notes the element to
  // give the focus back to only when a modal opens after it has mounted.
  useEffect(() => {
    if (!wanted || !loaded) return;
    const frame = requestAnimationFrame(() => {
      setWanted(false);
      setOpened(true);
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [wanted, loaded]);
  const close = useCallback(() => {
    setOpened(false);
  }, []);
  return { QrCodeDialog: loaded?.QrCodeDialog, opened, open, close, warmUp };
}

import { Button, type ButtonProps } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { QrCodeLink } from './qr-code-dialog';
import { useQrCodeDialog } from './qr-code-later';

interface QrCodeButtonProps extends Pick<ButtonProps, 'variant' | 'size'> {
  link: QrCodeLink;
  children: ReactNode;
  /** Called as the dialog is asked for, before it has loaded: a screen may fetch the cover then. */
  onOpen?: () => void;
}

/** A button that opens a link's QR code dialog, whose code loads on the way. */
export function QrCodeButton({ link, children, onOpen, ...buttonProps }: QrCodeButtonProps) {
  const dialog = useQrCodeDialog();
  return (
    <>
      <Button
        {...buttonProps}
        leftSection={<IconQrcode size={16} aria-hidden="true" />}
        onPointerEnter={dialog.warmUp}
        onFocus={dialog.warmUp}
        onClick={() => {
          onOpen?.();
          dialog.open();
        }}
      >
        {children}
      </Button>
      {dialog.QrCodeDialog && (
        <dialog.QrCodeDialog opened={dialog.opened} onClose={dialog.close} link={link} />
      )}
    </>
  );
}

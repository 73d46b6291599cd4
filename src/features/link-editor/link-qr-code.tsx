import { Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { QRCodeCanvas } from 'qrcode.react';
import { useRef } from 'react';
import { QR_CODE_DISPLAY_SIZE as DISPLAY_SIZE } from './link-qr-code-size';

// Drawn larger than shown, so the downloaded image prints sharply.
const DRAWN_SIZE = 512;

/** `<code>.png`, with anything that cannot be in a file name replaced. */
export function qrCodeFileName(code: string): string {
  const safe = code.replace(/[^A-Za-z0-9_-]/g, '-');
  return `${safe || 'shelflink'}.png`;
}

export function LinkQrCode({ value, code }: { value: string; code: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  const download = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const anchor = document.createElement('a');
    anchor.href = canvas.toDataURL('image/png');
    anchor.download = qrCodeFileName(code);
    anchor.click();
  };

  return (
    <Stack gap="xs" align="center">
      <QRCodeCanvas
        ref={canvasRef}
        value={value}
        size={DRAWN_SIZE}
        marginSize={2}
        level="M"
        role="img"
        aria-label={`QR code for ${value}`}
        style={{ width: DISPLAY_SIZE, height: DISPLAY_SIZE, borderRadius: 8 }}
      />
      <Button
        variant="default"
        size="sm"
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        onClick={download}
      >
        Download QR code
      </Button>
    </Stack>
  );
}

import { Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { QRCodeCanvas } from 'qrcode.react';
import { useRef } from 'react';
import { downloadCanvasPng } from './qr-code-download';
import {
  DEFAULT_QR_CODE_SIZE,
  errorCorrectionLevel,
  QR_CODE_DISPLAY_SIZE,
  qrCodeFileName,
  qrCodeSize,
} from './qr-code-style';

// Drawn larger than shown, so the downloaded image prints sharply.
const DRAWN_SIZE = qrCodeSize(DEFAULT_QR_CODE_SIZE).pixels;

/** A short link's QR code in black on white, with a button that saves it as `<code>.png`. */
export function QrCode({ value, code }: { value: string; code: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  const download = () => {
    if (canvasRef.current) downloadCanvasPng(canvasRef.current, qrCodeFileName(code), DRAWN_SIZE);
  };

  return (
    <Stack gap="xs" align="center">
      <QRCodeCanvas
        ref={canvasRef}
        value={value}
        size={DRAWN_SIZE}
        marginSize={2}
        level={errorCorrectionLevel(false)}
        role="img"
        aria-label={`QR code for ${value}`}
        style={{ width: QR_CODE_DISPLAY_SIZE, height: QR_CODE_DISPLAY_SIZE, borderRadius: 8 }}
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

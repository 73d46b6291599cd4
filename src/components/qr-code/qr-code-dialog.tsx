import '@/components/on-demand-mantine-styles';
import { Button, ColorInput, Group, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { QRCodeCanvas, QRCodeSVG } from 'qrcode.react';
import { useRef, useState } from 'react';
import { StackedModal } from '@/components/stacked-modal';
import { verbatimFieldProps } from '@/lib/validation-rules';
import { downloadCanvasPng, downloadSvg } from './qr-code-download';
import { QrCodeImageField, useCentreImage } from './qr-code-image-field';
import {
  centreImageSize,
  DEFAULT_BACKGROUND_COLOUR,
  DEFAULT_CODE_COLOUR,
  DEFAULT_QR_CODE_SIZE,
  errorCorrectionLevel,
  normaliseHexColour,
  QR_CODE_DISPLAY_SIZE,
  QR_CODE_SIZES,
  qrCodeColourProblem,
  qrCodeFileName,
  qrCodeSize,
  type QrCodeSizeName,
} from './qr-code-style';

/** The short link a QR code is made for. */
export interface QrCodeLink {
  /** What the code encodes: the short link's full address. */
  shortUrl: string;
  /** Names the downloads. */
  code: string;
  /** Shown in the title: the link as authors read it, `shelf.to/salt-orchard`. */
  label: string;
  /** The book's cover, which the author may put in the code's middle. */
  coverUrl?: string | null | undefined;
}

interface QrCodeDialogProps {
  link: QrCodeLink | undefined;
  opened: boolean;
  onClose: () => void;
}

const PREVIEW_SIZE = QR_CODE_DISPLAY_SIZE + 32;
const CODE_SWATCHES = ['#000000', '#1a1b1e', '#1d3557', '#14532d', '#4a1d6e', '#7f1d1d'];
const BACKGROUND_SWATCHES = ['#ffffff', '#f8f9fa', '#fdf6e3', '#eef6ff', '#f0fff4', '#fff5f5'];

export function QrCodeDialog({ link, opened, onClose }: QrCodeDialogProps) {
  return (
    <StackedModal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={link ? `QR code for ${link.label}` : 'QR code'}
    >
      {link && <QrCodeOptions key={link.shortUrl} link={link} />}
    </StackedModal>
  );
}

type ColourField = 'code' | 'background';

function QrCodeOptions({ link }: { link: QrCodeLink }) {
  const [sizeName, setSizeName] = useState<QrCodeSizeName>(DEFAULT_QR_CODE_SIZE);
  const [codeText, setCodeText] = useState(DEFAULT_CODE_COLOUR);
  const [backgroundText, setBackgroundText] = useState(DEFAULT_BACKGROUND_COLOUR);
  const [lastChanged, setLastChanged] = useState<ColourField>('code');
  const centreImage = useCentreImage(link.coverUrl);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);

  const size = qrCodeSize(sizeName);
  const problem = qrCodeColourProblem(codeText, backgroundText);
  const problemAt = (field: ColourField) =>
    problem && (problem.field === field || (problem.field === 'both' && lastChanged === field))
      ? problem.message
      : undefined;
  const fgColor = normaliseHexColour(codeText) ?? DEFAULT_CODE_COLOUR;
  const bgColor = normaliseHexColour(backgroundText) ?? DEFAULT_BACKGROUND_COLOUR;
  const { image } = centreImage;
  const level = errorCorrectionLevel(image !== undefined);
  const codeProps = {
    value: link.shortUrl,
    size: size.pixels,
    marginSize: 2,
    level,
    fgColor,
    bgColor,
    imageSettings: image && {
      src: image.src,
      excavate: true,
      ...centreImageSize(size.pixels, image),
    },
  };
  const canDownload = !problem && centreImage.ready;

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <Stack gap="xs" align="center">
          <Paper withBorder radius="md" p="md">
            <QRCodeCanvas
              ref={canvasRef}
              {...codeProps}
              role="img"
              aria-label={`QR code for ${link.shortUrl}`}
              style={{ width: PREVIEW_SIZE, height: PREVIEW_SIZE, display: 'block' }}
            />
          </Paper>
          <Text size="sm" c="dimmed" ta="center">
            {size.pixels} × {size.pixels} px · error correction{' '}
            {level === 'H' ? 'high, for the image' : 'medium'}
          </Text>
          <div hidden>
            <QRCodeSVG ref={svgRef} {...codeProps} title={`QR code for ${link.shortUrl}`} />
          </div>
        </Stack>
        <Stack gap="md">
          <Radio.Group
            label="Size"
            value={sizeName}
            onChange={(value) => {
              setSizeName(value);
            }}
          >
            <Group gap="md" mt={6}>
              {QR_CODE_SIZES.map((option) => (
                <Radio
                  key={option.name}
                  value={option.name}
                  label={option.label}
                  description={`${option.pixels} px`}
                />
              ))}
            </Group>
          </Radio.Group>
          <ColorInput
            label="Code colour"
            description="Dark colours read best."
            format="hex"
            fixOnBlur={false}
            {...verbatimFieldProps}
            swatches={CODE_SWATCHES}
            eyeDropperButtonProps={{ 'aria-label': 'Pick the code colour from the screen' }}
            swatchesPerRow={6}
            value={codeText}
            onChange={(value) => {
              setCodeText(value);
              setLastChanged('code');
            }}
            error={problemAt('code')}
          />
          <ColorInput
            label="Background"
            description="A light colour, so the code stands out."
            format="hex"
            fixOnBlur={false}
            {...verbatimFieldProps}
            swatches={BACKGROUND_SWATCHES}
            eyeDropperButtonProps={{ 'aria-label': 'Pick the background from the screen' }}
            swatchesPerRow={6}
            value={backgroundText}
            onChange={(value) => {
              setBackgroundText(value);
              setLastChanged('background');
            }}
            error={problemAt('background')}
          />
          <QrCodeImageField state={centreImage} />
        </Stack>
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          disabled={!canDownload}
          onClick={() => {
            if (svgRef.current) {
              downloadSvg(svgRef.current, qrCodeFileName(link.code, 'svg', size.pixels));
            }
          }}
        >
          Download SVG
        </Button>
        <Button
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          disabled={!canDownload}
          onClick={() => {
            if (canvasRef.current) {
              downloadCanvasPng(
                canvasRef.current,
                qrCodeFileName(link.code, 'png', size.pixels),
                size.pixels,
              );
            }
          }}
        >
          Download PNG
        </Button>
      </Group>
    </Stack>
  );
}

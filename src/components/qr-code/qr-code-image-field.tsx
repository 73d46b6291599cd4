import { Button, FileInput, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { isWebAddress } from '@/lib/web-address';
import { type CentreImage, CentreImageError, loadCoverImage, readLogoFile } from './qr-code-image';
import { LOGO_TYPES } from './qr-code-style';

type CentreImageChoice = 'none' | 'cover' | 'logo';

type ImageLoad =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; image: CentreImage }
  | { status: 'failed'; message: string };

function failureMessage(error: unknown): string {
  return error instanceof CentreImageError ? error.message : 'This image could not be used.';
}

/**
 * The image in the code's middle: none, the book's cover or a logo from the author's device.
 * `image` is the one to draw; `ready` is false while a chosen image is loading or was refused,
 * when the code cannot be downloaded as chosen.
 */
export function useCentreImage(coverUrl: string | null | undefined) {
  const usableCoverUrl = coverUrl && isWebAddress(coverUrl) ? coverUrl : undefined;
  const [choice, setChoice] = useState<CentreImageChoice>('none');
  const [cover, setCover] = useState<ImageLoad>({ status: 'idle' });
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [logo, setLogo] = useState<ImageLoad>({ status: 'idle' });
  const latestLogo = useRef<File | null>(null);

  const choose = (next: CentreImageChoice) => {
    setChoice(next);
    if (next !== 'cover' || !usableCoverUrl || cover.status !== 'idle') return;
    setCover({ status: 'loading' });
    loadCoverImage(usableCoverUrl).then(
      (image) => {
        setCover({ status: 'ready', image });
      },
      (error: unknown) => {
        setCover({ status: 'failed', message: failureMessage(error) });
      },
    );
  };

  const chooseLogo = (file: File | null) => {
    setLogoFile(file);
    latestLogo.current = file;
    if (!file) {
      setLogo({ status: 'idle' });
      return;
    }
    setLogo({ status: 'loading' });
    readLogoFile(file).then(
      (image) => {
        if (latestLogo.current === file) setLogo({ status: 'ready', image });
      },
      (error: unknown) => {
        if (latestLogo.current === file)
          setLogo({ status: 'failed', message: failureMessage(error) });
      },
    );
  };

  const chosen = choice === 'cover' ? cover : choice === 'logo' ? logo : undefined;
  return {
    choice,
    choose,
    hasCover: usableCoverUrl !== undefined,
    cover,
    logoFile,
    chooseLogo,
    logo,
    image: chosen?.status === 'ready' ? chosen.image : undefined,
    ready: choice === 'none' || chosen?.status === 'ready',
  };
}

export type CentreImageState = ReturnType<typeof useCentreImage>;

export function QrCodeImageField({ state }: { state: CentreImageState }) {
  const { choice, choose, hasCover, cover, logo } = state;
  return (
    <Stack gap="xs">
      <Radio.Group
        label="In the middle"
        description="An image raises the code's error correction so that it still reads."
        value={choice}
        onChange={(value) => {
          choose(value);
        }}
        error={choice === 'cover' && cover.status === 'failed' ? cover.message : undefined}
      >
        <Group gap="md" mt={6}>
          <Radio value="none" label="Nothing" />
          {hasCover && <Radio value="cover" label="The book’s cover" />}
          <Radio value="logo" label="Your logo" />
        </Group>
      </Radio.Group>
      {choice === 'cover' && cover.status === 'loading' && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Loading the cover…</Text>
        </Group>
      )}
      {choice === 'cover' && cover.status === 'failed' && (
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          leftSection={<IconPhoto size={14} aria-hidden="true" />}
          onClick={() => {
            choose('logo');
          }}
        >
          Upload a logo instead
        </Button>
      )}
      {choice === 'logo' && (
        <FileInput
          label="Your logo"
          description="PNG, JPEG, WebP or GIF, up to 1 MB. It stays on your device."
          placeholder="Choose an image"
          accept={LOGO_TYPES.join(',')}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the logo' }}
          leftSection={<IconPhoto size={16} aria-hidden="true" />}
          value={state.logoFile}
          onChange={state.chooseLogo}
          error={logo.status === 'failed' ? logo.message : undefined}
        />
      )}
    </Stack>
  );
}

import '@/components/on-demand-mantine-styles';
import {
  ActionIcon,
  Anchor,
  Button,
  CopyButton,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconList, IconPlus } from '@tabler/icons-react';
import { ButtonLink } from '@/components/button-link';
import { QrCodeButton } from '@/components/qr-code/qr-code-button';
import { LazyQrCode } from '@/components/qr-code/qr-code-later';
import { shortLinkLabel } from '@/lib/short-link';
import { isWebAddress } from '@/lib/web-address';
import { ClaimLinkForm } from './claim-link-form';
import type { CreatedLink, Link } from './use-link-editor';

interface CreatedStepProps {
  link: CreatedLink;
  onCreateAnother: () => void;
}

function ShortLinkActions({ shortUrl }: { shortUrl: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <CopyButton value={shortUrl} timeout={2000}>
        {({ copied, copy }) => (
          <>
            <Tooltip label={copied ? 'Copied' : 'Copy to clipboard'} withArrow>
              <Button
                onClick={copy}
                color={copied ? 'teal' : undefined}
                leftSection={
                  copied ? (
                    <IconCheck size={16} aria-hidden="true" />
                  ) : (
                    <IconCopy size={16} aria-hidden="true" />
                  )
                }
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </Tooltip>
            <VisuallyHidden role="status">{copied ? 'Copied' : ''}</VisuallyHidden>
          </>
        )}
      </CopyButton>
      {isWebAddress(shortUrl) && (
        <Tooltip label="Open in a new tab" withArrow>
          <ActionIcon
            component="a"
            href={shortUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size={36}
            aria-label="Open"
          >
            <IconExternalLink size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

export function CreatedStep({ link, onCreateAnother }: CreatedStepProps) {
  const leadsTo = link.title ? `${link.title}${link.author ? ` by ${link.author}` : ''}` : link.url;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" style={{ alignItems: 'center' }}>
        <Stack gap="sm">
          <TextInput
            label="Your short link"
            value={link.shortUrl}
            readOnly
            size="md"
            onFocus={(event) => {
              event.currentTarget.select();
            }}
            styles={{ input: { fontWeight: 600 } }}
          />
          <ShortLinkActions shortUrl={link.shortUrl} />
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Leads to{' '}
            {isWebAddress(link.url) ? (
              <Anchor href={link.url} target="_blank" rel="noopener noreferrer" size="sm">
                {leadsTo}
              </Anchor>
            ) : (
              leadsTo
            )}
            {link.retailer ? ` on ${link.retailer}` : ''}.
          </Text>
          {link.allStores && (
            <Text size="sm" c="dimmed">
              Readers see a page with every store.
            </Text>
          )}
        </Stack>
        <Paper withBorder p="md" radius="md">
          <CreatedLinkQrCode link={link} />
        </Paper>
      </SimpleGrid>
      <Divider />
      {'claimKey' in link ? (
        <ClaimLinkForm link={link} />
      ) : (
        <Group gap="sm">
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onCreateAnother}>
            Create another
          </Button>
          <ButtonLink
            to="/links/books"
            variant="default"
            leftSection={<IconList size={16} aria-hidden="true" />}
          >
            Your links
          </ButtonLink>
        </Group>
      )}
    </Stack>
  );
}

/** The new link's QR code, and a dialog with the rest of its options: sizes, colours, an image. */
function CreatedLinkQrCode({ link }: { link: Link }) {
  return (
    <Stack gap={4} align="center">
      <LazyQrCode value={link.shortUrl} code={link.code} />
      <QrCodeButton
        variant="subtle"
        size="xs"
        link={{
          shortUrl: link.shortUrl,
          code: link.code,
          label: shortLinkLabel(link),
          coverUrl: link.coverImageUrl,
        }}
      >
        More QR options
      </QrCodeButton>
    </Stack>
  );
}

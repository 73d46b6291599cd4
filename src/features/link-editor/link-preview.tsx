import { Badge, Box, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconBook2 } from '@tabler/icons-react';
import { useState } from 'react';
import {
  ISBN_NOT_FOUND_MESSAGE,
  PREVIEW_UNAVAILABLE_MESSAGE,
  parseDestination,
} from './link-editor-schemas';
import { useDestinationProduct, type ProductMetadata } from './use-destination-product';

/** Whether a destination is one the preview looks up. */
export function isPreviewable(destination: string): boolean {
  const kind = parseDestination(destination).kind;
  return kind === 'url' || kind === 'isbn';
}

const COVER_WIDTH = 56;
const COVER_HEIGHT = 84;

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

export function Cover({ src, title }: { src: string | null; title: string }) {
  const [failed, setFailed] = useState(false);
  if (src === null || !src.startsWith('https://') || failed) {
    return (
      <ThemeIcon variant="light" w={COVER_WIDTH} h={COVER_HEIGHT} radius="sm" aria-hidden="true">
        <IconBook2 size={28} />
      </ThemeIcon>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={title ? `Cover of ${title}` : 'Cover'}
      w={COVER_WIDTH}
      h={COVER_HEIGHT}
      style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}
      onError={() => {
        setFailed(true);
      }}
    />
  );
}

function ProductCard({ product }: { product: ProductMetadata }) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <Cover src={product.coverImageUrl} title={product.title} />
      <Stack gap={4} miw={0}>
        <Text fw={600} lineClamp={2} data-testid="preview-title">
          {product.title || hostOf(product.url)}
        </Text>
        {product.author && (
          <Text size="sm" c="dimmed" lineClamp={1}>
            {product.author}
          </Text>
        )}
        <Group gap="xs">
          {product.retailer && (
            <Badge variant="light" radius="sm">
              {product.retailer}
            </Badge>
          )}
          <Text size="xs" c="dimmed" truncate>
            {hostOf(product.url)}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}

function PreviewNotice({ children }: { children: string }) {
  return (
    <Group wrap="nowrap" gap="xs" align="flex-start">
      <IconAlertTriangle size={18} aria-hidden="true" color="var(--mantine-color-orange-7)" />
      <Text size="sm">{children}</Text>
    </Group>
  );
}

function PreviewSkeleton() {
  return (
    <Group wrap="nowrap" align="flex-start" gap="md" aria-hidden="true">
      <Skeleton w={COVER_WIDTH} h={COVER_HEIGHT} radius="sm" />
      <Stack gap={8} style={{ flex: 1 }}>
        <Skeleton h={14} w="70%" />
        <Skeleton h={12} w="40%" />
        <Skeleton h={18} w={90} />
      </Stack>
    </Group>
  );
}

/**
 * What the link will lead to: the book's cover, title, author and store. An ISBN is looked up
 * first, and the page it leads to is read. A page that cannot be read does not stop the author.
 */
export function LinkPreview({
  destination,
  settling = false,
}: {
  destination: string;
  /** The author is still typing a destination that will be previewed: hold its place. */
  settling?: boolean;
}) {
  const { parsed, isbnQuery, productQuery } = useDestinationProduct(destination);

  if (!settling && (parsed.kind === 'empty' || parsed.kind === 'invalid')) return null;

  let content;
  if (settling) {
    content = <PreviewSkeleton />;
  } else if (parsed.kind === 'isbn' && isbnQuery.isError) {
    content = <PreviewNotice>{ISBN_NOT_FOUND_MESSAGE}</PreviewNotice>;
  } else if (productQuery.data) {
    content = <ProductCard product={productQuery.data} />;
  } else if (productQuery.isError) {
    // The ISBN lookup already knows the book when its page cannot be read.
    content = isbnQuery.data ? (
      <ProductCard product={isbnQuery.data} />
    ) : (
      <PreviewNotice>{PREVIEW_UNAVAILABLE_MESSAGE}</PreviewNotice>
    );
  } else {
    content = <PreviewSkeleton />;
  }

  const loading = settling || (!productQuery.data && !productQuery.isError && !isbnQuery.isError);
  return (
    <Paper
      component="section"
      withBorder
      p="sm"
      radius="md"
      // Every state keeps the card's height, so nothing below jumps while the author reaches for it.
      mih={`calc(${COVER_HEIGHT}px + 2 * var(--mantine-spacing-sm) + 2px)`}
      display="flex"
      style={{ alignItems: 'center' }}
      aria-label="Link preview"
      aria-live="polite"
      aria-busy={loading}
    >
      <Box w="100%">{content}</Box>
    </Paper>
  );
}

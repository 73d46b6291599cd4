import '@/components/on-demand-mantine-styles';
import { Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Cover } from './link-preview';
import type { ProductMetadata } from './use-destination-product';

// The page itself lists the stores that sell the book in the reader's country.
const STORES_SHOWN = [
  'Amazon',
  'Apple Books',
  'Kobo',
  'Barnes & Noble',
  'Bookshop.org',
  'Google Play',
  'Your local bookshop',
];

/** A small picture of the page an all-stores link opens; nothing in it can be pressed. */
export function AllStoresPagePreview({ product }: { product: ProductMetadata }) {
  const captionId = useId();
  return (
    <Paper
      component="figure"
      aria-labelledby={captionId}
      withBorder
      radius="md"
      p="sm"
      m={0}
      bg="var(--mantine-color-default-hover)"
    >
      <Group component="figcaption" id={captionId} gap="xs" mb="sm">
        <Badge variant="light" radius="sm">
          Preview
        </Badge>
        <Text size="sm" c="dimmed">
          The page readers see
        </Text>
      </Group>
      <Stack aria-hidden="true" gap="xs" align="center" maw={260} mx="auto">
        <Cover src={product.coverImageUrl} title={product.title} />
        <Stack gap={0} align="center">
          <Text fw={600} size="sm" ta="center" lineClamp={2}>
            {product.title || 'Your book'}
          </Text>
          {product.author && (
            <Text size="xs" c="dimmed" ta="center" lineClamp={1}>
              {product.author}
            </Text>
          )}
        </Stack>
        <Stack gap={6} w="100%">
          {STORES_SHOWN.map((store) => (
            <Button key={store} component="div" variant="default" size="xs" fullWidth>
              {store}
            </Button>
          ))}
        </Stack>
        <Group gap={8} wrap="nowrap">
          <Checkbox.Indicator size="xs" />
          <Text size="xs">Remember my store</Text>
        </Group>
      </Stack>
      <Text size="xs" c="dimmed" mt="sm">
        Apple Books shows when it sells the book, and the local bookshop follows the reader&apos;s
        country: Waterstones in the UK.
      </Text>
    </Paper>
  );
}

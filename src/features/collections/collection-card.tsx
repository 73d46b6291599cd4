import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconPencil, IconTrash } from '@tabler/icons-react';
import { collectionLinksLabel } from './collection-form';
import { shortLinkLabel } from '@/lib/short-link';
import { CollectionCover } from './collection-cover';
import type { Collection, MosaicBook } from './collection-types';
import { ButtonLink } from '@/components/button-link';
import { CopyValueButton } from '@/components/copy-value-button';
import { DestructiveButton } from '@/components/destructive-button';
import { isWebAddress } from '@/lib/web-address';

const updatedFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

interface CollectionCardProps {
  collection: Collection;
  /** Its first books, for the mosaic; undefined while they load. */
  books: MosaicBook[] | undefined;
  onEdit: (collection: Collection) => void;
  onDelete: (collection: Collection) => void;
  /** A pointer over, or the focus on, the edit or delete button: its dialog is about to be used. */
  onActionIntent: () => void;
}

export function CollectionCard({
  collection,
  books,
  onEdit,
  onDelete,
  onActionIntent,
}: CollectionCardProps) {
  const alias = shortLinkLabel(collection);
  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Card.Section>
        <CollectionCover
          imageId={collection.imageId}
          linkCount={collection.linkIds.length}
          books={books}
        />
      </Card.Section>
      <Stack gap={6} mt="md" flex={1}>
        <Title order={3} fz="lg" lineClamp={2}>
          {collection.title}
        </Title>
        <Group gap={4} wrap="nowrap">
          {isWebAddress(collection.shortUrl) ? (
            <Anchor
              href={collection.shortUrl}
              target="_blank"
              rel="noopener noreferrer"
              fw={600}
              truncate="end"
            >
              {alias}
            </Anchor>
          ) : (
            <Text fw={600} truncate="end">
              {alias}
            </Text>
          )}
          <CopyValueButton value={collection.shortUrl} label={alias} />
        </Group>
        <Group gap="md">
          <Text size="sm">{collectionLinksLabel(collection.linkIds.length)}</Text>
          <Text size="sm" c="dimmed">
            Updated {updatedFormat.format(new Date(collection.updatedAt))}
          </Text>
        </Group>
      </Stack>
      <Group mt="md" gap="xs">
        <ButtonLink
          to="/links/collections/$id/report"
          params={{ id: collection.id }}
          variant="default"
          size="xs"
          leftSection={<IconChartBar size={14} aria-hidden="true" />}
          aria-label={`View report for ${collection.title}`}
        >
          View report
        </ButtonLink>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPencil size={14} />}
          aria-label={`Edit ${collection.title}`}
          onPointerEnter={onActionIntent}
          onFocus={onActionIntent}
          onClick={() => {
            onEdit(collection);
          }}
        >
          Edit
        </Button>
        <DestructiveButton
          leftSection={<IconTrash size={14} />}
          aria-label={`Delete ${collection.title}`}
          onPointerEnter={onActionIntent}
          onFocus={onActionIntent}
          onClick={() => {
            onDelete(collection);
          }}
        >
          Delete
        </DestructiveButton>
      </Group>
    </Card>
  );
}

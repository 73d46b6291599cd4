import { ActionIcon, Anchor, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconChartBar,
  IconDots,
  IconFlag,
  IconPencil,
  IconPointer,
  IconStack2,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { BookCover } from './book-cover';
import { CopyValueButton } from '@/components/copy-value-button';
import { clickCountLabel, isWebAddress, shortLinkLabel } from './link-display';
import type { AuthorLink } from './link-types';

const createdFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

interface LinkCardProps {
  link: AuthorLink;
  onChangeDestination: (link: AuthorLink) => void;
  onAddToCollection: (link: AuthorLink) => void;
}

export function LinkCard({ link, onChangeDestination, onAddToCollection }: LinkCardProps) {
  const label = shortLinkLabel(link);
  const store = [link.retailer, link.storefront].filter(Boolean).join(' ');
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <BookCover src={link.coverImageUrl} />
        <Stack gap={6} flex={1} miw={0}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={0} miw={0}>
              <Title order={3} fz="md" lineClamp={2}>
                {link.title || 'Untitled link'}
              </Title>
              <Text size="sm" c="dimmed" truncate="end">
                {[link.author, store].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <LinkActionsMenu
              link={link}
              onChangeDestination={onChangeDestination}
              onAddToCollection={onAddToCollection}
            />
          </Group>
          <Group gap={4} wrap="nowrap">
            {isWebAddress(link.shortUrl) ? (
              <Anchor href={link.shortUrl} target="_blank" rel="noopener noreferrer" fw={600}>
                {label}
              </Anchor>
            ) : (
              <Text fw={600}>{label}</Text>
            )}
            <CopyValueButton value={link.shortUrl} label={label} />
          </Group>
          <Destination url={link.url} />
          <Group gap="lg">
            <Group gap={4} wrap="nowrap">
              <IconPointer size={16} aria-hidden="true" />
              <Text size="sm" title={`${link.clickCount.toLocaleString('en')} clicks`}>
                {clickCountLabel(link.clickCount)}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              Created {createdFormat.format(new Date(link.createdAt))}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

function Destination({ url }: { url: string }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        Leads to
      </Text>
      {isWebAddress(url) ? (
        <Anchor
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          truncate="end"
          title={url}
          miw={0}
        >
          {url}
        </Anchor>
      ) : (
        <Text size="sm" truncate="end" title={url} miw={0}>
          {url}
        </Text>
      )}
    </Group>
  );
}

function LinkActionsMenu({ link, onChangeDestination, onAddToCollection }: LinkCardProps) {
  const params = { domain: link.domain, code: link.code };
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${shortLinkLabel(link)}`}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconPencil size={16} />}
          onClick={() => {
            onChangeDestination(link);
          }}
        >
          Change destination
        </Menu.Item>
        <Menu.Item
          leftSection={<IconChartBar size={16} />}
          renderRoot={(props) => (
            <Link {...props} to="/links/reports/$domain/$code" params={params} />
          )}
        >
          View report
        </Menu.Item>
        <Menu.Item
          leftSection={<IconStack2 size={16} />}
          onClick={() => {
            onAddToCollection(link);
          }}
        >
          Add to a collection
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconFlag size={16} />}
          renderRoot={(props) => (
            <Link {...props} to="/report-link/$domain/$code" params={params} />
          )}
        >
          Report an issue
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { ActionIcon, Anchor, Menu, Paper, Text, Title } from '@mantine/core';
import {
  IconChartBar,
  IconDots,
  IconFlag,
  IconPencil,
  IconPointer,
  IconStack2,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type ComponentPropsWithoutRef, type Ref } from 'react';
import { BookCover } from './book-cover';
import { CopyValueButton } from '@/components/copy-value-button';
import { clickCountLabel, isWebAddress, shortLinkLabel } from './link-display';
import type { AuthorLink } from './link-types';
import classes from './link-card.module.css';
import { useOpenedOnArrival } from '@/components/use-opened-on-arrival';

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
    <Paper component="li" withBorder p="md" radius="md" className={classes.card}>
      <BookCover src={link.coverImageUrl} />
      <div className={classes.body}>
        <div className={classes.heading}>
          <div className={classes.titles}>
            <Title order={3} fz="md" lineClamp={2}>
              {link.title || 'Untitled link'}
            </Title>
            <Text size="sm" c="dimmed" truncate="end">
              {[link.author, store].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <LinkActions
            link={link}
            onChangeDestination={onChangeDestination}
            onAddToCollection={onAddToCollection}
          />
        </div>
        <div className={classes.row}>
          {isWebAddress(link.shortUrl) ? (
            <Anchor href={link.shortUrl} target="_blank" rel="noopener noreferrer" fw={600}>
              {label}
            </Anchor>
          ) : (
            <Text fw={600}>{label}</Text>
          )}
          <CopyValueButton value={link.shortUrl} label={label} />
        </div>
        <Destination url={link.url} />
        <div className={classes.facts}>
          <div className={classes.row}>
            <IconPointer size={16} aria-hidden="true" />
            <Text size="sm" title={`${link.clickCount.toLocaleString('en')} clicks`}>
              {clickCountLabel(link.clickCount)}
            </Text>
          </div>
          <Text size="sm" c="dimmed">
            Created {createdFormat.format(new Date(link.createdAt))}
          </Text>
        </div>
      </div>
    </Paper>
  );
}

function Destination({ url }: { url: string }) {
  return (
    <div className={`${classes.row} ${classes.destination}`}>
      <Text size="sm" c="dimmed" className={classes.label}>
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
    </div>
  );
}

/**
 * The actions button is a plain button until it is first used: a page of twenty cards then
 * renders no menus, and the menu, rendered on that first use, opens at once.
 */
function LinkActions(props: LinkCardProps) {
  const [used, setUsed] = useState(false);
  if (used) return <LinkActionsMenu {...props} />;
  return (
    <ActionsButton
      link={props.link}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => {
        setUsed(true);
      }}
    />
  );
}

function ActionsButton({
  link,
  ...props
}: { link: AuthorLink } & ComponentPropsWithoutRef<'button'> & {
    ref?: Ref<HTMLButtonElement>;
  }) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Actions for ${shortLinkLabel(link)}`}
      {...props}
    >
      <IconDots size={18} />
    </ActionIcon>
  );
}

function LinkActionsMenu({ link, onChangeDestination, onAddToCollection }: LinkCardProps) {
  const params = { domain: link.domain, code: link.code };
  const { opened, setOpened, trigger } = useOpenedOnArrival();
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionsButton link={link} ref={trigger} />
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

import { Anchor, Button, Paper, Text, Title } from '@mantine/core';
import { IconPointer } from '@tabler/icons-react';
import { memo } from 'react';
import { CopyValueButton } from '@/components/copy-value-button';
import { isWebAddress } from '@/lib/web-address';
import { BookCover } from '@/components/book-cover';
import { Sparkline } from '@/components/sparkline';
import { LinkActions } from './link-actions';
import { LinkBadges } from './link-badges';
import { fixableByNewDestination } from './link-status';
import { shortLinkLabel } from '@/lib/short-link';
import { clickCountLabel } from './link-display';
import type { LinkActionsProps } from './link-actions-menu';
import classes from './link-card.module.css';

const createdFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

interface LinkCardProps extends LinkActionsProps {
  /** The link's clicks on each of the last 30 days, oldest first. */
  recentClicks: readonly number[];
}

/** Memoised: the cards of a page are drawn a few at a time, and the drawn ones stay as they are. */
export const LinkCard = memo(function LinkCard({
  link,
  recentClicks,
  onEdit,
  onAddToCollection,
  onArchiveChange,
  onDelete,
}: LinkCardProps) {
  const label = shortLinkLabel(link);
  const store = [link.retailer, link.storefront].filter(Boolean).join(' ');
  return (
    <Paper component="li" withBorder p="md" radius="md" className={classes.card}>
      <BookCover src={link.coverImageUrl} title={link.title} author={link.author} />
      <div className={classes.body}>
        <div className={classes.heading}>
          <div className={classes.titles}>
            <Title order={3} fz="md" lineClamp={2}>
              {link.title || 'Untitled link'}
            </Title>
            <Text size="sm" truncate="end" className={classes.dimmed}>
              {[link.author, store].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <LinkActions
            link={link}
            onEdit={onEdit}
            onAddToCollection={onAddToCollection}
            onArchiveChange={onArchiveChange}
            onDelete={onDelete}
          />
        </div>
        <div className={classes.row}>
          {isWebAddress(link.shortUrl) ? (
            <Anchor
              href={link.shortUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={classes.shortLink}
            >
              {label}
            </Anchor>
          ) : (
            <Text className={classes.shortLink}>{label}</Text>
          )}
          <CopyValueButton value={link.shortUrl} label={label} />
        </div>
        <Destination url={link.url} />
        <LinkBadges link={link} />
        {link.disabled && (
          <div className={classes.row}>
            <Text size="sm" className={classes.disabled}>
              <strong>Disabled.</strong> {link.disabled.message}
            </Text>
            {fixableByNewDestination(link) && (
              <Button
                size="compact-sm"
                variant="light"
                className={classes.label}
                onClick={() => {
                  onEdit(link);
                }}
              >
                Fix destination
              </Button>
            )}
          </div>
        )}
        <div className={classes.facts}>
          <div className={classes.row}>
            <IconPointer size={16} aria-hidden="true" />
            <Text size="sm" title={`${link.clickCount.toLocaleString('en')} clicks`}>
              {clickCountLabel(link.clickCount)}
            </Text>
          </div>
          <Sparkline values={recentClicks} />
          <Text size="sm" className={classes.dimmed}>
            Created {createdFormat.format(new Date(link.createdAt))}
          </Text>
        </div>
      </div>
    </Paper>
  );
});

function Destination({ url }: { url: string }) {
  return (
    <div className={`${classes.row} ${classes.destination}`}>
      <Text size="sm" className={`${classes.dimmed} ${classes.label}`}>
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
          className={classes.shrinkable}
        >
          {url}
        </Anchor>
      ) : (
        <Text size="sm" truncate="end" title={url} className={classes.shrinkable}>
          {url}
        </Text>
      )}
    </div>
  );
}

import { Anchor, Paper, Text, Title } from '@mantine/core';
import { IconPointer } from '@tabler/icons-react';
import { memo } from 'react';
import { CopyValueButton } from '@/components/copy-value-button';
import { useMenuOnDemand } from '@/lib/later/use-menu-on-demand';
import { lazyModule } from '@/lib/later/lazy-module';
import { isWebAddress } from '@/lib/web-address';
import { BookCover } from '@/components/book-cover';
import { LinkActionsButton } from './link-actions-button';
import { clickCountLabel, shortLinkLabel } from './link-display';
import type { LinkActionsProps } from './link-actions-menu';
import classes from './link-card.module.css';

const linkActionsMenu = lazyModule(() => import('./link-actions-menu'));

const createdFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

type LinkCardProps = LinkActionsProps;

/** Memoised: the cards of a page are drawn a few at a time, and the drawn ones stay as they are. */
export const LinkCard = memo(function LinkCard({
  link,
  onChangeDestination,
  onAddToCollection,
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
            onChangeDestination={onChangeDestination}
            onAddToCollection={onAddToCollection}
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
        <div className={classes.facts}>
          <div className={classes.row}>
            <IconPointer size={16} aria-hidden="true" />
            <Text size="sm" title={`${link.clickCount.toLocaleString('en')} clicks`}>
              {clickCountLabel(link.clickCount)}
            </Text>
          </div>
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

/**
 * The actions button is a plain button until it is first used: a page of twenty cards then
 * renders no menus, and the menu's code (Mantine's Menu and floating-ui) loads only when an
 * author points at, focuses or presses one of them. The menu, rendered on that first use, opens
 * at once.
 */
function LinkActions(props: LinkActionsProps) {
  const { loaded, triggerProps } = useMenuOnDemand(linkActionsMenu.load);
  if (loaded) return <loaded.LinkActionsMenu {...props} />;
  return <LinkActionsButton link={props.link} {...triggerProps} />;
}

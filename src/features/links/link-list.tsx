import { Anchor, Text } from '@mantine/core';
import { memo } from 'react';
import { BookCover } from '@/components/book-cover';
import { CopyValueButton } from '@/components/copy-value-button';
import { Sparkline } from '@/components/sparkline';
import { isWebAddress } from '@/lib/web-address';
import { LinkActions } from './link-actions';
import { LinkBadges } from './link-badges';
import type { LinkActionsProps } from './link-actions-menu';
import { shortLinkLabel } from '@/lib/short-link';
import { clickCountLabel } from './link-display';
import type { AuthorLink } from './link-types';
import classes from './link-list.module.css';

interface LinkListProps extends Omit<LinkActionsProps, 'link'> {
  links: readonly AuthorLink[];
  recentClicks: Readonly<Record<string, readonly number[]>>;
}

const noClicks: readonly number[] = [];

/**
 * The dense view of the Books screen: a table with a row per link, for an author scanning many.
 * Plain elements styled in CSS, as the cards are.
 */
export function LinkList({ links, recentClicks, ...actions }: LinkListProps) {
  return (
    <div className={classes.scroller}>
      <table className={classes.table}>
        <caption className={classes.caption}>Book links</caption>
        <thead>
          <tr>
            <th scope="col">Book</th>
            <th scope="col">Short link</th>
            <th scope="col" className={classes.numeric}>
              Clicks
            </th>
            <th scope="col">Last 30 days</th>
            <th scope="col">
              <span className={classes.caption}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => (
            <LinkRow
              key={link.id}
              link={link}
              recentClicks={recentClicks[link.id] ?? noClicks}
              {...actions}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Memoised, like a card: rows are drawn a few at a time and the drawn ones stay as they are. */
const LinkRow = memo(function LinkRow({
  link,
  recentClicks,
  onEdit,
  onAddToCollection,
  onArchiveChange,
  onDelete,
}: LinkActionsProps & { recentClicks: readonly number[] }) {
  const label = shortLinkLabel(link);
  const store = [link.retailer, link.storefront].filter(Boolean).join(' ');
  return (
    <tr>
      <th scope="row">
        <div className={classes.book}>
          <BookCover src={link.coverImageUrl} title={link.title} author={link.author} width={32} />
          <div className={classes.titles}>
            <Text component="span" fw={600} size="sm" truncate="end" className={classes.title}>
              {link.title || 'Untitled link'}
            </Text>
            <Text component="span" size="xs" truncate="end" className={classes.dimmed}>
              {[link.author, store].filter(Boolean).join(' · ')}
            </Text>
            <LinkBadges link={link} />
          </div>
        </div>
      </th>
      <td>
        <span className={classes.shortLink}>
          {isWebAddress(link.shortUrl) ? (
            <Anchor href={link.shortUrl} target="_blank" rel="noopener noreferrer" size="sm">
              {label}
            </Anchor>
          ) : (
            <Text component="span" size="sm">
              {label}
            </Text>
          )}
          <CopyValueButton value={link.shortUrl} label={label} />
        </span>
      </td>
      <td className={classes.numeric}>
        <Text component="span" size="sm" title={`${link.clickCount.toLocaleString('en')} clicks`}>
          {clickCountLabel(link.clickCount)}
        </Text>
      </td>
      <td>
        <Sparkline values={recentClicks} width={80} height={20} />
      </td>
      <td className={classes.actions}>
        <LinkActions
          link={link}
          onEdit={onEdit}
          onAddToCollection={onAddToCollection}
          onArchiveChange={onArchiveChange}
          onDelete={onDelete}
        />
      </td>
    </tr>
  );
});

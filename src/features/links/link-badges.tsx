import { Badge, VisuallyHidden } from '@mantine/core';
import { findAffiliateProgram } from '@/lib/affiliate-programs';
import { linkBadges, type LinkBadgeTone } from './link-status';
import type { AuthorLink } from './link-types';
import classes from './link-badges.module.css';

const toneColor: Record<LinkBadgeTone, string> = {
  neutral: 'gray',
  info: 'blue',
  warning: 'orange',
  danger: 'red',
};

function programName(guid: string): string | undefined {
  return findAffiliateProgram(guid.toLowerCase())?.name;
}

/** What a link does at a glance: store mode, localisation, programs, archived, ending, disabled. */
export function LinkBadges({ link }: { link: AuthorLink }) {
  const badges = linkBadges(link, new Date(), programName);
  if (badges.length === 0) return null;
  return (
    <div role="group" className={classes.badges} aria-label="What this link does">
      {badges.map((badge) => (
        <span key={badge.label}>
          <Badge variant="light" color={toneColor[badge.tone]} size="sm" title={badge.description}>
            {badge.label}
          </Badge>
          <VisuallyHidden>: {badge.description}</VisuallyHidden>
        </span>
      ))}
    </div>
  );
}

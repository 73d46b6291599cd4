import type { AuthorLink } from './link-types';

export type LinkBadgeTone = 'neutral' | 'info' | 'warning' | 'danger';

/** A short fact about what a link does, shown on its card and its row of the list. */
export interface LinkBadge {
  label: string;
  tone: LinkBadgeTone;
  /** The longer reading, for a tooltip and for screen readers. */
  description: string;
}

const disabledReasons: Record<NonNullable<AuthorLink['disabled']>['reason'], string> = {
  reportUpheld:
    'Turned off after a reader’s report was upheld; a new destination turns it back on.',
  destinationInvalid:
    'Turned off because its destination cannot be opened; a new destination turns it back on.',
  abuse: 'Turned off by an administrator; only support can turn it back on.',
};

const expiryFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** Whether the link's end has passed at `now`. */
export function hasEnded(link: Pick<AuthorLink, 'expiry'>, now: Date): boolean {
  return link.expiry !== null && new Date(link.expiry.at).getTime() <= now.getTime();
}

/**
 * What a link does, as badges: its store mode, localisation, the programs that tag it, and
 * whether it is archived, ending or disabled. `programName` names a program by its id, or gives
 * undefined for one the app does not know (left out).
 */
export function linkBadges(
  link: Pick<
    AuthorLink,
    'allStores' | 'localise' | 'affiliatePrograms' | 'archived' | 'expiry' | 'disabled' | 'retailer'
  >,
  now: Date,
  programName: (guid: string) => string | undefined,
): LinkBadge[] {
  const badges: LinkBadge[] = [];
  if (link.disabled) {
    badges.push({
      label: 'Disabled',
      tone: 'danger',
      description: disabledReasons[link.disabled.reason],
    });
  }
  if (link.expiry) {
    // The last day it works, as the editor asks for it: the link ends as that day (UTC) ends.
    const lastDay = expiryFormat.format(new Date(new Date(link.expiry.at).getTime() - 1));
    const after = link.expiry.fallbackUrl
      ? `readers go to ${link.expiry.fallbackUrl}`
      : 'readers see a page saying it has ended';
    badges.push(
      hasEnded(link, now)
        ? { label: 'Ended', tone: 'warning', description: `Ended after ${lastDay}; ${after}.` }
        : {
            label: `Expires ${lastDay}`,
            tone: 'warning',
            description: `Works through ${lastDay} (UTC); then ${after}.`,
          },
    );
  }
  if (link.archived) {
    badges.push({
      label: 'Archived',
      tone: 'neutral',
      description: 'Left out of your book links; it still sends readers on.',
    });
  }
  if (link.allStores) {
    badges.push({
      label: 'Every store',
      tone: 'info',
      description: 'Opens a page with every store that sells the book.',
    });
  } else if (link.localise !== false && link.retailer) {
    badges.push({
      label: 'Localised',
      tone: 'info',
      description: `Sends each reader to the ${link.retailer} store for their country.`,
    });
  }
  for (const guid of link.affiliatePrograms) {
    const name = programName(guid);
    if (name) {
      badges.push({
        label: name,
        tone: 'neutral',
        description: `Tagged for ${name} when readers go there.`,
      });
    }
  }
  return badges;
}

/** Whether the author can turn the link back on by giving it a new destination. */
export function fixableByNewDestination(link: Pick<AuthorLink, 'disabled'>): boolean {
  return link.disabled?.reason === 'reportUpheld' || link.disabled?.reason === 'destinationInvalid';
}

/** 'Delete shelf.to/salt-orchard? It has 1,204 clicks.' */
export function deleteLinkQuestion(label: string, clickCount: number): string {
  const clicks = `${clickCount.toLocaleString('en')} ${clickCount === 1 ? 'click' : 'clicks'}`;
  return `Delete ${label}? It has ${clicks}.`;
}

import { abbreviateNumber } from '@/lib/format-number';
import { LINKS_PAGE_SIZE } from './links-queries';

/** `skip` and `take` for a 1-based page of the author's links. */
export function linksPageQuery(page: number): { skip: number; take: number } {
  return { skip: (Math.max(1, page) - 1) * LINKS_PAGE_SIZE, take: LINKS_PAGE_SIZE };
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** '1 link', '23 links', '1.2k links'. */
export function linkCountLabel(count: number): string {
  return `${abbreviateNumber(count)} ${count === 1 ? 'link' : 'links'}`;
}

/** '1 click', '18.4k clicks'. */
export function clickCountLabel(count: number): string {
  return `${abbreviateNumber(count)} ${count === 1 ? 'click' : 'clicks'}`;
}

/** The collection's links with `linkId` appended once. */
export function withLinkAdded(linkIds: readonly string[], linkId: string): string[] {
  return linkIds.includes(linkId) ? [...linkIds] : [...linkIds, linkId];
}

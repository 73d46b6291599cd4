import type { components } from '../../api/schema';
import type { Collection } from './read-collections';

/** Collections are served on the short-link host under `/c/`, by alias or, without one, by id. */
export function collectionShortUrlOf(shortLinkOrigin: string, alias: string): string {
  return `${shortLinkOrigin}/c/${alias}`;
}

export function toCollectionReply(
  collection: Collection,
  shortLinkOrigin: string,
): components['schemas']['Collection'] {
  const alias = collection.aliasCode === '' ? collection.id : collection.aliasCode;
  return { ...collection, shortUrl: collectionShortUrlOf(shortLinkOrigin, alias) };
}

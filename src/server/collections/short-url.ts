import { shortLinkDomain } from '../links/codes';

/** Collections are served from the short-link domain under `/c/`, by alias or, without one, by id. */
export function collectionShortUrl({ id, aliasCode }: { id: string; aliasCode: string }): string {
  return `https://${shortLinkDomain}/c/${aliasCode === '' ? id : aliasCode}`;
}

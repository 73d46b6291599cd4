/**
 * A short link as people say it: 'shelf.to/salt-orchard' for 'https://shelf.to/salt-orchard'.
 * Read from the link's `shortUrl`, so what an author sees is what they copy, share and print.
 */
export function shortLinkLabel(link: { shortUrl: string }): string {
  return link.shortUrl.replace(/^https?:\/\//i, '');
}

/**
 * What codes are written after on the short-link host: 'shelf.to/' for
 * 'https://shelf.to/salt-orchard' (or 'https://shelf.to/'), 'shelf.to/c/' for a collection's
 * 'https://shelf.to/c/orchard-trilogy'. Codes hold no '/', so the prefix ends at the last one.
 */
export function shortLinkPrefix(shortUrl: string): string {
  const label = shortLinkLabel({ shortUrl });
  return label.slice(0, label.lastIndexOf('/') + 1);
}

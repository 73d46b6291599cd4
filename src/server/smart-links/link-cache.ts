// The short-link host's lookups, kept in memory so a redirect does no query: a bounded,
// least-recently-used map of links by code, each with its author's affiliate tokens. Edits in this
// process forget the entries they change at once; an entry also expires after `ttlMs`, which
// bounds how long another server process behind the same load balancer can serve an old one.
// While the database is unavailable an expired entry is served as it was (stale while
// unavailable), so redirects outlive an outage of any length; edits still forget entries at once.
import { savedTokensOf } from '../affiliate/link-programs';
import type { Database } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import { links } from '../db/schema';
import { isWebProtocol } from '../links/destinations';
import { atDomainAndCode } from '../links/link-records';
import type { SavedAffiliateToken } from './affiliate-tags';
import { linkCacheInvalidations, linkCacheLookups } from '../metrics/metrics';

export interface ShortLink {
  id: string;
  ownerId: number | null;
  code: string;
  /** An http or https address: a link stored with anything else is never loaded. */
  url: string;
  parameterKeyValues: Readonly<Record<string, string>>;
  /** The affiliate programs the author switched off for the link. */
  programsOff: readonly string[];
  localise: boolean;
  allStores: boolean;
  isbn: string | null;
  title: string;
  author: string;
  coverImageUrl: string | null;
  retailer: string;
  storefront: string | null;
  disabled: boolean;
  /** Why it is disabled, which its page tells readers. */
  disabledReason: DisabledReason | null;
  /** Deleted by its author: readers are told it was removed. */
  deleted: boolean;
  /** After this time the link has ended: readers go to the fallback, or are told so. */
  expiresAt: Date | null;
  expiryFallbackUrl: string | null;
  /** An unclaimed link stops working at this time. */
  claimExpiresAt: Date | null;
  /** The author's saved tokens, applied to the destination at each click. */
  tokens: readonly SavedAffiliateToken[];
}

export type DisabledReason = NonNullable<typeof links.$inferSelect.disabledReason>;

/** Whether the link has ended by `now`. */
export function hasEnded(link: ShortLink, now: Date): boolean {
  return link.expiresAt !== null && link.expiresAt <= now;
}

export interface LinkCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  /**
   * While the database is unavailable, an expired entry is served for this long before a lookup
   * asks the database again, so an outage costs a query every few seconds, not one per visit.
   * Default 5 s.
   */
  unavailableRetryMs?: number;
}

interface Entry {
  /** Null remembers that no link has the code, so a flood of unknown codes does no query either. */
  link: ShortLink | null;
  expiresAt: number;
}

export class LinkCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly unavailableRetryMs: number;

  constructor(options: LinkCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.ttlMs = options.ttlMs ?? 30_000;
    this.unavailableRetryMs = options.unavailableRetryMs ?? 5_000;
  }

  /**
   * The link at the domain and code, from memory when it was looked up lately, or from an
   * expired entry when the database is unavailable; rejects when neither can tell.
   */
  async find(db: Database, domain: string, code: string, now: Date): Promise<ShortLink | null> {
    const cached = this.peek(domain, code, now);
    if (cached !== undefined) return cached;
    linkCacheLookups.inc({ result: 'miss' });
    const key = cacheKey(domain, code);
    let link;
    try {
      link = await loadShortLink(db, domain, code);
    } catch (error) {
      const stale = this.entries.get(key);
      if (!stale || !isDatabaseUnavailable(error)) throw error;
      this.remember(key, { link: stale.link, expiresAt: now.getTime() + this.unavailableRetryMs });
      return usable(stale.link, now);
    }
    this.remember(key, { link, expiresAt: now.getTime() + this.ttlMs });
    return usable(link, now);
  }

  /**
   * The link as `find` would answer, when memory holds it (null: no link has the code, or it
   * has stopped working); undefined when only the database can tell.
   */
  peek(domain: string, code: string, now: Date): ShortLink | null | undefined {
    const key = cacheKey(domain, code);
    const cached = this.entries.get(key);
    if (!cached || cached.expiresAt <= now.getTime()) return undefined;
    linkCacheLookups.inc({ result: 'hit' });
    // Re-inserted, so the map's order stays least recently used first.
    this.entries.delete(key);
    this.entries.set(key, cached);
    return usable(cached.link, now);
  }

  /** After a link is created, changed, claimed, disabled or deleted. */
  forgetLink(domain: string, code: string): void {
    linkCacheInvalidations.inc({ scope: 'link' });
    this.entries.delete(cacheKey(domain, code));
  }

  /** After an author's affiliate tokens change: every cached link of theirs carries them. */
  forgetOwner(ownerId: number): void {
    linkCacheInvalidations.inc({ scope: 'owner' });
    for (const [key, { link }] of this.entries) {
      if (link?.ownerId === ownerId) this.entries.delete(key);
    }
  }

  private remember(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
  }
}

/** An unclaimed link stops working when its claim expires. */
function usable(link: ShortLink | null, now: Date): ShortLink | null {
  return link?.claimExpiresAt && link.claimExpiresAt <= now ? null : link;
}

/**
 * Only http and https destinations are ever redirected to or offered as a store. Links are
 * checked when saved, but a row that holds anything else (`javascript:`, `ftp:`) answers as if
 * no link had its code.
 */
function isRedirectable(url: string): boolean {
  const protocol = URL.parse(url)?.protocol;
  return protocol !== undefined && isWebProtocol(protocol);
}

/** Codes are unique per domain regardless of case. */
function cacheKey(domain: string, code: string): string {
  return `${domain}/${code.toLowerCase()}`;
}

async function loadShortLink(
  db: Database,
  domain: string,
  code: string,
): Promise<ShortLink | null> {
  const [row] = await db.select().from(links).where(atDomainAndCode(domain, code));
  if (row === undefined || !isRedirectable(row.url)) return null;
  const tokens = await savedTokensOf(db, row.ownerId);
  return {
    id: row.id,
    ownerId: row.ownerId,
    code: row.code,
    url: row.url,
    parameterKeyValues: row.parameterKeyValues,
    programsOff: row.programsOff,
    localise: row.localise,
    allStores: row.allStores,
    isbn: row.isbn,
    title: row.title,
    author: row.author,
    coverImageUrl: row.coverImageUrl,
    retailer: row.retailer,
    storefront: row.storefront,
    disabled: row.disabledAt !== null,
    disabledReason: row.disabledAt === null ? null : (row.disabledReason ?? 'reportUpheld'),
    deleted: row.deletedAt !== null,
    expiresAt: row.expiresAt,
    expiryFallbackUrl:
      row.expiryFallbackUrl !== null && isRedirectable(row.expiryFallbackUrl)
        ? row.expiryFallbackUrl
        : null,
    claimExpiresAt: row.claimExpiresAt,
    tokens,
  };
}

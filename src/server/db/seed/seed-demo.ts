// Fills an empty database with the demo (./demo-data.ts): run by `npm start` on its first start,
// never on a database that has accounts.
import { sql } from 'drizzle-orm';
import type { Database } from '../database';
import { storeClicks } from '../../smart-links/click-store';
import { createId } from '../ids';
import {
  affiliateTokens,
  collectionLinks,
  collections,
  legacyLinks,
  links,
  users,
} from '../schema';
import { demoClicks } from './demo-clicks';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_AFFILIATE_TOKENS,
  DEMO_AUTHOR_EMAIL,
  DEMO_COLLECTIONS,
  DEMO_LEGACY_LINKS,
  DEMO_LINKS,
  SHORT_LINK_DOMAIN,
} from './demo-data';

const DAY_MS = 24 * 60 * 60 * 1000;
const CLICK_BATCH = 2_000;

export interface DemoSummary {
  authorEmail: string;
  adminEmail: string;
  links: number;
  clicks: number;
}

/** Seeds the demo when the database has no accounts; answers what it wrote, or null. */
export async function seedDemoIfEmpty(db: Database, now: Date): Promise<DemoSummary | null> {
  const [{ accounts } = { accounts: 0 }] = await db
    .select({ accounts: sql<number>`count(*)::int` })
    .from(users);
  if (accounts > 0) return null;

  return db.transaction(async (tx) => {
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const [author] = await tx
      .insert(users)
      .values({
        email: DEMO_AUTHOR_EMAIL,
        name: 'Maya Okafor',
        subscribed: true,
        weeklyReport: true,
        createdAt: daysAgo(400),
        lastSignInAt: daysAgo(1),
      })
      .returning({ id: users.id });
    if (!author) throw new Error('The demo author was not created');
    await tx.insert(users).values({
      email: DEMO_ADMIN_EMAIL,
      name: 'Shelflink support',
      roles: ['Administrator'],
      createdAt: daysAgo(500),
    });

    const linkIds = new Map<string, string>();
    let clickTotal = 0;
    for (const [index, link] of DEMO_LINKS.entries()) {
      const id = createId('lnk');
      linkIds.set(link.code, id);
      const linkClicks = demoClicks(link, id, now, index + 1);
      clickTotal += linkClicks.length;
      await tx.insert(links).values({
        id,
        ownerId: author.id,
        domain: SHORT_LINK_DOMAIN,
        code: link.code,
        baseCode: link.code,
        url: link.url,
        localise: link.retailer !== 'Barnes & Noble' && link.retailer !== 'Bookshop.org',
        isbn: link.book.isbn13,
        title: link.book.title,
        author: link.book.author,
        retailer: link.retailer,
        storefront: 'US',
        createdAt: daysAgo(link.ageDays),
        updatedAt: daysAgo(Math.min(link.ageDays, 20)),
      });
      // Through the click store, as the redirect path writes them: it counts them on the link.
      for (let start = 0; start < linkClicks.length; start += CLICK_BATCH) {
        await storeClicks(tx, linkClicks.slice(start, start + CLICK_BATCH));
      }
    }

    for (const [index, collection] of DEMO_COLLECTIONS.entries()) {
      const id = createId('col');
      await tx.insert(collections).values({
        id,
        ownerId: author.id,
        title: collection.title,
        aliasCode: collection.aliasCode,
        createdAt: daysAgo(30 - index * 7),
        updatedAt: daysAgo(10 - index * 3),
      });
      await tx.insert(collectionLinks).values(
        collection.codes.map((code, position) => {
          const linkId = linkIds.get(code);
          if (!linkId) throw new Error(`The demo collection names an unknown link "${code}"`);
          return { collectionId: id, linkId, position };
        }),
      );
    }

    await tx
      .insert(affiliateTokens)
      .values(DEMO_AFFILIATE_TOKENS.map((token) => ({ ...token, userId: author.id })));
    await tx.insert(legacyLinks).values(
      DEMO_LEGACY_LINKS.map((legacy) => ({
        email: DEMO_AUTHOR_EMAIL,
        domain: SHORT_LINK_DOMAIN,
        code: legacy.code,
        url: legacy.url,
        title: legacy.title,
        clickCount: legacy.clickCount,
        createdAt: daysAgo(legacy.createdDaysAgo),
      })),
    );

    return {
      authorEmail: DEMO_AUTHOR_EMAIL,
      adminEmail: DEMO_ADMIN_EMAIL,
      links: DEMO_LINKS.length,
      clicks: clickTotal,
    };
  });
}

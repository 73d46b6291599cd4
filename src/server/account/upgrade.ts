import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../api/schema';
import type { AuthUser } from '../auth/users';
import type { Database } from '../db/database';
import { createId } from '../db/ids';
import { legacyLinks, links, users } from '../db/schema';
import { generateCode, isReservedCode } from '../links/codes';
import { readDestination } from '../links/destinations';
import { purgeExpiredUnclaimedLinks } from '../links/unclaimed';

type UpgradeReply = components['schemas']['UpgradeReply'];
type LegacyLinkRow = typeof legacyLinks.$inferSelect;

/** Keeps each insert well under Postgres's 65,535 parameters. */
const linksPerBatch = 500;
const freshCodeAttempts = 5;

/** The address's links still waiting in the previous link product. */
export function pendingLegacyLinks(email: string): SQL | undefined {
  return and(eq(legacyLinks.email, email), isNull(legacyLinks.migratedAt));
}

/**
 * Creates a link for each legacy link, keeping its code where it is still free on its domain and
 * not reserved, generating one where it is not, then marks the legacy links as moved. The
 * previous product took destinations Shelflink never redirects to (`ftp:`, `javascript:`, private
 * hosts): those get no link, and are marked as dealt with so the account stops offering an upgrade
 * that cannot move them. Answers how many links it created.
 */
async function moveLinks(
  db: Database,
  ownerId: number,
  legacy: LegacyLinkRow[],
  now: Date,
): Promise<number> {
  const movedTo = new Map<number, string>();
  const leftBehind: number[] = [];
  let waiting = legacy.flatMap((row) => {
    const destination = readDestination(row.url);
    if (typeof destination === 'string') {
      leftBehind.push(row.id);
      return [];
    }
    const url = destination.href;
    const code = isReservedCode(row.code) ? generateCode() : row.code;
    return [{ row, url, linkId: createId('lnk'), code }];
  });
  for (let attempt = 0; waiting.length > 0; attempt++) {
    if (attempt > freshCodeAttempts) throw new Error('No free code found for a legacy link');
    const inserted = await db
      .insert(links)
      .values(
        waiting.map(({ row, url, linkId, code }) => ({
          id: linkId,
          ownerId,
          domain: row.domain,
          code,
          baseCode: code,
          url,
          title: row.title,
          clickCount: row.clickCount,
          createdAt: row.createdAt,
          updatedAt: now,
        })),
      )
      // A deleted link's code stays taken until it is released (the index covers unreleased rows).
      .onConflictDoNothing({
        target: [links.domain, links.codeLower],
        where: sql`${links.codeReleasedAt} is null`,
      })
      .returning({ id: links.id });
    const insertedIds = new Set(inserted.map(({ id }) => id));
    for (const { row, linkId } of waiting) {
      if (insertedIds.has(linkId)) movedTo.set(row.id, linkId);
    }
    waiting = waiting
      .filter(({ linkId }) => !insertedIds.has(linkId))
      .map((clashing) => ({ ...clashing, code: generateCode() }));
  }
  if (leftBehind.length > 0) {
    await db
      .update(legacyLinks)
      .set({ migratedAt: now })
      .where(inArray(legacyLinks.id, leftBehind));
  }
  if (movedTo.size === 0) return 0;
  const linkIdOfLegacyLink = sql.join(
    [...movedTo].map(([legacyId, linkId]) => sql`when ${legacyId} then ${linkId}`),
    sql` `,
  );
  await db
    .update(legacyLinks)
    .set({ migratedAt: now, migratedLinkId: sql`case ${legacyLinks.id} ${linkIdOfLegacyLink} end` })
    .where(inArray(legacyLinks.id, [...movedTo.keys()]));
  return movedTo.size;
}

/**
 * Moves the user's links from the previous link product into Shelflink, once: a second upgrade
 * finds nothing left to move.
 */
export function upgradeAccount(db: Database, user: AuthUser, now: Date): Promise<UpgradeReply> {
  return db.transaction(async (tx) => {
    // Locking the account makes a concurrent upgrade wait, then find the links already moved.
    const [account] = await tx
      .select({ upgradedAt: users.upgradedAt })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!account) throw new Error(`No account ${user.id} to upgrade`);
    await purgeExpiredUnclaimedLinks(tx, now);
    const pending = await tx
      .select()
      .from(legacyLinks)
      .where(pendingLegacyLinks(user.email))
      .orderBy(legacyLinks.id);
    let migratedLinks = 0;
    for (let start = 0; start < pending.length; start += linksPerBatch) {
      migratedLinks += await moveLinks(
        tx,
        user.id,
        pending.slice(start, start + linksPerBatch),
        now,
      );
    }
    await tx
      .update(users)
      .set({ plan: 'standard', upgradedAt: account.upgradedAt ?? now })
      .where(eq(users.id, user.id));
    return {
      alreadyUpgraded: account.upgradedAt !== null,
      migratedLinks,
      skippedLinks: pending.length - migratedLinks,
      plan: 'standard',
    };
  });
}

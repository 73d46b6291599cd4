import { and, gt, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { links } from '../db/schema';

/**
 * How long a link created while signed out works and waits for a signup to claim it: the 30 days
 * the terms, the privacy policy and the FAQ promise.
 */
export const unclaimedLinkLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/**
 * Links that exist for readers and for code availability: owned ones, and unclaimed ones still
 * held. An expired unclaimed link is gone even before `purgeExpiredUnclaimedLinks` deletes it.
 */
export function isLiveLink(now: Date): SQL {
  return or(isNotNull(links.ownerId), gt(links.claimExpiresAt, now)) as SQL;
}

/** Deletes the unclaimed links whose hold has ended, freeing their codes. */
export async function purgeExpiredUnclaimedLinks(db: Database, now: Date): Promise<void> {
  await db.delete(links).where(and(isNull(links.ownerId), lte(links.claimExpiresAt, now)));
}

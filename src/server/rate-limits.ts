import { sql } from 'drizzle-orm';
import type { Database } from './db/database';
import { rateLimits } from './db/schema';
import { ApiProblem } from './http/api-problem';

interface RateLimit {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one attempt against each limit, in the database so that every server process shares
 * the count, and answers 429 with `Retry-After` when any limit is exceeded.
 */
export async function enforceRateLimits(
  db: Database,
  now: Date,
  limits: RateLimit[],
): Promise<void> {
  const windowOver = sql`${rateLimits.windowEndsAt} <= ${now}`;
  const counted = await db
    .insert(rateLimits)
    .values(
      limits.map(({ key, windowSeconds }) => ({
        key,
        count: 1,
        windowEndsAt: new Date(now.getTime() + windowSeconds * 1000),
      })),
    )
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowOver} then 1 else ${rateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${windowOver} then excluded.window_ends_at else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning();
  const exceeded = counted.filter(
    ({ key, count }) => count > (limits.find((limit) => limit.key === key)?.limit ?? 0),
  );
  if (exceeded.length > 0) {
    const waitMs = Math.max(
      ...exceeded.map(({ windowEndsAt }) => windowEndsAt.getTime() - now.getTime()),
    );
    throw ApiProblem.tooManyRequests(Math.max(1, Math.ceil(waitMs / 1000)));
  }
}

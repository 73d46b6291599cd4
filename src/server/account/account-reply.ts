import type { components } from '../../api/schema';
import { findUserById } from '../auth/users';
import type { Database } from '../db/database';
import { legacyLinks } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import { pendingEmailOf } from './email-change';
import { pendingLegacyLinks } from './upgrade';

type Account = components['schemas']['Account'];

/** The user's account as the contract shows it. */
export async function accountOf(db: Database, userId: number, now: Date): Promise<Account> {
  const user = await findUserById(db, userId);
  // Only an account deleted while its session was in flight.
  if (!user) throw ApiProblem.unauthorized();
  const waitingLinks = await db.$count(legacyLinks, pendingLegacyLinks(user.email));
  const pendingEmail = await pendingEmailOf(db, user.id, now);
  return {
    userId: String(user.id),
    email: user.email,
    name: user.name,
    plan: user.plan,
    canUpgrade: waitingLinks > 0,
    subscribed: user.subscribed,
    preferences: {
      weeklyReport: user.weeklyReport,
      productNews: user.productNews,
      defaultStorefront: user.defaultStorefront,
    },
    createdAt: user.createdAt.toISOString(),
    ...(pendingEmail && { pendingEmail }),
  };
}

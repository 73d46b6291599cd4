import { eq } from 'drizzle-orm';
import { findUserByEmail, rolesOf } from '../auth/users';
import { collections, links } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';
import { linkIssueReviewHandlers } from './link-issue-handlers';

export const adminHandlers = {
  ...linkIssueReviewHandlers,
  async lookUpAccount({ query }, { db, config }) {
    const user = await findUserByEmail(db, query.userEmail);
    if (!user) throw ApiProblem.notFound();
    const [linkCount, collectionCount] = await Promise.all([
      db.$count(links, eq(links.ownerId, user.id)),
      db.$count(collections, eq(collections.ownerId, user.id)),
    ]);
    return {
      status: 200,
      body: {
        userId: String(user.id),
        email: user.email,
        name: user.name,
        roles: rolesOf(user, config),
        plan: user.plan,
        linkCount,
        collectionCount,
        createdAt: user.createdAt.toISOString(),
        lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
      },
    };
  },
} satisfies Handlers;

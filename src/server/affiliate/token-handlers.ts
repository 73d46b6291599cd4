import { and, eq } from 'drizzle-orm';
import type { components } from '../../api/schema';
import { actingUserOf } from '../auth/request-auth';
import { affiliateTokens } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';
import { appleServicesProgramGuid, applyAppleServicesToken } from './apple-services';
import { tokenFieldErrors } from './programs';

type AffiliateToken = components['schemas']['AffiliateToken'];
type AffiliateTokenRow = typeof affiliateTokens.$inferSelect;
type AffiliateParameters = components['schemas']['AffiliateParameters'];

function toAffiliateToken(row: AffiliateTokenRow): AffiliateToken {
  return {
    guid: row.guid,
    programGuid: row.programGuid,
    parameters: row.parameters,
    createdAt: row.createdAt.toISOString(),
  };
}

const isAppleServices = (programGuid: string) =>
  programGuid.toLowerCase() === appleServicesProgramGuid;

function assertValidToken(programGuid: string, parameters: AffiliateParameters): void {
  const fieldErrors = tokenFieldErrors(programGuid, parameters);
  if (fieldErrors.length > 0) throw ApiProblem.invalid(fieldErrors);
}

export const affiliateTokenHandlers = {
  async listAffiliateTokens(_request, { db, auth }) {
    const rows = await db
      .select()
      .from(affiliateTokens)
      .where(eq(affiliateTokens.userId, actingUserOf(auth).id))
      .orderBy(affiliateTokens.createdAt, affiliateTokens.guid);
    return { status: 200, body: { results: rows.map(toAffiliateToken) } };
  },

  /** One token per program: saving again for the same program replaces its parameters. */
  async createAffiliateToken({ query, body }, { db, clock, auth, linkCache }) {
    assertValidToken(query.programGuid, body.parameters);
    const now = clock.now();
    const userId = actingUserOf(auth).id;
    const token = await db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(affiliateTokens)
        .values({
          userId,
          programGuid: query.programGuid,
          parameters: body.parameters,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [affiliateTokens.userId, affiliateTokens.programGuid],
          set: { parameters: body.parameters, updatedAt: now },
        })
        .returning();
      if (isAppleServices(query.programGuid)) {
        await applyAppleServicesToken(tx, userId, body.parameters, now);
      }
      return saved;
    });
    if (!token) throw new Error('The affiliate token was not stored');
    linkCache.forgetOwner(token.userId);
    return { status: 201, body: toAffiliateToken(token) };
  },

  async updateAffiliateToken({ query, body }, { db, clock, auth, linkCache }) {
    const owned = and(
      eq(affiliateTokens.guid, query.guid),
      eq(affiliateTokens.userId, actingUserOf(auth).id),
    );
    const [existing] = await db
      .select({ programGuid: affiliateTokens.programGuid })
      .from(affiliateTokens)
      .where(owned);
    if (!existing) throw ApiProblem.notFound();
    assertValidToken(existing.programGuid, body.parameters);
    const now = clock.now();
    const token = await db.transaction(async (tx) => {
      const [saved] = await tx
        .update(affiliateTokens)
        .set({ parameters: body.parameters, updatedAt: now })
        .where(owned)
        .returning();
      if (saved && isAppleServices(saved.programGuid)) {
        await applyAppleServicesToken(tx, saved.userId, body.parameters, now);
      }
      return saved;
    });
    if (!token) throw ApiProblem.notFound();
    linkCache.forgetOwner(token.userId);
    return { status: 200, body: toAffiliateToken(token) };
  },

  async deleteAffiliateToken({ query }, { db, clock, auth, linkCache }) {
    const userId = actingUserOf(auth).id;
    const deleted = await db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(affiliateTokens)
        .where(and(eq(affiliateTokens.guid, query.guid), eq(affiliateTokens.userId, userId)))
        .returning({ programGuid: affiliateTokens.programGuid });
      if (removed && isAppleServices(removed.programGuid)) {
        await applyAppleServicesToken(tx, userId, null, clock.now());
      }
      return removed;
    });
    if (!deleted) throw ApiProblem.notFound();
    linkCache.forgetOwner(actingUserOf(auth).id);
    return { status: 204 };
  },
} satisfies Handlers;

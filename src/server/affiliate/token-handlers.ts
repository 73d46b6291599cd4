import { and, eq } from 'drizzle-orm';
import type { components } from '../../api/schema';
import { actingUserOf } from '../auth/request-auth';
import { affiliateTokens } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';
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
    const [token] = await db
      .insert(affiliateTokens)
      .values({
        userId: actingUserOf(auth).id,
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
    const [token] = await db
      .update(affiliateTokens)
      .set({ parameters: body.parameters, updatedAt: clock.now() })
      .where(owned)
      .returning();
    if (!token) throw ApiProblem.notFound();
    linkCache.forgetOwner(token.userId);
    return { status: 200, body: toAffiliateToken(token) };
  },

  async deleteAffiliateToken({ query }, { db, auth, linkCache }) {
    const deleted = await db
      .delete(affiliateTokens)
      .where(
        and(
          eq(affiliateTokens.guid, query.guid),
          eq(affiliateTokens.userId, actingUserOf(auth).id),
        ),
      )
      .returning({ guid: affiliateTokens.guid });
    if (deleted.length === 0) throw ApiProblem.notFound();
    linkCache.forgetOwner(actingUserOf(auth).id);
    return { status: 204 };
  },
} satisfies Handlers;

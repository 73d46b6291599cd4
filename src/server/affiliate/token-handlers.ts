import { and, eq } from 'drizzle-orm';
import type { components } from '../../api/schema';
import { actingUserOf } from '../auth/request-auth';
import type { Database } from '../db/database';
import { affiliateTokens } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';
import { isAppleServices } from './apple-services';
import { findProgram, invalidParametersOf, mergeParameters, tokenFieldErrors } from './programs';

type AffiliateToken = components['schemas']['AffiliateToken'];
type AffiliateTokenRow = typeof affiliateTokens.$inferSelect;
type AffiliateParameters = components['schemas']['AffiliateParameters'];

function toAffiliateToken(row: AffiliateTokenRow): AffiliateToken {
  const program = findProgram(row.programGuid);
  return {
    guid: row.guid,
    programGuid: row.programGuid,
    parameters: row.parameters,
    invalidParameters: program ? invalidParametersOf(program, row.parameters) : [],
    createdAt: row.createdAt.toISOString(),
  };
}

/** The parameters a change leaves the token with, once checked; 400 at the fields at fault. */
function mergedToken(
  programGuid: string,
  saved: Readonly<Record<string, string>>,
  sent: AffiliateParameters,
): Record<string, string> {
  const merged = mergeParameters(saved, sent);
  const fieldErrors = tokenFieldErrors(programGuid, sent, merged);
  if (fieldErrors.length > 0) throw ApiProblem.invalid(fieldErrors);
  return merged;
}

async function savedToken(db: Database, userId: number, programGuid: string) {
  const [row] = await db
    .select()
    .from(affiliateTokens)
    .where(and(eq(affiliateTokens.userId, userId), eq(affiliateTokens.programGuid, programGuid)));
  return row;
}

/**
 * Tokens merge: a parameter not sent keeps its value and `""` removes one. A token reaches every
 * link of its program's retailer at the next click, so each change forgets the author's links.
 */
export const affiliateTokenHandlers = {
  async listAffiliateTokens(_request, { db, auth }) {
    const rows = await db
      .select()
      .from(affiliateTokens)
      .where(
        and(eq(affiliateTokens.userId, actingUserOf(auth).id), eq(affiliateTokens.enrolled, true)),
      )
      .orderBy(affiliateTokens.createdAt, affiliateTokens.guid);
    return { status: 200, body: { results: rows.map(toAffiliateToken) } };
  },

  /** One token per program: saving again for the same program merges into it. */
  async createAffiliateToken({ query, body }, { db, clock, auth, linkCache }) {
    const programGuid = query.programGuid.toLowerCase();
    const userId = actingUserOf(auth).id;
    const now = clock.now();
    const token = await db.transaction(async (tx) => {
      const saved = await savedToken(tx, userId, programGuid);
      // A token left behind on leaving Apple Services is not merged into: saving enrols anew.
      const base = saved?.enrolled ? saved.parameters : {};
      const parameters = mergedToken(programGuid, base, body.parameters);
      const [stored] = await tx
        .insert(affiliateTokens)
        .values({ userId, programGuid, parameters, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [affiliateTokens.userId, affiliateTokens.programGuid],
          set: { parameters, enrolled: true, updatedAt: now },
        })
        .returning();
      return stored;
    });
    if (!token) throw new Error('The affiliate token was not stored');
    linkCache.forgetOwner(userId);
    return { status: 201, body: toAffiliateToken(token) };
  },

  async updateAffiliateToken({ query, body }, { db, clock, auth, linkCache }) {
    const userId = actingUserOf(auth).id;
    const owned = and(
      eq(affiliateTokens.guid, query.guid),
      eq(affiliateTokens.userId, userId),
      eq(affiliateTokens.enrolled, true),
    );
    const token = await db.transaction(async (tx) => {
      const [saved] = await tx.select().from(affiliateTokens).where(owned).for('update');
      if (!saved) throw ApiProblem.notFound();
      const parameters = mergedToken(saved.programGuid, saved.parameters, body.parameters);
      const [stored] = await tx
        .update(affiliateTokens)
        .set({ parameters, updatedAt: clock.now() })
        .where(owned)
        .returning();
      return stored;
    });
    if (!token) throw ApiProblem.notFound();
    linkCache.forgetOwner(userId);
    return { status: 200, body: toAffiliateToken(token) };
  },

  /** Deleting the Apple Services token leaves the program, keeping its tokens for coming back. */
  async deleteAffiliateToken({ query }, { db, clock, auth, linkCache }) {
    const userId = actingUserOf(auth).id;
    const owned = and(
      eq(affiliateTokens.guid, query.guid),
      eq(affiliateTokens.userId, userId),
      eq(affiliateTokens.enrolled, true),
    );
    const deleted = await db.transaction(async (tx) => {
      const [saved] = await tx
        .select({ programGuid: affiliateTokens.programGuid })
        .from(affiliateTokens)
        .where(owned);
      if (!saved) return undefined;
      if (isAppleServices(saved.programGuid)) {
        await tx
          .update(affiliateTokens)
          .set({ enrolled: false, updatedAt: clock.now() })
          .where(owned);
      } else {
        await tx.delete(affiliateTokens).where(owned);
      }
      return saved;
    });
    if (!deleted) throw ApiProblem.notFound();
    linkCache.forgetOwner(userId);
    return { status: 204 };
  },
} satisfies Handlers;

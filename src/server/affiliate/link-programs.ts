// How the affiliate programs meet a link: the programs an author switches off for it, the names
// its own parameters may not take, and the programs that tag it for readers now.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { affiliateTokens } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import type { SavedAffiliateToken } from '../smart-links/affiliate-tags';
import { affiliateProgramList, programParameterNamed } from './programs';

/**
 * The programs switched off by a request: `programsOff`, and every program not in the older
 * `affiliatePrograms` when that is given. Undefined when the request names neither.
 */
export function programsOffOf(request: {
  affiliatePrograms?: readonly string[];
  programsOff?: readonly string[];
}): string[] | undefined {
  const { affiliatePrograms, programsOff } = request;
  if (affiliatePrograms === undefined && programsOff === undefined) return undefined;
  const off = new Set((programsOff ?? []).map((guid) => guid.toLowerCase()));
  if (affiliatePrograms !== undefined) {
    const on = new Set(affiliatePrograms.map((guid) => guid.toLowerCase()));
    for (const { guid } of affiliateProgramList) if (!on.has(guid)) off.add(guid);
  }
  return affiliateProgramList.map(({ guid }) => guid).filter((guid) => off.has(guid));
}

/**
 * A link's own parameters may not name a program's parameter in any case or region variant:
 * the author's tokens set those, and a link's value would replace them. 400 at each such name.
 */
export function checkParameterKeyValues(parameterKeyValues: Readonly<Record<string, string>>) {
  const fieldErrors = Object.keys(parameterKeyValues).flatMap((name) => {
    const named = programParameterNamed(name);
    return named
      ? [
          {
            fieldName: `ParameterKeyValues.${name}`,
            errorCode: 'AffiliateParameter',
            message: `\`${name}\` is your ${named.program.name} ${named.label}: set it in Affiliate settings.`,
          },
        ]
      : [];
  });
  if (fieldErrors.length > 0) throw ApiProblem.invalid(fieldErrors);
}

/** The author's tokens that tag their links; a left Apple Services enrolment never does. */
export async function savedTokensOf(
  db: Database,
  ownerId: number | null,
): Promise<SavedAffiliateToken[]> {
  if (ownerId === null) return [];
  return db
    .select({ programGuid: affiliateTokens.programGuid, parameters: affiliateTokens.parameters })
    .from(affiliateTokens)
    .where(and(eq(affiliateTokens.userId, ownerId), eq(affiliateTokens.enrolled, true)));
}

/**
 * The programs that tag a link for readers now: the author saved a token for the program, the
 * program's retailer is the link's store (any store, for an all-stores link), and the author
 * has not switched it off for the link.
 */
export function taggingPrograms(
  link: { retailer: string; allStores: boolean; programsOff: readonly string[] },
  tokens: readonly SavedAffiliateToken[],
): string[] {
  const saved = new Set(tokens.map(({ programGuid }) => programGuid.toLowerCase()));
  const off = new Set(link.programsOff.map((guid) => guid.toLowerCase()));
  return affiliateProgramList
    .filter(
      ({ guid, retailer }) =>
        saved.has(guid) && !off.has(guid) && (link.allStores || retailer === link.retailer),
    )
    .map(({ guid }) => guid);
}

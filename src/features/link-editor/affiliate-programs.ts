import { findAffiliateProgram } from '@/lib/affiliate-programs';

/** The name of a program a link can carry, or undefined for the Unsupported or an unknown program. */
export function affiliateProgramName(programGuid: string): string | undefined {
  return findAffiliateProgram(programGuid.toLowerCase())?.name;
}

/** The programs a new link can carry: those the author saved a token for, known and supported, once each. */
export function offeredPrograms(tokens: readonly { programGuid: string }[]): string[] {
  const programs = tokens
    .map((token) => token.programGuid.toLowerCase())
    .filter((guid) => affiliateProgramName(guid) !== undefined);
  return [...new Set(programs)];
}

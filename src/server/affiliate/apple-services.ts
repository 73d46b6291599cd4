// The device-maker's services program is one of the affiliate programs, with a settings screen
// of its own. Both read and write one record: the program's row in affiliate_tokens, whose
// `enrolled` is false while the author has left the program (the row keeps the tokens for
// coming back, and neither tags nor is listed as a token).
import { and, eq } from 'drizzle-orm';
import type { components } from '../../api/schema';
import type { Database } from '../db/database';
import { affiliateTokens } from '../db/schema';

type AppleServicesSettings = components['schemas']['AppleServicesSettings'];

export const appleServicesProgramGuid = '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10';

export const isAppleServices = (programGuid: string) =>
  programGuid.toLowerCase() === appleServicesProgramGuid;

/** The token's parameters for the settings: `at`, and `ct` when there is a campaign token. */
export function appleServicesParameters(settings: AppleServicesSettings): Record<string, string> {
  const { affiliateToken: at, campaignToken: ct } = settings;
  return Object.fromEntries(Object.entries({ at, ct }).filter(([, value]) => value !== ''));
}

export async function readAppleServicesSettings(
  db: Database,
  userId: number,
): Promise<AppleServicesSettings> {
  const [row] = await db
    .select({ enrolled: affiliateTokens.enrolled, parameters: affiliateTokens.parameters })
    .from(affiliateTokens)
    .where(
      and(
        eq(affiliateTokens.userId, userId),
        eq(affiliateTokens.programGuid, appleServicesProgramGuid),
      ),
    );
  return {
    enrolled: row?.enrolled ?? false,
    affiliateToken: row?.parameters.at ?? '',
    campaignToken: row?.parameters.ct ?? '',
  };
}

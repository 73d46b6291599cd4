// The device-maker's services program is one of the affiliate programs, with a settings screen
// of its own. The Apple Services affiliate token is what redirects apply; the settings record
// remembers the enrolment and its tokens, also while the author has left the program. Each
// side's writes update the other in the same transaction, so both always agree.
import { and, eq } from 'drizzle-orm';
import type { components } from '../../api/schema';
import type { Database } from '../db/database';
import { affiliateTokens, appleServicesSettings } from '../db/schema';

type AffiliateParameters = components['schemas']['AffiliateParameters'];
type AppleServicesSettings = components['schemas']['AppleServicesSettings'];

export const appleServicesProgramGuid = '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10';

/** The program's token parameters: `at`, and `ct` when there is a campaign token. */
export function appleServicesParameters(settings: AppleServicesSettings): AffiliateParameters {
  const { affiliateToken: at, campaignToken: ct } = settings;
  return ct === '' ? { at } : { at, ct };
}

/** After the settings are saved: the token exists while enrolled, with the settings' tokens. */
export async function applyAppleServicesSettings(
  tx: Database,
  userId: number,
  settings: AppleServicesSettings,
  now: Date,
): Promise<void> {
  const ofProgram = and(
    eq(affiliateTokens.userId, userId),
    eq(affiliateTokens.programGuid, appleServicesProgramGuid),
  );
  if (!settings.enrolled) {
    await tx.delete(affiliateTokens).where(ofProgram);
    return;
  }
  const parameters = appleServicesParameters(settings);
  await tx
    .insert(affiliateTokens)
    .values({ userId, programGuid: appleServicesProgramGuid, parameters, updatedAt: now })
    .onConflictDoUpdate({
      target: [affiliateTokens.userId, affiliateTokens.programGuid],
      set: { parameters, updatedAt: now },
    });
}

/**
 * After the program's token is saved (its parameters) or deleted (null): saving enrols with its
 * tokens, deleting leaves the program and keeps the tokens for coming back.
 */
export async function applyAppleServicesToken(
  tx: Database,
  userId: number,
  parameters: AffiliateParameters | null,
  now: Date,
): Promise<void> {
  if (parameters === null) {
    await tx
      .update(appleServicesSettings)
      .set({ enrolled: false, updatedAt: now })
      .where(eq(appleServicesSettings.userId, userId));
    return;
  }
  const enrolment = {
    enrolled: true,
    affiliateToken: parameters.at ?? '',
    campaignToken: parameters.ct ?? '',
    updatedAt: now,
  };
  await tx
    .insert(appleServicesSettings)
    .values({ userId, ...enrolment })
    .onConflictDoUpdate({ target: appleServicesSettings.userId, set: enrolment });
}

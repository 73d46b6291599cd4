import { eq } from 'drizzle-orm';
import type { components } from '../../api/schema';
import { actingUserOf } from '../auth/request-auth';
import { appleServicesSettings } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';
import { applyAppleServicesSettings } from './apple-services';

type AppleServicesSettings = components['schemas']['AppleServicesSettings'];

const notEnrolled: AppleServicesSettings = {
  enrolled: false,
  affiliateToken: '',
  campaignToken: '',
};

/**
 * The device-maker's services program; the contract's schema checks that `at` starts with 1.
 * Saving also saves the program's affiliate token, which redirects apply (apple-services.ts).
 */
export const appleServicesHandlers = {
  async getAppleServicesSettings(_request, { db, auth }) {
    const [settings] = await db
      .select({
        enrolled: appleServicesSettings.enrolled,
        affiliateToken: appleServicesSettings.affiliateToken,
        campaignToken: appleServicesSettings.campaignToken,
      })
      .from(appleServicesSettings)
      .where(eq(appleServicesSettings.userId, actingUserOf(auth).id));
    return { status: 200, body: settings ?? notEnrolled };
  },

  async updateAppleServicesSettings({ body }, { db, clock, auth, linkCache }) {
    if (body.enrolled && body.affiliateToken === '') {
      throw ApiProblem.invalid([
        {
          fieldName: 'AffiliateToken',
          errorCode: 'Required',
          message: 'Enrolling needs your affiliate token (`at`), which starts with 1.',
        },
      ]);
    }
    const userId = actingUserOf(auth).id;
    const now = clock.now();
    const saved = { ...body, updatedAt: now };
    await db.transaction(async (tx) => {
      await tx
        .insert(appleServicesSettings)
        .values({ userId, ...saved })
        .onConflictDoUpdate({ target: appleServicesSettings.userId, set: saved });
      await applyAppleServicesSettings(tx, userId, body, now);
    });
    linkCache.forgetOwner(userId);
    return { status: 200, body };
  },
} satisfies Handlers;

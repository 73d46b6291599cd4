import { eq } from 'drizzle-orm';
import type { components } from '../../api/schema';
import { actingUserOf } from '../auth/request-auth';
import { appleServicesSettings } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';

type AppleServicesSettings = components['schemas']['AppleServicesSettings'];

const notEnrolled: AppleServicesSettings = {
  enrolled: false,
  affiliateToken: '',
  campaignToken: '',
};

/** The device-maker's services program; the contract's schema checks that `at` starts with 1. */
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

  async updateAppleServicesSettings({ body }, { db, clock, auth }) {
    if (body.enrolled && body.affiliateToken === '') {
      throw ApiProblem.invalid([
        {
          fieldName: 'AffiliateToken',
          errorCode: 'Required',
          message: 'Enrolling needs your affiliate token (`at`), which starts with 1.',
        },
      ]);
    }
    const saved = { ...body, updatedAt: clock.now() };
    await db
      .insert(appleServicesSettings)
      .values({ userId: actingUserOf(auth).id, ...saved })
      .onConflictDoUpdate({ target: appleServicesSettings.userId, set: saved });
    return { status: 200, body };
  },
} satisfies Handlers;

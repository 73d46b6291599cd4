import type { components } from '../../api/schema';
import { actingUserOf } from '../auth/request-auth';
import { affiliateTokens } from '../db/schema';
import { ApiProblem, type FieldError } from '../http/api-problem';
import type { Handlers } from '../http/handler';
import {
  appleServicesParameters,
  appleServicesProgramGuid,
  readAppleServicesSettings,
} from './apple-services';
import { findProgram, isValidValue } from './programs';

type AppleServicesSettings = components['schemas']['AppleServicesSettings'];

const settingsFields = { at: 'AffiliateToken', ct: 'CampaignToken' } as const;

/** The tokens' formats, as the program's token has them (programs.ts), at the settings' fields. */
function settingsFieldErrors(settings: AppleServicesSettings): FieldError[] {
  if (settings.enrolled && settings.affiliateToken === '') {
    return [
      {
        fieldName: 'AffiliateToken',
        errorCode: 'Required',
        message: 'Enrolling needs your affiliate token (`at`), which starts with 1.',
      },
    ];
  }
  const parameters = findProgram(appleServicesProgramGuid)?.parameters ?? [];
  return Object.entries(appleServicesParameters(settings)).flatMap(([name, value]) => {
    const parameter = parameters.find((candidate) => candidate.name === name);
    return parameter && !isValidValue(parameter, value)
      ? [
          {
            fieldName: settingsFields[name as keyof typeof settingsFields],
            errorCode: 'Format',
            message: parameter.formatMessage,
          },
        ]
      : [];
  });
}

/**
 * The device-maker's services program: the enrolment is the program's affiliate token
 * (apple-services.ts). Leaving keeps the tokens; leaving without any keeps the saved ones.
 */
export const appleServicesHandlers = {
  async getAppleServicesSettings(_request, { db, auth }) {
    return { status: 200, body: await readAppleServicesSettings(db, actingUserOf(auth).id) };
  },

  async updateAppleServicesSettings({ body }, { db, clock, auth, linkCache }) {
    const fieldErrors = settingsFieldErrors(body);
    if (fieldErrors.length > 0) throw ApiProblem.invalid(fieldErrors);
    const userId = actingUserOf(auth).id;
    const now = clock.now();
    const parameters = appleServicesParameters(body);
    const keepsSaved = !body.enrolled && body.affiliateToken === '';
    await db
      .insert(affiliateTokens)
      .values({
        userId,
        programGuid: appleServicesProgramGuid,
        parameters,
        enrolled: body.enrolled,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [affiliateTokens.userId, affiliateTokens.programGuid],
        set: keepsSaved
          ? { enrolled: false, updatedAt: now }
          : { parameters, enrolled: body.enrolled, updatedAt: now },
      });
    linkCache.forgetOwner(userId);
    return { status: 200, body: await readAppleServicesSettings(db, userId) };
  },
} satisfies Handlers;

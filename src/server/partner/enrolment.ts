import { eq } from 'drizzle-orm';
import type { components } from '../../api/schema';
import type { Database } from '../db/database';
import { partnerEnrolments } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import { partnerTerms } from './terms';

type PartnerEnrolment = components['schemas']['PartnerEnrolment'];
type PartnerEnrolmentRequest = components['schemas']['PartnerEnrolmentRequest'];

function toEnrolment(row: typeof partnerEnrolments.$inferSelect): PartnerEnrolment {
  return {
    enrolled: true,
    termsVersion: row.termsVersion,
    acceptedAt: row.acceptedAt.toISOString(),
  };
}

/** Whether the user enrolled, and under which terms: older ones are still an enrolment. */
export async function findEnrolment(db: Database, userId: number): Promise<PartnerEnrolment> {
  const [row] = await db
    .select()
    .from(partnerEnrolments)
    .where(eq(partnerEnrolments.userId, userId));
  return row ? toEnrolment(row) : { enrolled: false, termsVersion: '' };
}

/** Records that the user accepted the current terms; an acceptance of older ones is refused. */
export async function acceptPartnerTerms(
  db: Database,
  userId: number,
  { termsVersion }: PartnerEnrolmentRequest,
  now: Date,
): Promise<PartnerEnrolment> {
  if (termsVersion !== partnerTerms.version) {
    throw ApiProblem.invalid([
      {
        fieldName: 'TermsVersion',
        errorCode: 'OutdatedTerms',
        message: 'These terms have changed since you read them. Please read the current terms.',
      },
    ]);
  }
  const accepted = { termsVersion, acceptedAt: now };
  const [row] = await db
    .insert(partnerEnrolments)
    .values({ userId, ...accepted })
    .onConflictDoUpdate({ target: partnerEnrolments.userId, set: accepted })
    .returning();
  if (!row) throw new Error('The partner enrolment was not stored');
  return toEnrolment(row);
}

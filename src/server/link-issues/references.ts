import { gte } from 'drizzle-orm';
import type { Database } from '../db/database';
import { linkIssueReports } from '../db/schema';

type NewReport = Omit<typeof linkIssueReports.$inferInsert, 'id' | 'reference' | 'createdAt'>;

/** Two reports made at the same moment may pick the same number; the later one takes the next. */
const referenceAttempts = 5;

/**
 * Stores the report under a reference for support, such as `LI-20261121-0042`: the day (UTC)
 * and the report's number that day.
 */
export async function storeReport(db: Database, report: NewReport, now: Date): Promise<string> {
  const day = now.toISOString().slice(0, 10);
  const reportsToday = gte(linkIssueReports.createdAt, new Date(`${day}T00:00:00Z`));
  for (let attempt = 0; attempt < referenceAttempts; attempt++) {
    const number = (await db.$count(linkIssueReports, reportsToday)) + 1 + attempt;
    const reference = `LI-${day.replaceAll('-', '')}-${String(number).padStart(4, '0')}`;
    const [stored] = await db
      .insert(linkIssueReports)
      .values({ ...report, reference, createdAt: now })
      .onConflictDoNothing({ target: linkIssueReports.reference })
      .returning({ reference: linkIssueReports.reference });
    if (stored) return stored.reference;
  }
  throw new Error(`No free link issue reference on ${day}`);
}

// Administrators' review of reported link issues: upholding one disables the link, whose short
// URL then answers 410, and tells its owner, who turns it back on with a new destination;
// deciding it was abuse disables it until an administrator lifts it; dismissing leaves it working.
import { and, asc, desc, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { components } from '../../api/schema';
import { signedInUserOf } from '../auth/request-auth';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { linkIssueReports, links, users } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';
import { shortLinkDomain, shortUrlOf } from '../links/codes';
import { linkDisabledMessage } from '../link-issues/notifications';

type LinkIssue = components['schemas']['LinkIssue'];

const owners = alias(users, 'owners');
const deciders = alias(users, 'deciders');

function reportsWhere(db: Database, condition: SQL) {
  return db
    .select({
      report: linkIssueReports,
      url: links.url,
      disabledAt: links.disabledAt,
      ownerEmail: owners.email,
      decidedBy: deciders.email,
    })
    .from(linkIssueReports)
    .leftJoin(links, eq(links.id, linkIssueReports.linkId))
    .leftJoin(owners, eq(owners.id, links.ownerId))
    .leftJoin(deciders, eq(deciders.id, linkIssueReports.resolvedBy))
    .where(condition);
}

type ReportRow = Awaited<ReturnType<typeof reportsWhere>>[number];

function toLinkIssue(row: ReportRow, config: Config): LinkIssue {
  const { report } = row;
  const shortUrl =
    report.domain === shortLinkDomain
      ? shortUrlOf(config.shortLinkOrigin, report.code)
      : `https://${report.domain}/${report.code}`;
  return {
    reference: report.reference,
    shortUrl,
    destination: row.url,
    linkDisabled: row.disabledAt !== null,
    ownerEmail: row.ownerEmail,
    kind: report.kind,
    details: report.details,
    reporterEmail: report.email,
    reportedAt: report.createdAt.toISOString(),
    resolution:
      report.resolvedAt && report.outcome
        ? {
            outcome: report.outcome,
            decidedAt: report.resolvedAt.toISOString(),
            decidedBy: row.decidedBy,
          }
        : null,
  };
}

export const linkIssueReviewHandlers = {
  async listLinkIssues({ query }, { db, config }) {
    const open = query.status !== 'resolved';
    const condition = open
      ? isNull(linkIssueReports.resolvedAt)
      : isNotNull(linkIssueReports.resolvedAt);
    const [rows, total] = await Promise.all([
      reportsWhere(db, condition)
        .orderBy(
          ...(open
            ? [asc(linkIssueReports.createdAt), asc(linkIssueReports.id)]
            : [desc(linkIssueReports.resolvedAt), desc(linkIssueReports.id)]),
        )
        .offset(query.skip ?? 0)
        .limit(query.take ?? 20),
      db.$count(linkIssueReports, condition),
    ]);
    return { status: 200, body: { results: rows.map((row) => toLinkIssue(row, config)), total } };
  },

  async resolveLinkIssue({ params, body }, { db, clock, config, auth, mailer, linkCache, log }) {
    const now = clock.now();
    const decided = await db.transaction(async (tx) => {
      const [report] = await tx
        .update(linkIssueReports)
        .set({ resolvedAt: now, outcome: body.outcome, resolvedBy: signedInUserOf(auth).id })
        .where(
          and(
            eq(linkIssueReports.reference, params.reference),
            isNull(linkIssueReports.resolvedAt),
          ),
        )
        .returning({ linkId: linkIssueReports.linkId });
      if (!report) {
        const exists = await tx.$count(
          linkIssueReports,
          eq(linkIssueReports.reference, params.reference),
        );
        throw exists > 0
          ? new ApiProblem(409, 'AlreadyDecided', 'This report was already decided.')
          : ApiProblem.notFound();
      }
      if (body.outcome === 'upheld' && report.linkId !== null) {
        await tx
          .update(links)
          .set({
            disabledAt: sql`coalesce(${links.disabledAt}, ${now.toISOString()})`,
            disabledReason: 'reportUpheld',
          })
          // A link disabled for abuse stays so: a new destination must not lift it.
          .where(
            and(
              eq(links.id, report.linkId),
              or(isNull(links.disabledReason), ne(links.disabledReason, 'abuse')),
            ),
          );
      }
      if (body.outcome === 'abuse' && report.linkId !== null) {
        await tx
          .update(links)
          .set({
            disabledAt: sql`coalesce(${links.disabledAt}, ${now.toISOString()})`,
            disabledReason: 'abuse',
          })
          .where(eq(links.id, report.linkId));
      }
      const [row] = await reportsWhere(tx, eq(linkIssueReports.reference, params.reference));
      if (!row) throw ApiProblem.notFound();
      return row;
    });

    if (body.outcome !== 'dismissed') {
      linkCache.forgetLink(decided.report.domain, decided.report.code);
      if (decided.ownerEmail !== null) {
        // The link is disabled either way; a message that fails is logged, not the decision.
        await mailer
          .send(linkDisabledMessage(decided.report, body.outcome, decided.ownerEmail, config))
          .catch((error: unknown) => {
            log.error({ err: error }, 'The link-disabled e-mail was not sent');
          });
      }
    }
    return { status: 200, body: toLinkIssue(decided, config) };
  },
} satisfies Handlers;

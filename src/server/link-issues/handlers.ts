import { findUserById } from '../auth/users';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';
import { findLiveLink } from '../links/link-records';
import { enforceRateLimits } from '../rate-limits';
import { issueMessages } from './notifications';
import { storeReport } from './references';

const reportsPerIpPerHour = 10;

export const linkIssueHandlers = {
  /** Open to readers who are not signed in; a signed-in reporter is recorded. */
  async reportLinkIssue({ body, ip }, { db, mailer, clock, config, auth, log }) {
    const now = clock.now();
    await enforceRateLimits(db, now, [
      { key: `link-issue:ip:${ip}`, limit: reportsPerIpPerHour, windowSeconds: 60 * 60 },
    ]);
    const link = await findLiveLink(db, body.domain, body.code, now);
    if (!link) throw ApiProblem.notFound();
    const owner = link.ownerId === null ? undefined : await findUserById(db, link.ownerId);

    const reporterEmail = body.email?.toLowerCase() ?? auth?.actingUser.email ?? null;
    const reference = await storeReport(
      db,
      {
        linkId: link.id,
        domain: body.domain,
        code: body.code,
        kind: body.kind,
        details: body.details,
        email: reporterEmail,
        reporterId: auth?.actingUser.id ?? null,
      },
      now,
    );

    // The report is stored and support can find it, so a failed message does not fail the request.
    const messages = await issueMessages(db, config, {
      reference,
      domain: body.domain,
      code: body.code,
      url: link.url,
      kind: body.kind,
      details: body.details,
      reporterEmail,
      ownerEmail: owner?.email ?? null,
    });
    const sent = await Promise.allSettled(messages.map((message) => mailer.send(message)));
    for (const result of sent) {
      if (result.status === 'rejected') {
        log.error({ err: result.reason, reference }, 'A link issue e-mail was not sent');
      }
    }
    return { status: 202, body: { reference } };
  },
} satisfies Handlers;

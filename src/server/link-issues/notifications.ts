import { arrayContains } from 'drizzle-orm';
import type { components } from '../../api/schema';
import { administratorRole } from '../auth/users';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import type { MailMessage } from '../mail/mailer';

type LinkIssueKind = components['schemas']['LinkIssueKind'];

export interface ReportedIssue {
  reference: string;
  domain: string;
  code: string;
  url: string;
  kind: LinkIssueKind;
  details: string;
  /** Where the reader can be reached; shown to administrators only. */
  reporterEmail: string | null;
  ownerEmail: string | null;
}

const kindDescriptions: Record<LinkIssueKind, string> = {
  wrongBook: 'It leads to the wrong book.',
  brokenStoreLink: 'The store page is broken or the book is unavailable.',
  wrongCountry: "It leads to the wrong country's store.",
  other: 'Something else is wrong.',
};

/** Everyone with the Administrator role: granted in the database or by `ADMIN_EMAILS`. */
async function administratorEmails(db: Database, config: Config): Promise<Set<string>> {
  const granted = await db
    .select({ email: users.email })
    .from(users)
    .where(arrayContains(users.roles, [administratorRole]));
  return new Set([...config.adminEmails, ...granted.map(({ email }) => email)]);
}

function reportLines(issue: ReportedIssue): string[] {
  return [
    `Link: https://${issue.domain}/${issue.code}`,
    `Leads to: ${issue.url}`,
    `Problem: ${kindDescriptions[issue.kind]}`,
    '',
    issue.details || '(No details given.)',
    '',
    `Reference: ${issue.reference}`,
  ];
}

function ownerMessage(issue: ReportedIssue, to: string, config: Config): MailMessage {
  const link = `${config.appOrigin}/links`;
  return {
    to,
    subject: `A reader reported a problem with ${issue.domain}/${issue.code}`,
    actionUrl: link,
    text: [
      'Hello,',
      '',
      'A reader reported a problem with one of your Shelflink links.',
      '',
      ...reportLines(issue),
      '',
      `You can change where the link leads in Your links: ${link}`,
      '',
    ].join('\n'),
  };
}

function administratorMessage(issue: ReportedIssue, to: string, config: Config): MailMessage {
  const link = `${config.appOrigin}/admin`;
  return {
    to,
    subject: `Link issue ${issue.reference}: ${issue.domain}/${issue.code}`,
    actionUrl: link,
    text: [
      ...reportLines(issue),
      `Owner: ${issue.ownerEmail ?? 'nobody yet (an unclaimed link)'}`,
      `Reported by: ${issue.reporterEmail ?? 'an anonymous reader'}`,
      '',
      link,
      '',
    ].join('\n'),
  };
}

/**
 * To the owner of a link an administrator disabled after upholding a report about it: a new
 * destination turns it back on, unless the report was found to be abuse.
 */
export function linkDisabledMessage(
  report: { reference: string; domain: string; code: string },
  outcome: 'upheld' | 'abuse',
  to: string,
  config: Config,
): MailMessage {
  const link = `${config.appOrigin}/links`;
  const shortLink = `https://${report.domain}/${report.code}`;
  const body =
    outcome === 'abuse'
      ? [
          `We looked into a reader's report about ${shortLink} and found the link was used to`,
          'mislead or harm readers, so it no longer sends readers on: they see a page saying it',
          'was switched off. Only our support team can turn it back on.',
          '',
          `To ask us to look at it again, reply and quote ${report.reference}.`,
        ]
      : [
          `We looked into a reader's report about ${shortLink} and found the problem they`,
          'described, so the link no longer sends readers on for now: they see a page saying it',
          'was switched off.',
          '',
          'Fix the destination and the link works again at once: open Your links, edit the link',
          'and point it at the right store page:',
          link,
          '',
          `If you think we got this wrong, reply and quote ${report.reference}.`,
        ];
  return {
    to,
    subject: `${report.domain}/${report.code} was switched off after a reader's report`,
    actionUrl: link,
    text: ['Hello,', '', ...body, ''].join('\n'),
  };
}

/**
 * The messages about a report: one to the link's owner and one to each administrator. An owner
 * who is an administrator gets the administrators' message only.
 */
export async function issueMessages(
  db: Database,
  config: Config,
  issue: ReportedIssue,
): Promise<MailMessage[]> {
  const administrators = await administratorEmails(db, config);
  const messages = [...administrators].map((to) => administratorMessage(issue, to, config));
  if (issue.ownerEmail !== null && !administrators.has(issue.ownerEmail)) {
    messages.push(ownerMessage(issue, issue.ownerEmail, config));
  }
  return messages;
}

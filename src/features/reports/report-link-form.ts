import * as v from 'valibot';
import type { components } from '@/api/schema';
import { emailSchema } from '@/lib/validation-rules';

export type LinkIssueKind = components['schemas']['LinkIssueKind'];
type ReportLinkIssueRequest = components['schemas']['ReportLinkIssueRequest'];

export const ISSUE_DETAILS_MAX_LENGTH = 2000;

export const issueKinds: { value: LinkIssueKind; label: string; description: string }[] = [
  {
    value: 'wrongBook',
    label: 'Wrong book',
    description: 'The link opens a different book or edition.',
  },
  {
    value: 'brokenStoreLink',
    label: 'Broken store link',
    description: 'The store page is missing, unavailable or shows an error.',
  },
  {
    value: 'wrongCountry',
    label: 'Wrong country',
    description: 'The link opens a store for another country than yours.',
  },
  { value: 'other', label: 'Other', description: 'Something else: tell us below what went wrong.' },
];

/** Empty, or a valid e-mail address (trimmed), with the e-mail rule's own message. */
const optionalEmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value === '') return;
    const result = v.safeParse(emailSchema, dataset.value);
    if (!result.success) addIssue({ message: result.issues[0].message });
  }),
);

export const reportLinkIssueSchema = v.object({
  kind: v.picklist(
    issueKinds.map((kind) => kind.value),
    'Choose what is wrong with the link.',
  ),
  details: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Tell us what you saw, so we can fix it.'),
    v.maxLength(
      ISSUE_DETAILS_MAX_LENGTH,
      `Please keep it to ${ISSUE_DETAILS_MAX_LENGTH} characters or fewer.`,
    ),
  ),
  email: optionalEmailSchema,
});

export interface ReportLinkIssueValues {
  kind: string;
  details: string;
  email: string;
}

export const emptyReportLinkIssueValues: ReportLinkIssueValues = {
  kind: '',
  details: '',
  email: '',
};

/** The request body: trimmed text, and the e-mail address only when one was given. */
export function toReportLinkIssueRequest(
  link: { domain: string; code: string },
  values: ReportLinkIssueValues,
): ReportLinkIssueRequest {
  const { kind, details, email } = v.parse(reportLinkIssueSchema, values);
  return {
    domain: link.domain,
    code: link.code,
    kind,
    details,
    ...(email ? { email } : {}),
  };
}

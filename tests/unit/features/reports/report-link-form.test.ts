import * as v from 'valibot';
import { describe, expect, test } from 'vitest';

import {
  reportLinkIssueSchema,
  toReportLinkIssueRequest,
} from '@/features/reports/report-link-form';
import { reportQuery } from '@/features/reports/reports-queries';

const link = { domain: 'shelf.to', code: 'salt-orchard' };

function messages(values: { kind: string; details: string; email: string }) {
  const result = v.safeParse(reportLinkIssueSchema, values);
  return result.success
    ? {}
    : Object.fromEntries(
        result.issues.map((issue) => [v.getDotPath(issue) ?? '', issue.message] as const),
      );
}

describe('reportLinkIssueSchema', () => {
  test('needs a kind and details', () => {
    expect(messages({ kind: '', details: '  ', email: '' })).toEqual({
      kind: 'Choose what is wrong with the link.',
      details: 'Tell us what you saw, so we can fix it.',
    });
  });

  test('details are at most 2000 characters', () => {
    expect(messages({ kind: 'other', details: 'x'.repeat(2001), email: '' })).toEqual({
      details: 'Please keep it to 2000 characters or fewer.',
    });
    expect(messages({ kind: 'other', details: 'x'.repeat(2000), email: '' })).toEqual({});
  });

  test('an e-mail address is optional, but checked when given', () => {
    expect(messages({ kind: 'other', details: 'x', email: '   ' })).toEqual({});
    expect(messages({ kind: 'other', details: 'x', email: 'reader@example' })).toEqual({
      email: 'Enter an e-mail address like name@example.com.',
    });
  });

  test('only the contract’s kinds are accepted', () => {
    expect(messages({ kind: 'spam', details: 'x', email: '' })).toHaveProperty('kind');
  });
});

describe('toReportLinkIssueRequest', () => {
  test('sends trimmed text with the link’s domain and code', () => {
    expect(
      toReportLinkIssueRequest(link, {
        kind: 'brokenStoreLink',
        details: ' The UK store says the book is unavailable. ',
        email: ' reader@example.org ',
      }),
    ).toEqual({
      domain: 'shelf.to',
      code: 'salt-orchard',
      kind: 'brokenStoreLink',
      details: 'The UK store says the book is unavailable.',
      email: 'reader@example.org',
    });
  });

  test('leaves the e-mail address out when there is none', () => {
    expect(
      toReportLinkIssueRequest(link, { kind: 'wrongBook', details: 'Wrong edition.', email: '' }),
    ).not.toHaveProperty('email');
  });
});

describe('reportQuery', () => {
  test('asks by domain and code, with only the dates given', () => {
    expect(reportQuery(link, {})).toEqual({ domain: 'shelf.to', code: 'salt-orchard' });
    expect(reportQuery(link, { from: '2026-11-01' })).toEqual({
      domain: 'shelf.to',
      code: 'salt-orchard',
      from: '2026-11-01',
    });
  });

  test('puts a reversed range the right way round', () => {
    expect(reportQuery(link, { from: '2026-11-10', to: '2026-11-01' })).toEqual({
      domain: 'shelf.to',
      code: 'salt-orchard',
      from: '2026-11-01',
      to: '2026-11-10',
    });
  });
});

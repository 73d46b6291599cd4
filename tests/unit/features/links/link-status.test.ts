import { describe, expect, test } from 'vitest';
import {
  deleteLinkQuestion,
  fixableByNewDestination,
  hasEnded,
  linkBadges,
} from '@/features/links/link-status';
import { createdLink } from '../../support/api-client';

const now = new Date('2026-11-28T12:00:00Z');
const names: Record<string, string> = { amazon: 'Amazon Associates' };
const programName = (guid: string) => names[guid];
const labels = (link: ReturnType<typeof createdLink>) =>
  linkBadges(link, now, programName).map((badge) => badge.label);

describe('linkBadges', () => {
  test('an all-stores link reads differently from a one-store localised one', () => {
    expect(labels(createdLink({ allStores: true }))).toEqual(['Every store']);
    expect(labels(createdLink({ allStores: false, localise: true }))).toEqual(['Localised']);
  });

  test('a link to a page no retailer owns is not called localised', () => {
    expect(labels(createdLink({ retailer: '', localise: true }))).toEqual([]);
  });

  test('names the programs that tag the link, leaving out ones the app does not know', () => {
    expect(
      labels(createdLink({ localise: false, affiliatePrograms: ['amazon', 'unknown'] })),
    ).toEqual(['Amazon Associates']);
  });

  test('says when a link expires, and that it has ended once the day is past', () => {
    const expiring = createdLink({
      localise: false,
      expiry: { at: '2026-12-24T00:00:00Z', fallbackUrl: null },
    });
    // It works through Dec 23 and ends as that day ends, as the editor set it.
    expect(labels(expiring)).toEqual(['Expires Dec 23, 2026']);
    const ended = createdLink({
      localise: false,
      expiry: { at: '2026-11-01T00:00:00Z', fallbackUrl: 'https://example.com/next-book' },
    });
    const [badge] = linkBadges(ended, now, programName);
    expect(badge).toMatchObject({ label: 'Ended', tone: 'warning' });
    expect(badge?.description).toContain('readers go to https://example.com/next-book');
    expect(hasEnded(ended, now)).toBe(true);
    expect(hasEnded(expiring, now)).toBe(false);
  });

  test('puts Disabled first, with why and who can lift it, and Archived after', () => {
    const badges = linkBadges(
      createdLink({
        localise: false,
        archived: true,
        disabled: { at: '2026-11-21T09:14:00Z', reason: 'abuse', message: 'Contact support.' },
      }),
      now,
      programName,
    );
    expect(badges.map((badge) => badge.label)).toEqual(['Disabled', 'Archived']);
    expect(badges[0]?.description).toBe(
      'Turned off by an administrator; only support can turn it back on.',
    );
  });
});

describe('fixableByNewDestination', () => {
  test.each([
    ['reportUpheld', true],
    ['destinationInvalid', true],
    ['abuse', false],
  ] as const)('a link disabled for %s: %s', (reason, fixable) => {
    expect(
      fixableByNewDestination({ disabled: { at: '2026-11-21T09:14:00Z', reason, message: '' } }),
    ).toBe(fixable);
  });
});

test('deleteLinkQuestion names the link and its clicks in full', () => {
  expect(deleteLinkQuestion('shelf.to/salt-orchard', 1204)).toBe(
    'Delete shelf.to/salt-orchard? It has 1,204 clicks.',
  );
  expect(deleteLinkQuestion('shelf.to/x', 1)).toBe('Delete shelf.to/x? It has 1 click.');
});

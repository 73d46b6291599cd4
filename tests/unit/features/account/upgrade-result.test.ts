import { describe, expect, test } from 'vitest';
import {
  skippedLinksNote,
  upgradeResultMessage,
  type UpgradeReply,
} from '@/features/account/upgrade-result';

function reply(moved: Partial<UpgradeReply>): UpgradeReply {
  return { alreadyUpgraded: false, migratedLinks: 0, skippedLinks: 0, plan: 'standard', ...moved };
}

describe('upgradeResultMessage', () => {
  test('counts the links that moved', () => {
    expect(upgradeResultMessage(reply({ migratedLinks: 37 }))).toBe(
      'We moved 37 links into Shelflink',
    );
    expect(upgradeResultMessage(reply({ migratedLinks: 1, skippedLinks: 2 }))).toBe(
      'We moved 1 link into Shelflink',
    );
  });

  test('says when there was nothing to move', () => {
    expect(upgradeResultMessage(reply({}))).toBe(
      'Your account is upgraded. There were no links to move',
    );
  });

  test('says when no link could move', () => {
    expect(upgradeResultMessage(reply({ skippedLinks: 3 }))).toBe(
      'Your account is upgraded, but none of your links could move',
    );
  });

  test('says when the account had already upgraded', () => {
    expect(upgradeResultMessage(reply({ alreadyUpgraded: true }))).toBe(
      'Your account is already upgraded',
    );
  });
});

describe('skippedLinksNote', () => {
  test('is nothing when every link moved', () => {
    expect(skippedLinksNote(reply({ migratedLinks: 37 }))).toBeUndefined();
  });

  test('says how many links were left behind, why, and what to do', () => {
    expect(skippedLinksNote(reply({ migratedLinks: 35, skippedLinks: 2 }))).toBe(
      '2 old links were left behind: Shelflink sends readers only to public web pages ' +
        "(http:// or https://). Create them again with a web page's address if you still need them.",
    );
    expect(skippedLinksNote(reply({ skippedLinks: 1 }))).toBe(
      '1 old link was left behind: Shelflink sends readers only to public web pages ' +
        "(http:// or https://). Create it again with a web page's address if you still need it.",
    );
  });
});

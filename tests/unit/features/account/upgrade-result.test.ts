import { describe, expect, test } from 'vitest';
import { upgradeResultMessage } from '@/features/account/upgrade-result';

describe('upgradeResultMessage', () => {
  test('counts the links that moved', () => {
    expect(
      upgradeResultMessage({ alreadyUpgraded: false, migratedLinks: 37, plan: 'standard' }),
    ).toBe('We moved 37 links into Shelflink');
    expect(
      upgradeResultMessage({ alreadyUpgraded: false, migratedLinks: 1, plan: 'standard' }),
    ).toBe('We moved 1 link into Shelflink');
  });

  test('says when there was nothing to move', () => {
    expect(
      upgradeResultMessage({ alreadyUpgraded: false, migratedLinks: 0, plan: 'standard' }),
    ).toBe('Your account is upgraded. There were no links to move');
  });

  test('says when the account had already upgraded', () => {
    expect(
      upgradeResultMessage({ alreadyUpgraded: true, migratedLinks: 0, plan: 'standard' }),
    ).toBe('Your account is already upgraded');
  });
});

import { expect, test } from 'vitest';
import { isLikelyInCalifornia } from '@/lib/visitor-region';

test.each(['America/Los_Angeles', 'US/Pacific', 'PST8PDT'])('%s is California', (zone) => {
  expect(isLikelyInCalifornia(zone)).toBe(true);
});

test.each(['America/New_York', 'America/Denver', 'Europe/Paris', 'UTC', 'America/Tijuana'])(
  '%s is not',
  (zone) => {
    expect(isLikelyInCalifornia(zone)).toBe(false);
  },
);

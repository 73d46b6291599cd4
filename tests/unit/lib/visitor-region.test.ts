import { afterEach, expect, test, vi } from 'vitest';
import { isCaliforniaTimeZone, isLikelyInCalifornia } from '@/lib/visitor-region';

afterEach(() => {
  vi.restoreAllMocks();
});

test.each(['America/Los_Angeles', 'US/Pacific', 'PST8PDT'])('%s is California', (zone) => {
  expect(isCaliforniaTimeZone(zone)).toBe(true);
});

test.each(['America/New_York', 'America/Denver', 'Europe/Paris', 'UTC', 'America/Tijuana'])(
  '%s is not',
  (zone) => {
    expect(isCaliforniaTimeZone(zone)).toBe(false);
  },
);

function deviceClock(offsetMinutes: number, timeZone: string) {
  vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(offsetMinutes);
  const resolvedOptions = vi.fn(() => ({ timeZone }) as Intl.ResolvedDateTimeFormatOptions);
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(
    () => ({ resolvedOptions }) as unknown as Intl.DateTimeFormat,
  );
  return { resolvedOptions };
}

test('a device on Pacific time in Los Angeles is in California, summer and winter', () => {
  deviceClock(420, 'America/Los_Angeles');
  expect(isLikelyInCalifornia()).toBe(true);
  deviceClock(480, 'America/Los_Angeles');
  expect(isLikelyInCalifornia()).toBe(true);
});

test('a device on Pacific time elsewhere is not', () => {
  deviceClock(480, 'America/Vancouver');
  expect(isLikelyInCalifornia()).toBe(false);
});

test('off Pacific time the zone is not even looked up', () => {
  const { resolvedOptions } = deviceClock(-60, 'America/Los_Angeles');
  expect(isLikelyInCalifornia()).toBe(false);
  expect(resolvedOptions).not.toHaveBeenCalled();
});

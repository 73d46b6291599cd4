/**
 * The time zones a browser in California reports. The app has no other clue to where a visitor
 * is; the zone is set by the device, so it also covers the rest of the US Pacific coast, which
 * sees a notice it could do without, and misses a Californian whose device is set elsewhere.
 */
const CALIFORNIA_TIME_ZONES = new Set(['America/Los_Angeles', 'US/Pacific', 'PST8PDT']);

export function isLikelyInCalifornia(
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): boolean {
  return CALIFORNIA_TIME_ZONES.has(timeZone);
}

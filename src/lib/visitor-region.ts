/**
 * The time zones a browser in California reports. The app has no other clue to where a visitor
 * is; the zone is set by the device, so it also covers the rest of the US Pacific coast, which
 * sees a notice it could do without, and misses a Californian whose device is set elsewhere.
 */
const CALIFORNIA_TIME_ZONES = new Set(['America/Los_Angeles', 'US/Pacific', 'PST8PDT']);

/** Pacific standard and daylight time, as `Date#getTimezoneOffset` gives them (UTC−8, UTC−7). */
const PACIFIC_OFFSETS_MINUTES = new Set([480, 420]);

export function isCaliforniaTimeZone(timeZone: string): boolean {
  return CALIFORNIA_TIME_ZONES.has(timeZone);
}

export function isLikelyInCalifornia(): boolean {
  // Naming the device's time zone costs the browser tens of milliseconds the first time, reading
  // its offset nothing: the name is looked up only where the clock is on Pacific time.
  if (!PACIFIC_OFFSETS_MINUTES.has(new Date().getTimezoneOffset())) return false;
  return isCaliforniaTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

const UNIT_SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;
const LARGEST_UNIT_INDEX = UNIT_SUFFIXES.length - 1;

// Rounding works in whole tenths of the unit, computed by dividing by an integer power of ten,
// so halves such as 1150 → 11.5 tenths are exact and round up as an author would expect.
function toTenthsOfUnit(magnitude: number, unitIndex: number): number {
  return unitIndex === 0
    ? Math.round(magnitude * 10)
    : Math.round(magnitude / 10 ** (3 * unitIndex - 1));
}

/**
 * Abbreviates a number with k, M, G, T, P or E to at most one decimal: 1250 → '1.3k', 2e9 → '2G'.
 * A value that rounds up to 1000 of a unit carries to the next one (999 950 → '1M').
 * NaN and infinities are returned as `String(n)`.
 */
export function abbreviateNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const magnitude = Math.abs(n);
  let unitIndex = 0;
  while (unitIndex < LARGEST_UNIT_INDEX && magnitude >= 1000 ** (unitIndex + 1)) unitIndex++;
  let tenths = toTenthsOfUnit(magnitude, unitIndex);
  if (tenths >= 10_000 && unitIndex < LARGEST_UNIT_INDEX) {
    unitIndex++;
    tenths = toTenthsOfUnit(magnitude, unitIndex);
  }
  if (tenths === 0) return '0';
  const sign = n < 0 ? '-' : '';
  return `${sign}${String(tenths / 10)}${UNIT_SUFFIXES[unitIndex] ?? ''}`;
}

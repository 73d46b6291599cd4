// One measured number. Every module returns a list of these; the report prints them as one
// table, compares them with the previous run by `id` and checks the budgets against them.

/** `rps`: requests answered per second; `ratio`: one measurement divided by its baseline's. */
export type Unit = 'bytes' | 'ms' | 'score' | 'shift' | 'count' | 'rps' | 'ratio';

export interface Metric {
  /** Stable key in results.json, e.g. `bytes./.js.gzip`. */
  id: string;
  /** Row group in the table, e.g. `Bytes /faq`. */
  section: string;
  label: string;
  /** `null` when it could not be measured; the note says why. */
  value: number | null;
  unit: Unit;
  note?: string;
  /** Saved, compared and checked against budgets, but not a row of the table (per-route detail). */
  hidden?: boolean;
}

/** 1 KB = 1,000 bytes, as in Vite's build report. */
export const KB = 1000;

export function metric(
  id: string,
  section: string,
  label: string,
  value: number | null,
  unit: Unit,
  note?: string,
): Metric {
  return note === undefined
    ? { id, section, label, value, unit }
    : { id, section, label, value, unit, note };
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The value at percentile `p` (0–100), nearest-rank. */
export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? null;
}

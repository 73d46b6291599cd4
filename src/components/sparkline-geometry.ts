/** The drawn shape of a sparkline: its line's points and the area under it, in SVG terms. */
export interface SparklineShape {
  /** `x,y` pairs for a `<polyline>`. */
  line: string;
  /** A closed path from the line down to the baseline, for the shaded area under it. */
  area: string;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Lays `values` out left to right across a `width` × `height` box, the largest at the top and
 * zero on the baseline, `inset` in from every edge so a stroke that wide is never clipped. No
 * values, a single value or all zeros give a flat line along the baseline.
 */
export function sparklineShape(
  values: readonly number[],
  width: number,
  height: number,
  inset = 1,
): SparklineShape {
  const usable = values.filter((value) => Number.isFinite(value));
  const largest = Math.max(0, ...usable);
  const series = usable.length >= 2 ? usable : [usable[0] ?? 0, usable[0] ?? 0];
  const left = inset;
  const right = width - inset;
  const baseline = height - inset;
  const rise = height - 2 * inset;
  const step = (right - left) / (series.length - 1);
  const points = series.map((value, index) => {
    const x = round(left + index * step);
    const y = round(largest > 0 ? baseline - (Math.max(0, value) / largest) * rise : baseline);
    return `${String(x)},${String(y)}`;
  });
  return {
    line: points.join(' '),
    area: `M${String(left)},${String(baseline)} L${points.join(' L')} L${String(right)},${String(baseline)} Z`,
  };
}

/** '12 clicks in the last 30 days', for the sparkline's text alternative. */
export function recentClicksLabel(values: readonly number[], days = 30): string {
  const total = values.reduce((sum, value) => sum + (Number.isFinite(value) ? value : 0), 0);
  return `${total.toLocaleString('en')} ${total === 1 ? 'click' : 'clicks'} in the last ${String(days)} days`;
}

import { describe, expect, test } from 'vitest';
import { recentClicksLabel, sparklineShape } from '@/components/sparkline-geometry';

function pointsOf(line: string): [number, number][] {
  return line.split(' ').map((pair) => {
    const [x, y] = pair.split(',').map(Number);
    return [x ?? NaN, y ?? NaN];
  });
}

describe('sparklineShape', () => {
  test('spreads the days evenly from edge to edge, inside the stroke inset', () => {
    const points = pointsOf(sparklineShape([1, 2, 3, 4, 5], 42, 20, 1).line);
    expect(points.map(([x]) => x)).toEqual([1, 11, 21, 31, 41]);
  });

  test('puts the busiest day at the top and a day without clicks on the baseline', () => {
    const points = pointsOf(sparklineShape([0, 5, 10], 100, 24, 2).line);
    expect(points.map(([, y]) => y)).toEqual([22, 12, 2]);
  });

  test('closes the area under the line along the baseline', () => {
    const { line, area } = sparklineShape([3, 6], 50, 10, 1);
    expect(line).toBe('1,5 49,1');
    expect(area).toBe('M1,9 L1,5 L49,1 L49,9 Z');
  });

  test.each([
    ['no days', []],
    ['a quiet month', Array.from({ length: 30 }, () => 0)],
  ])('draws a flat line on the baseline for %s', (_, values: number[]) => {
    const points = pointsOf(sparklineShape(values, 96, 24).line);
    expect(points.length).toBeGreaterThanOrEqual(2);
    expect(new Set(points.map(([, y]) => y))).toEqual(new Set([23]));
    expect(points[0]?.[0]).toBe(1);
    expect(points.at(-1)?.[0]).toBe(95);
  });

  test('draws a single day as a level line across the box', () => {
    const points = pointsOf(sparklineShape([7], 30, 12, 1).line);
    expect(points).toEqual([
      [1, 1],
      [29, 1],
    ]);
  });

  test('never leaves the box, whatever the values', () => {
    const values = [0, -4, Number.NaN, 12, 1e9, 3];
    for (const [x, y] of pointsOf(sparklineShape(values, 80, 20).line)) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(80);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(20);
    }
  });
});

describe('recentClicksLabel', () => {
  test('says the total over the days', () => {
    expect(recentClicksLabel([4, 0, 8])).toBe('12 clicks in the last 30 days');
    expect(recentClicksLabel([1], 7)).toBe('1 click in the last 7 days');
    expect(recentClicksLabel([])).toBe('0 clicks in the last 30 days');
    expect(recentClicksLabel([1200, 34])).toBe('1,234 clicks in the last 30 days');
  });
});

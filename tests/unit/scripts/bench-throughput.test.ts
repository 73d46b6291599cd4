import { describe, expect, test } from 'vitest';
import { missedBudgets } from '../../../scripts/bench/budgets';
import { throughputMetrics, type ThroughputComparison } from '../../../scripts/bench/throughput';

const linksList: ThroughputComparison = {
  id: 'server.pglite.linksList',
  section: 'Server API GET /v1/links/list, PGlite',
  candidate: { key: 'validated', label: 'Replies validated' },
  baseline: { key: 'unvalidated', label: 'Replies not validated' },
  ratioLabel: 'Validated ÷ not validated',
};

function valuesById(metrics: { id: string; value: number | null }[]) {
  return Object.fromEntries(metrics.map(({ id, value }) => [id, value]));
}

describe('throughput comparisons', () => {
  test("report each side's best run and the ratio of the candidate's to the baseline's", () => {
    const metrics = throughputMetrics(linksList, {
      candidate: [720, 810],
      baseline: [1000, 900],
    });

    expect(valuesById(metrics)).toEqual({
      'server.pglite.linksList.validated': 810,
      'server.pglite.linksList.unvalidated': 1000,
      'server.pglite.linksList.ratio': 0.81,
    });
    expect(metrics[0]?.note).toBe('runs: 720/s, 810/s');
  });

  test('hold the list with validation to at least 0.75 of the list without', () => {
    const met = throughputMetrics(linksList, { candidate: [760], baseline: [1000] });
    const missed = throughputMetrics(linksList, { candidate: [740], baseline: [1000] });

    expect(missedBudgets(met)).toEqual([]);
    expect(missedBudgets(missed).map(({ metric }) => metric.id)).toEqual([
      'server.pglite.linksList.ratio',
    ]);
  });

  test('miss the budget when a side could not be measured', () => {
    const metrics = throughputMetrics(linksList, { candidate: [900], baseline: [] });

    expect(valuesById(metrics)['server.pglite.linksList.ratio']).toBeNull();
    expect(missedBudgets(metrics)).toHaveLength(1);
  });
});

// The performance budgets. A budget holds for a set of metrics; a metric that could not be
// measured fails it, so a broken measurement never passes silently.
import { KB, type Metric } from './metrics.ts';

export interface Budget {
  /** Printed in the table's Budget column, e.g. `≤ 150 KB`. */
  label: string;
  comparison: '<=' | '>=' | '=';
  limit: number;
  covers: (metric: Metric) => boolean;
  /** The row that shows the verdict when the covered metrics are not rows themselves. */
  shownOn?: string;
}

const pages = ['/', '/faq', '/links/books'];
const lighthouseCategories = ['accessibility', 'best-practices', 'seo'];

export const budgets: Budget[] = [
  {
    label: '≤ 150 KB',
    comparison: '<=',
    limit: 150 * KB,
    covers: (metric) => metric.id === 'bytes./.js.gzip',
  },
  {
    label: '≤ 30 KB',
    comparison: '<=',
    limit: 30 * KB,
    covers: (metric) => pages.some((page) => metric.id === `bytes.${page}.css.gzip`),
  },
  {
    label: 'each ≤ 30 KB',
    comparison: '<=',
    limit: 30 * KB,
    covers: (metric) => metric.id.startsWith('bytes.routeChunk.'),
    shownOn: 'bytes.largestRouteChunk.gzip',
  },
  {
    label: 'none',
    comparison: '<=',
    limit: 0,
    covers: (metric) =>
      metric.id.endsWith('.thirdPartyBeforePaint') || metric.id === 'bytes.entryGraph.thirdParty',
  },
  {
    label: 'none',
    comparison: '<=',
    limit: 0,
    covers: (metric) =>
      metric.id === 'bytes.unstyledMantineComponents' || metric.id === 'bytes.importCycles',
  },
  {
    label: '≥ 98',
    comparison: '>=',
    limit: 98,
    covers: (metric) => pages.some((page) => metric.id === `lighthouse.${page}.performance`),
  },
  {
    label: '= 100',
    comparison: '>=',
    limit: 100,
    covers: (metric) =>
      pages.some((page) =>
        lighthouseCategories.some((category) => metric.id === `lighthouse.${page}.${category}`),
      ),
  },
  {
    // The short-link host's pages for readers (reader-pages.ts): plain HTML and CSS.
    label: '= 100',
    comparison: '>=',
    limit: 100,
    covers: (metric) =>
      /^server\.lighthouse\.\w+\.(?:performance|accessibility|best-practices|seo)$/.test(metric.id),
  },
  {
    label: '≤ 50 ms',
    comparison: '<=',
    limit: 50,
    covers: (metric) => metric.id.startsWith('transition.') && metric.id.endsWith('.warm'),
  },
  {
    // Against the same server without reply validation, on each store (server.ts).
    label: '≥ 0.75',
    comparison: '>=',
    limit: 0.75,
    covers: (metric) => /^server\.\w+\.linksList\.ratio$/.test(metric.id),
  },
  {
    // Against Node's HTTP server answering every request with a redirect (redirects.ts).
    label: '≥ 0.6',
    comparison: '>=',
    limit: 0.6,
    covers: (metric) => /^server\.\w+\.redirect\.ratio$/.test(metric.id),
  },
  {
    label: '= 0',
    comparison: '=',
    limit: 0,
    covers: (metric) => /^server\.\w+\.redirect\.lostClicks$/.test(metric.id),
  },
  {
    // The report at 1,000,000 clicks against at 100,000 (report-cost.ts).
    label: '≤ 1.5',
    comparison: '<=',
    limit: 1.5,
    covers: (metric) => /^server\.\w+\.report\.ratio$/.test(metric.id),
  },
];

export function meets(budget: Budget, metric: Metric): boolean {
  if (metric.value === null) return false;
  switch (budget.comparison) {
    case '<=':
      return metric.value <= budget.limit;
    case '>=':
      return metric.value >= budget.limit;
    case '=':
      return metric.value === budget.limit;
  }
}

/** The budget whose verdict a table row shows, if any. */
export function budgetOfRow(row: Metric): Budget | undefined {
  return budgets.find(
    (budget) => budget.shownOn === row.id || (!budget.shownOn && budget.covers(row)),
  );
}

/** Whether the row's budget holds: for a `shownOn` row, whether it holds for every metric it covers. */
export function rowMeetsBudget(row: Metric, budget: Budget, metrics: Metric[]): boolean {
  if (!budget.shownOn) return meets(budget, row);
  return metrics.filter(budget.covers).every((metric) => meets(budget, metric));
}

export function missedBudgets(metrics: Metric[]): { budget: Budget; metric: Metric }[] {
  return budgets.flatMap((budget) =>
    metrics
      .filter((metric) => budget.covers(metric) && !meets(budget, metric))
      .map((metric) => ({ budget, metric })),
  );
}

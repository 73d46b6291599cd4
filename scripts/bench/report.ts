// The one table the benchmark prints (Markdown, so it pastes into a pull request), the
// comparison with the previous run and the results file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { budgetOfRow, missedBudgets, rowMeetsBudget } from './budgets.ts';
import { KB, type Metric, type Unit } from './metrics.ts';

export interface SavedResults {
  savedAt: string;
  metrics: Record<string, { value: number | null; unit: Unit }>;
}

export function readPreviousResults(path: string): SavedResults | undefined {
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as SavedResults;
}

/** Saves the run's metrics; `kept` carries over earlier results of the sections it skipped. */
export function saveResults(
  path: string,
  metrics: Metric[],
  kept: SavedResults['metrics'] = {},
): void {
  const results: SavedResults = {
    savedAt: new Date().toISOString(),
    metrics: {
      ...kept,
      ...Object.fromEntries(
        metrics.map((metric) => [metric.id, { value: metric.value, unit: metric.unit }]),
      ),
    },
  };
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
}

function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case 'bytes':
      return value >= KB * KB
        ? `${(value / (KB * KB)).toFixed(1)} MB`
        : `${(value / KB).toFixed(1)} KB`;
    case 'ms':
      return `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
    case 'shift':
      return value.toFixed(3);
    case 'score':
    case 'count':
      return String(Math.round(value));
    case 'rps':
      return `${Math.round(value)}/s`;
    case 'ratio':
      return value.toFixed(2);
  }
}

function formatDifference(now: number, before: number, unit: Unit): string {
  const difference = now - before;
  const shown = formatValue(Math.abs(difference), unit);
  if (/^0(\.0+)?( |$)/.test(shown)) return '±0';
  return `${difference > 0 ? '+' : '-'}${shown}`;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}

export function renderTable(metrics: Metric[], previous: SavedResults | undefined): string {
  const header = ['Section', 'Metric', 'Value', 'vs previous', 'Budget', '', 'Note'];
  const rows = metrics
    .filter((metric) => !metric.hidden)
    .map((metric) => {
      const before = previous?.metrics[metric.id]?.value;
      const value = metric.value === null ? 'not measured' : formatValue(metric.value, metric.unit);
      const difference =
        metric.value === null || before === undefined || before === null
          ? previous
            ? 'new'
            : ''
          : formatDifference(metric.value, before, metric.unit);
      const budget = budgetOfRow(metric);
      const verdict = budget ? (rowMeetsBudget(metric, budget, metrics) ? 'ok' : 'MISSED') : '';
      return [
        metric.section,
        metric.label,
        value,
        difference,
        budget?.label ?? '',
        verdict,
        metric.note ?? '',
      ];
    });
  const table = [header, header.map(() => '---'), ...rows].map(
    (row) => `| ${row.map(cell).join(' | ')} |`,
  );
  return table.join('\n');
}

export function renderMissedBudgets(metrics: Metric[]): string[] {
  return missedBudgets(metrics).map(({ budget, metric }) => {
    const value = metric.value === null ? 'not measured' : formatValue(metric.value, metric.unit);
    const note = metric.note ? ` (${metric.note})` : '';
    return `${metric.section}, ${metric.label}: ${value}, budget ${budget.label}${note}`;
  });
}

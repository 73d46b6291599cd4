// Throughput: requests answered per second over real HTTP, driven by autocannon from this
// process against a server running in another. How many a machine answers depends on the
// machine and on what else it does at the time, so budgets never hold absolute numbers: two
// servers are measured alternately in the same run and the budget holds their ratio.
import autocannon from 'autocannon';
import { metric, type Metric } from './metrics.ts';

const statusClasses = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
type StatusClass = (typeof statusClasses)[number];

/** What the load asks for; every answer must be in `statusClass` (`3xx` for redirects). */
export interface ThroughputTarget {
  url: string;
  headers?: Record<string, string>;
  statusClass: StatusClass;
}

/** What one run of load measured. */
export interface ThroughputRun {
  /** Answers in the target's status class per second of the measured phase. */
  perSecond: number;
  /** Answers in the target's status class, warm-up included: every request the server answered. */
  answered: number;
}

/** A target whose server was started for one measured run. */
export interface StartedTarget extends ThroughputTarget {
  /** Stops its server, once the run is over; `run` is undefined when the run failed. */
  stop(run?: ThroughputRun): Promise<void>;
}

export interface ThroughputTiming {
  /** Load before the measured run and not counted, so a server is measured hot (JIT, pools). */
  warmUpSeconds: number;
  seconds: number;
  connections: number;
}

/**
 * The fields of autocannon's Client that its `amount` option works through: a client whose
 * `reqsMade` has reached `responseMax` closes its connection when the answer to its last request
 * is in.
 */
interface AutocannonClientCounts {
  reqsMade: number;
  responseMax?: number;
}

/** Past the measured seconds, the most a run waits for the answers still in flight. */
const drainLimitSeconds = 30;

function statusClassOf(statusCode: number): StatusClass | undefined {
  return statusClasses[Math.floor(statusCode / 100) - 1];
}

/**
 * Loads the target for `seconds`, then lets each connection wait for the answer to its last
 * request before it closes. autocannon itself closes its connections at the end of a run with
 * requests in flight that the server may still answer, so `answered` would miss up to one
 * request per connection.
 */
async function load(
  target: ThroughputTarget,
  seconds: number,
  connections: number,
): Promise<ThroughputRun> {
  const clients: AutocannonClientCounts[] = [];
  let draining = false;
  let answeredInTime = 0;
  const deadline = setTimeout(() => {
    draining = true;
    for (const client of clients) client.responseMax = client.reqsMade;
  }, seconds * 1000);
  let result;
  try {
    result = await autocannon({
      url: target.url,
      headers: target.headers ?? {},
      connections,
      duration: seconds + drainLimitSeconds,
      setupClient(client) {
        clients.push(client as unknown as AutocannonClientCounts);
        client.on('response', (statusCode) => {
          if (!draining && statusClassOf(statusCode) === target.statusClass) answeredInTime += 1;
        });
      },
    });
  } finally {
    clearTimeout(deadline);
  }
  if (result.duration >= seconds + drainLimitSeconds) {
    throw new Error(`GET ${target.url}: the connections did not drain after ${seconds} s`);
  }
  const unexpected = statusClasses
    .filter((statusClass) => statusClass !== target.statusClass)
    .reduce((total, statusClass) => total + result[statusClass], 0);
  if (unexpected > 0 || result.errors > 0) {
    throw new Error(
      `GET ${target.url}: ${unexpected} answers outside ${target.statusClass} and ` +
        `${result.errors} connection errors in ${seconds} s`,
    );
  }
  return { perSecond: answeredInTime / seconds, answered: result[target.statusClass] };
}

/** Requests per second the target answers under load, after a warm-up. */
export async function measureThroughput(
  target: ThroughputTarget,
  timing: ThroughputTiming,
): Promise<ThroughputRun> {
  const warmUp = await load(target, timing.warmUpSeconds, timing.connections);
  const measured = await load(target, timing.seconds, timing.connections);
  return { perSecond: measured.perSecond, answered: warmUp.answered + measured.answered };
}

/** Requests answered per second in each measured run, per side. */
export interface ThroughputRuns {
  candidate: number[];
  baseline: number[];
}

/**
 * Measures the candidate and its baseline `rounds` times each, each run on a freshly started
 * server. Which side goes first alternates (candidate, baseline, baseline, candidate, …), so a
 * drift in the machine's speed during the comparison weighs on both sides alike.
 */
export async function compareThroughput(
  sides: Record<keyof ThroughputRuns, () => Promise<StartedTarget>>,
  timing: ThroughputTiming & { rounds: number },
): Promise<ThroughputRuns> {
  const runs: ThroughputRuns = { candidate: [], baseline: [] };
  for (let round = 0; round < timing.rounds; round += 1) {
    const order =
      round % 2 === 0 ? (['candidate', 'baseline'] as const) : (['baseline', 'candidate'] as const);
    for (const side of order) {
      const target = await sides[side]();
      let run: ThroughputRun | undefined;
      try {
        run = await measureThroughput(target, timing);
        runs[side].push(run.perSecond);
      } finally {
        await target.stop(run);
      }
    }
  }
  return runs;
}

export interface ThroughputComparison {
  /** Key prefix in results.json, e.g. `server.pglite.linksList`. */
  id: string;
  section: string;
  candidate: { key: string; label: string };
  baseline: { key: string; label: string };
  ratioLabel: string;
}

/**
 * Rows for each side's best run (load on a shared machine only ever slows a run down) and for
 * the ratio of the candidate's to the baseline's, `<id>.ratio`, which budgets.ts holds.
 */
export function throughputMetrics(
  comparison: ThroughputComparison,
  runs: ThroughputRuns,
): Metric[] {
  const best = (values: number[]) => (values.length > 0 ? Math.max(...values) : null);
  const runsNote = (values: number[]) =>
    `runs: ${values.map((value) => `${Math.round(value)}/s`).join(', ')}`;
  const candidate = best(runs.candidate);
  const baseline = best(runs.baseline);
  const { id, section } = comparison;
  return [
    metric(
      `${id}.${comparison.candidate.key}`,
      section,
      comparison.candidate.label,
      candidate,
      'rps',
      runsNote(runs.candidate),
    ),
    metric(
      `${id}.${comparison.baseline.key}`,
      section,
      comparison.baseline.label,
      baseline,
      'rps',
      runsNote(runs.baseline),
    ),
    metric(
      `${id}.ratio`,
      section,
      comparison.ratioLabel,
      candidate !== null && baseline ? candidate / baseline : null,
      'ratio',
      'best run of each side, measured alternately',
    ),
  ];
}

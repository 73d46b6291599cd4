// Mock latency: sequential GET /v1/links/list calls straight to Prism, signed in. Bounded by
// a count and a time limit, so a slow mock cannot keep the benchmark running.
import { SESSION_COOKIE } from './chromium.ts';
import { metric, percentile, type Metric } from './metrics.ts';

export async function measureMockLatency(
  mockOrigin: string,
  options: { requests: number; timeLimitMs: number },
): Promise<Metric[]> {
  const url = `${mockOrigin}/v1/links/list`;
  const headers = { cookie: `${SESSION_COOKIE.name}=${SESSION_COOKIE.value}` };
  const deadline = performance.now() + options.timeLimitMs;
  const times: number[] = [];
  while (times.length < options.requests && performance.now() < deadline) {
    const start = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    times.push(performance.now() - start);
  }
  const note = `${times.length} requests`;
  const section = 'Mock latency GET /v1/links/list';
  return [
    metric('latency.linksList.p50', section, 'p50', percentile(times, 50), 'ms', note),
    metric('latency.linksList.p95', section, 'p95', percentile(times, 95), 'ms', note),
  ];
}

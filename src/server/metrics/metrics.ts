// What an operator's Prometheus scrapes from `/metrics` on METRICS_PORT: every instance's
// requests, redirects, clicks, link cache and database pool, and Node's own figures (event-loop
// lag, memory, garbage collection). One registry per process, since a process is one instance.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

export const requestDuration = new Histogram({
  name: 'shelflink_http_request_duration_seconds',
  help: 'Requests answered, by host, operation (or route) and status, with their latency.',
  labelNames: ['host', 'operation', 'status'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const redirects = new Counter({
  name: 'shelflink_redirects_total',
  help: 'Readers sent to a store, by whether memory answered before the router was reached.',
  labelNames: ['path'] as const,
  registers,
});

export const clicks = new Counter({
  name: 'shelflink_clicks_total',
  help: 'Clicks buffered on arrival, stored in the database, or dropped because the buffer was full.',
  labelNames: ['outcome'] as const,
  registers,
});

/** Each click recorder's count of clicks it holds, for the gauge to add up when scraped. */
const heldClickCounts = new Set<() => number>();

new Gauge({
  name: 'shelflink_clicks_buffered',
  help: 'Clicks held in memory, not yet written.',
  registers,
  collect() {
    let held = 0;
    for (const count of heldClickCounts) held += count();
    this.set(held);
  },
});

/** Counts a recorder's held clicks in the gauge until the returned function is called. */
export function trackHeldClicks(count: () => number): () => void {
  heldClickCounts.add(count);
  return () => heldClickCounts.delete(count);
}

export const linkCacheLookups = new Counter({
  name: 'shelflink_link_cache_lookups_total',
  help: 'Short-link lookups answered from memory (hit) or from the database (miss).',
  labelNames: ['result'] as const,
  registers,
});

export const linkCacheInvalidations = new Counter({
  name: 'shelflink_link_cache_invalidations_total',
  help: 'Cached links forgotten after an edit: one link, or every link of an owner.',
  labelNames: ['scope'] as const,
  registers,
});

interface PoolFigures {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The PostgreSQL pools of this process; the embedded database has none. */
const pools = new Set<PoolFigures>();

new Gauge({
  name: 'shelflink_database_pool_connections',
  help: 'PostgreSQL pool connections: open, idle, and requests waiting for one.',
  labelNames: ['state'] as const,
  registers,
  collect() {
    let [open, idle, waiting] = [0, 0, 0];
    for (const pool of pools) {
      open += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'open' }, open);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

/** Reports a pool's figures until the returned function is called. */
export function trackDatabasePool(pool: PoolFigures): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

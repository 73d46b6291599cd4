import type { Clock } from '../clock';

/**
 * A bounded in-memory cache whose entries expire. A read moves its entry to the back of the
 * Map's insertion order, so the entry dropped when the cache is full is the least recently used.
 */
export class ExpiringCache<Value> {
  private readonly entries = new Map<string, { value: Value; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly clock: Clock,
  ) {}

  /** The cached value wrapped, so that a cached `null` differs from a miss. */
  get(key: string): { value: Value } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.clock.now().getTime()) return undefined;
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, value: Value, ttlMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.clock.now().getTime() + ttlMs });
    const oldest = this.entries.keys().next().value;
    if (this.entries.size > this.maxEntries && oldest !== undefined) this.entries.delete(oldest);
  }
}

import { describe, expect, test, vi } from 'vitest';
import { loadOnce } from '@/lib/later/load-once';

describe('loadOnce', () => {
  test('callers share one load', async () => {
    const load = vi.fn(() => Promise.resolve({ answer: 42 }));
    const loadModule = loadOnce(load);
    const [first, second] = await Promise.all([loadModule(), loadModule()]);
    expect(first).toBe(second);
    expect(await loadModule()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a failed load is tried again on the next call', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce('module');
    const loadModule = loadOnce(load);
    await expect(loadModule()).rejects.toThrow('network');
    await expect(loadModule()).resolves.toBe('module');
    await expect(loadModule()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

import { afterEach, describe, expect, test, vi } from 'vitest';
import { nextIdlePeriod, whenIdle } from '@/lib/later/idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  test('asks for an idle period, with a deadline for a page that stays busy', () => {
    const requestIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const task = vi.fn();

    whenIdle(task);

    expect(requestIdleCallback.mock.calls).toEqual([[task, { timeout: 2000 }]]);
    expect(task).not.toHaveBeenCalled();
  });

  test('falls back to a timer where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    expect('requestIdleCallback' in window).toBe(false);
    const task = vi.fn();

    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
  });
});

describe('nextIdlePeriod', () => {
  test('resolves only once the idle period comes', async () => {
    const idleCallbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    let resolved = false;

    const idle = nextIdlePeriod().then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);

    idleCallbacks.shift()?.();
    await idle;
    expect(resolved).toBe(true);
  });
});

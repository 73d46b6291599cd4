import { afterEach, describe, expect, test, vi } from 'vitest';
import { firstNavigation, type AppRouter } from '@/app/router';

function routerWhoseLoad(load: () => Promise<void>, defaultPendingMs?: number): AppRouter {
  return { load, options: { defaultPendingMs } } as unknown as AppRouter;
}

async function settledWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('firstNavigation', () => {
  test('settles with the navigation', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    const navigation = firstNavigation(
      routerWhoseLoad(
        () =>
          new Promise<void>((resolve) => {
            finish = resolve;
          }),
      ),
    );
    expect(await settledWithin(navigation, 200)).toBe(false);

    finish();

    expect(await settledWithin(navigation, 0)).toBe(true);
  });

  test('gives up waiting when the router would show its pending screen', async () => {
    vi.useFakeTimers();
    const navigation = firstNavigation(routerWhoseLoad(() => new Promise<void>(() => undefined)));

    expect(await settledWithin(navigation, 999)).toBe(false);
    expect(await settledWithin(navigation, 1)).toBe(true);
  });

  test("follows the router's own pending delay", async () => {
    vi.useFakeTimers();
    const navigation = firstNavigation(
      routerWhoseLoad(() => new Promise<void>(() => undefined), 300),
    );

    expect(await settledWithin(navigation, 300)).toBe(true);
  });

  test('a failed navigation does not hold the render', async () => {
    vi.useFakeTimers();
    const navigation = firstNavigation(routerWhoseLoad(() => Promise.reject(new Error('down'))));

    expect(await settledWithin(navigation, 0)).toBe(true);
  });
});

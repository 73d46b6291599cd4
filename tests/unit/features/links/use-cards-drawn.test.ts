import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { useCardsDrawn } from '@/features/links/use-cards-drawn';

let idleCallbacks: (() => void)[];

beforeEach(() => {
  idleCallbacks = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function nextIdlePeriod() {
  act(() => {
    idleCallbacks.shift()?.();
  });
}

test('draws the first cards, then a batch more in each idle period, up to the total', () => {
  const { result } = renderHook(() => useCardsDrawn(20, 5, 3));
  expect(result.current).toBe(5);

  const counts: number[] = [];
  while (idleCallbacks.length > 0) {
    nextIdlePeriod();
    counts.push(result.current);
  }
  expect(counts).toEqual([8, 11, 14, 17, 20]);
});

test('a short list is drawn whole at once, and asks for no idle period', () => {
  const { result } = renderHook(() => useCardsDrawn(3, 5, 3));
  expect(result.current).toBe(3);
  expect(idleCallbacks).toHaveLength(0);
});

test('a list that grows is drawn on from where it was', () => {
  const { result, rerender } = renderHook(({ total }) => useCardsDrawn(total, 5, 3), {
    initialProps: { total: 6 },
  });
  nextIdlePeriod();
  expect(result.current).toBe(6);
  expect(idleCallbacks).toHaveLength(0);

  rerender({ total: 20 });
  expect(result.current).toBe(8);
  nextIdlePeriod();
  expect(result.current).toBe(11);
});

test('an idle period after unmounting changes nothing', () => {
  const { result, unmount } = renderHook(() => useCardsDrawn(20, 5, 3));
  unmount();
  nextIdlePeriod();
  expect(result.current).toBe(5);
});

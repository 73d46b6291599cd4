import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  useRouter,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  afterFirstPaint,
  inIdlePeriods,
  isFirstScreenPainted,
} from '@/lib/later/after-first-paint';
import { useFirstScreenPainted } from '@/lib/later/use-first-screen-painted';

function PaintState() {
  return <p>{useFirstScreenPainted(useRouter()) ? 'painted' : 'on its way'}</p>;
}

function createHeldRouter() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const rootRoute = createRootRoute({
    beforeLoad: () => held,
    component: () => (
      <>
        <h1>First screen</h1>
        <PaintState />
      </>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    context: { queryClient: new QueryClient() },
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return { router, release };
}

describe('afterFirstPaint', () => {
  test('waits for the first screen to render, then for a frame', async () => {
    const { router, release } = createHeldRouter();
    let painted = false;
    void afterFirstPaint(router).then(() => {
      painted = true;
    });
    render(<RouterProvider router={router} />);

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(painted).toBe(false);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();

    release();
    await screen.findByRole('heading', { name: 'First screen' });
    await afterFirstPaint(router);
    expect(painted).toBe(true);
  });

  test('resolves at once (after a frame) when the first screen is already up', async () => {
    const { router, release } = createHeldRouter();
    release();
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'First screen' });
    await expect(afterFirstPaint(router)).resolves.toBeUndefined();
  });

  test('useFirstScreenPainted turns true once, and starts true for screens rendered later', async () => {
    const { router, release } = createHeldRouter();
    expect(isFirstScreenPainted(router)).toBe(false);
    release();
    const { unmount } = render(<RouterProvider router={router} />);
    expect(await screen.findByText('on its way')).toBeInTheDocument();
    expect(await screen.findByText('painted')).toBeInTheDocument();
    expect(isFirstScreenPainted(router)).toBe(true);

    unmount();
    render(<RouterProvider router={router} />);
    // No placeholder render first: the state starts out painted.
    expect(screen.getByText('painted')).toBeInTheDocument();
  });

  describe('in a browser that reports paints', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    test('waits until the first contentful paint has been reported', async () => {
      const observers: ((names: string[]) => void)[] = [];
      class PaintObserver {
        static supportedEntryTypes = ['paint'];
        constructor(private readonly callback: (list: unknown) => void) {}
        observe() {
          observers.push((names) => {
            this.callback({
              getEntriesByName: (wanted: string) => names.filter((name) => name === wanted),
            });
          });
        }
        disconnect() {
          observers.length = 0;
        }
      }
      vi.stubGlobal('PerformanceObserver', PaintObserver);
      const { router, release } = createHeldRouter();
      release();
      render(<RouterProvider router={router} />);
      await screen.findByRole('heading', { name: 'First screen' });
      let painted = false;
      void afterFirstPaint(router).then(() => {
        painted = true;
      });

      observers[0]?.(['first-paint']);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(painted).toBe(false);

      observers[0]?.(['first-contentful-paint']);
      await afterFirstPaint(router);
      expect(painted).toBe(true);
      expect(observers).toHaveLength(0);
    });
  });
});

describe('inIdlePeriods', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test('runs each task in an idle period of its own, in order', () => {
    const idleCallbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    const ran: string[] = [];

    inIdlePeriods([
      () => ran.push('analytics'),
      () => ran.push('errors'),
      () => ran.push('banner'),
    ]);
    expect(ran).toEqual([]);

    for (const expected of [['analytics'], ['analytics', 'errors']]) {
      idleCallbacks.shift()?.();
      expect(ran).toEqual(expected);
      expect(idleCallbacks).toHaveLength(1);
    }
    idleCallbacks.shift()?.();
    expect(ran).toEqual(['analytics', 'errors', 'banner']);
    expect(idleCallbacks).toHaveLength(0);
  });
});

import type { AnyRouter } from '@tanstack/react-router';
import { whenIdle } from './idle';
import { afterNextPaint } from '@/lib/next-paint';

const firstPaints = new WeakMap<AnyRouter, Promise<void>>();
const paintedRouters = new WeakSet<AnyRouter>();

/** Should the first navigation never report that it rendered, deferred code loads after this. */
const FIRST_PAINT_FALLBACK_MS = 5000;

/**
 * Runs each task in an idle period of its own, one after the other, so that work deferred past
 * the first paint never piles up into one long task that would hold up a tap.
 */
export function inIdlePeriods(tasks: (() => void)[]): void {
  const [task, ...rest] = tasks;
  if (!task) return;
  whenIdle(() => {
    task();
    inIdlePeriods(rest);
  });
}

/**
 * Resolves once the browser reports its first contentful paint. A frame callback alone comes too
 * early: the paint it precedes can take another layout and a raster, and whatever starts
 * loading meanwhile competes with that paint. Browsers without paint timing resolve at once.
 */
function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

function firstRender(router: AnyRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.resolvedLocation) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe('onRendered', () => {
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Resolves once the router's first screen is on the glass: its first navigation has rendered and
 * the browser has painted it. Code the first screen does not show (the notification layer, the
 * signed-in avatar image, the link editor) starts loading then, so it never delays the first
 * paint nor counts towards it.
 */
export function afterFirstPaint(router: AnyRouter): Promise<void> {
  let painted = firstPaints.get(router);
  if (!painted) {
    const shown = Promise.all([firstRender(router), firstContentfulPaint()]);
    const fallback = new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_FALLBACK_MS));
    painted = Promise.race([shown, fallback])
      .then(
        () =>
          new Promise<void>((resolve) => {
            afterNextPaint(resolve);
          }),
      )
      .then(() => {
        paintedRouters.add(router);
      });
    firstPaints.set(router, painted);
  }
  return painted;
}

/** Whether `afterFirstPaint` has resolved: screens opened later render in full straight away. */
export function isFirstScreenPainted(router: AnyRouter): boolean {
  return paintedRouters.has(router);
}

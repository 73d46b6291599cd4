import type { AnyRouter } from '@tanstack/react-router';

const firstPaints = new WeakMap<AnyRouter, Promise<void>>();

/** Should the first navigation never report that it rendered, deferred code loads after this. */
const FIRST_PAINT_FALLBACK_MS = 5000;

/**
 * Runs each task in an idle period of its own, one after the other, so that work deferred past
 * the first paint never piles up into one long task that would hold up a tap.
 */
export function inIdlePeriods(tasks: (() => void)[]): void {
  const [task, ...rest] = tasks;
  if (!task) return;
  const run = () => {
    task();
    inIdlePeriods(rest);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 1);
}

/** Runs `task` once the frame being prepared has been painted: a frame, then a task. */
export function afterNextPaint(task: () => void): void {
  requestAnimationFrame(() => {
    setTimeout(task, 0);
  });
}

/**
 * Resolves once the router's first screen is on the glass: its first navigation has rendered and
 * a frame has been painted since. Code the first screen does not show (the notification layer,
 * the signed-in avatar image, the link editor) starts loading then, so it never delays the
 * first paint nor counts towards it.
 */
export function afterFirstPaint(router: AnyRouter): Promise<void> {
  let painted = firstPaints.get(router);
  if (!painted) {
    painted = new Promise<void>((resolve) => {
      if (router.state.resolvedLocation) {
        afterNextPaint(resolve);
        return;
      }
      const fallback = setTimeout(() => {
        afterNextPaint(resolve);
      }, FIRST_PAINT_FALLBACK_MS);
      const unsubscribe = router.subscribe('onRendered', () => {
        unsubscribe();
        clearTimeout(fallback);
        afterNextPaint(resolve);
      });
    });
    firstPaints.set(router, painted);
  }
  return painted;
}

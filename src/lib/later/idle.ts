/**
 * Calls `task` in the browser's next idle period, or after two seconds where the page stays busy
 * (and soon after, in browsers without idle callbacks).
 */
export function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 1);
}

/**
 * Resolves in the next idle period. Loading a module and starting it are two pieces of work; an
 * `await` of this between them puts them in tasks of their own, neither of them long.
 */
export function nextIdlePeriod(): Promise<void> {
  return new Promise((resolve) => {
    whenIdle(resolve);
  });
}

/**
 * Calls `task` in the browser's next idle period, or after at most `timeout` ms where the page
 * stays busy (and soon after, in browsers without idle callbacks).
 */
export function whenIdle(task: () => void, timeout = 2000): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout });
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

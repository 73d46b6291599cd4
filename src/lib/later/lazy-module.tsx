import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { loadOnce } from './load-once';

/**
 * Code a screen loads later than its first paint: a dialog, a menu, the link editor. Its dynamic
 * import makes it a chunk of its own. Every place that loads the module goes through `load`, so
 * they share one request, and a failed one is tried again on the next call (a chunk may have
 * failed on a flaky network).
 */
export interface LazyModule<Module> {
  /** Loads the module; every caller shares one request. */
  load: () => Promise<Module>;
  /** Starts loading ahead of need (a pointer over a button, an earlier step); never reports. */
  preload: () => void;
  /**
   * One of the module's components, rendered in place once loaded; until then `fallback`, which
   * should hold the component's place at its size.
   */
  component: <Props extends object>(
    pick: (module: Module) => ComponentType<Props>,
    fallback: ReactNode,
  ) => ComponentType<Props>;
}

/** `lazyModule(() => import('./link-dialogs'))`: the one way a module loads later. */
export function lazyModule<Module>(importModule: () => Promise<Module>): LazyModule<Module> {
  const load = loadOnce(importModule);
  return {
    load,
    preload: () => {
      load().catch(() => undefined);
    },
    component: <Props extends object>(
      pick: (module: Module) => ComponentType<Props>,
      fallback: ReactNode,
    ) => {
      const Loaded = lazy(() => load().then((module) => ({ default: pick(module) })));
      return function LazyComponent(props: Props) {
        return (
          <Suspense fallback={fallback}>
            <Loaded {...(props as Props & React.JSX.IntrinsicAttributes)} />
          </Suspense>
        );
      };
    },
  };
}

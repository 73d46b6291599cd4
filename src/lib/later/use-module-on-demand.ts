import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { reportUncaughtError } from '@/lib/error-reporting';

/**
 * A module a screen renders only once it is wanted, such as a dialog or a menu, whose code would
 * otherwise delay the screen's first paint. `load` is a `lazyModule`'s: one request shared by
 * every caller, a failure forgotten. `warmUp` and `request` keep their identity from render to
 * render, so handlers built on them can be passed to memoised components.
 */
export function useModuleOnDemand<Module>(load: () => Promise<Module>): {
  /** The module, from the render after `request` has loaded it. */
  loaded: Module | undefined;
  /** Starts loading ahead of need (a pointer over a button, its focus); never reports. */
  warmUp: () => void;
  /**
   * Loads the module and renders it; `then` runs in that same render. A failure is reported and
   * told to the user, and the next request tries again.
   */
  request: (then?: () => void) => void;
} {
  const [loaded, setLoaded] = useState<Module>();
  const warmUp = useCallback(() => {
    load().catch(() => undefined);
  }, [load]);
  const request = useCallback(
    (then?: () => void) => {
      load().then(
        (module) => {
          setLoaded(() => module);
          then?.();
        },
        (error: unknown) => {
          reportUncaughtError(error);
          notifications.show({
            color: 'red',
            title: 'That did not open',
            message: 'Part of the page could not be loaded. Check your connection and try again.',
          });
        },
      );
    },
    [load],
  );
  return { loaded, warmUp, request };
}

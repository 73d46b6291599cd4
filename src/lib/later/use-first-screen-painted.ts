import type { AnyRouter } from '@tanstack/react-router';
import { startTransition, useEffect, useState } from 'react';
import { afterFirstPaint, isFirstScreenPainted } from './after-first-paint';

/**
 * False while the app's first screen is on its way to the glass, then true for good, in a render
 * that gives way to input. A part that can wait (the notification layer, an image from another
 * host) renders nothing or its placeholder until then, so it neither delays that paint nor
 * competes with the page's own requests for it. Screens opened later start out true.
 */
export function useFirstScreenPainted(router: AnyRouter): boolean {
  const [painted, setPainted] = useState(() => isFirstScreenPainted(router));
  useEffect(() => {
    if (painted) return;
    let active = true;
    void afterFirstPaint(router).then(() => {
      if (!active) return;
      startTransition(() => {
        setPainted(true);
      });
    });
    return () => {
      active = false;
    };
  }, [router, painted]);
  return painted;
}

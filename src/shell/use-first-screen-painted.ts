import { useRouter } from '@tanstack/react-router';
import { startTransition, useEffect, useState } from 'react';
import { afterFirstPaint, isFirstScreenPainted } from './after-first-paint';

/**
 * False while the app's first screen is on its way to the glass, then true for good. A part that
 * can wait (an image from another host) renders its placeholder until then, so it neither delays
 * that paint nor competes with the page's own requests for it.
 */
export function useFirstScreenPainted(): boolean {
  const router = useRouter();
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

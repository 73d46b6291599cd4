import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/later/idle';

/**
 * How many of a list's `total` cards to draw: `first` with the list, then `batch` more in each
 * idle period after it. Drawing the cards below the fold a few at a time keeps every render and
 * layout of them short, so none holds up a tap or a scroll while the page settles.
 */
export function useCardsDrawn(total: number, first: number, batch: number): number {
  const [drawn, setDrawn] = useState(first);
  useEffect(() => {
    if (drawn >= total) return;
    let active = true;
    whenIdle(() => {
      if (!active) return;
      startTransition(() => {
        setDrawn((count) => count + batch);
      });
    });
    return () => {
      active = false;
    };
  }, [drawn, total, batch]);
  return Math.min(drawn, total);
}

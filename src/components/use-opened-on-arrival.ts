import { useEffect, useRef, useState } from 'react';

/**
 * For a menu rendered in place of a plain trigger the user has just activated: the menu's own
 * trigger takes the focus, then, on the next frame, the menu opens. Mantine notes the focused
 * element only when a menu opens after it mounted, so this order makes it move the focus into
 * the menu and back to the trigger on close.
 */
export function useOpenedOnArrival() {
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    trigger.current?.focus({ preventScroll: true });
    const frame = requestAnimationFrame(() => {
      setOpened(true);
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, []);
  return { opened, setOpened, trigger };
}

import { useEffect, useRef, useState } from 'react';

/**
 * For a Mantine menu rendered in place of a plain trigger the user has just activated: the menu's
 * own trigger takes the focus, then, on the next frame, the menu opens. Mantine notes the focused
 * element only when a menu opens after it mounted, so this order makes it move the focus into
 * the menu and back to the trigger on close.
 */
export function useMenuOpenedOnArrival() {
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
  return {
    trigger,
    /** The `Menu`'s props. */
    menuProps: {
      opened,
      onChange: setOpened,
      // Without Mantine's focus placeholder an opened menu puts focus on its first item, as in
      // the WAI-ARIA menu button pattern; the placeholder is a focusable child a menu may not
      // contain.
      withInitialFocusPlaceholder: false,
    },
  };
}

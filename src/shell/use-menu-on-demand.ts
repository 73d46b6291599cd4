import { useState } from 'react';
import { loadOnce } from '@/lib/load-once';

const loadHeaderMenus = loadOnce(() => import('./header-menus'));
type HeaderMenus = Awaited<ReturnType<typeof loadHeaderMenus>>;

/** What a menu trigger needs before its menu has loaded: a plain menu button. */
export interface OnDemandTriggerProps {
  'aria-haspopup': 'menu';
  'aria-expanded': false;
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
}

/**
 * A header menu whose code (Mantine's Menu, Popover and floating-ui) stays out of the first
 * screen. Until the trigger is activated it is a plain button: pointing at it or focusing it
 * starts loading the menu's module, and activating it (click, Enter or Space) renders the
 * loaded menu in its place, which takes over the focus and opens (`loaded` is then set).
 *
 * The swap happens only on activation, never while a pointer may be half-way through a click.
 */
export function useMenuOnDemand(): {
  loaded: HeaderMenus | undefined;
  triggerProps: OnDemandTriggerProps;
} {
  const [loaded, setLoaded] = useState<HeaderMenus>();
  const preload = () => {
    // Only a warm-up: a failure is reported when the trigger is activated.
    loadHeaderMenus().catch(() => undefined);
  };
  const open = () => {
    void loadHeaderMenus().then(setLoaded);
  };

  return {
    loaded,
    triggerProps: {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: open,
    },
  };
}

import { useModuleOnDemand } from './use-module-on-demand';

/** What a menu trigger needs before its menu has loaded: a plain menu button. */
interface OnDemandTriggerProps {
  'aria-haspopup': 'menu';
  'aria-expanded': false;
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
}

/**
 * A menu whose code (Mantine's Menu, Popover and floating-ui) stays out of the screen's first
 * paint. Until the trigger is activated it is a plain button: pointing at it or focusing it
 * starts loading the menu's module, and activating it (click, Enter or Space) renders the
 * loaded menu in its place, which takes over the focus and opens (`loaded` is then set).
 *
 * The swap happens only on activation, never while a pointer may be half-way through a click.
 */
export function useMenuOnDemand<Module>(load: () => Promise<Module>): {
  loaded: Module | undefined;
  triggerProps: OnDemandTriggerProps;
} {
  const { loaded, warmUp, request } = useModuleOnDemand(load);
  return {
    loaded,
    triggerProps: {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: warmUp,
      onFocus: warmUp,
      onClick: () => {
        request();
      },
    },
  };
}

import { useMenuOnDemand } from '@/lib/later/use-menu-on-demand';
import { lazyModule } from '@/lib/later/lazy-module';
import { LinkActionsButton } from './link-actions-button';
import type { LinkActionsProps } from './link-actions-menu';

const linkActionsMenu = lazyModule(() => import('./link-actions-menu'));

/**
 * A link's actions, in its card or its row. The button is a plain button until it is first used:
 * a page of twenty links then renders no menus, and the menu's code (Mantine's Menu and
 * floating-ui) loads only when an author points at, focuses or presses one of them. The menu,
 * rendered on that first use, opens at once.
 */
export function LinkActions(props: LinkActionsProps) {
  const { loaded, triggerProps } = useMenuOnDemand(linkActionsMenu.load);
  if (loaded) return <loaded.LinkActionsMenu {...props} />;
  return <LinkActionsButton link={props.link} {...triggerProps} />;
}
